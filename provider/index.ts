// pulumi-hosting: the Server, Fleet and Webhook resources and the catalogue lookups. Re-exports only, after the runtime check.
import { assertSupportedRuntime } from "./runtime-check";

// Before anything loads the SDK: a Node or SDK outside the tested lanes stops here with one message.
assertSupportedRuntime();
export { Server, type ServerArgs, type ServerInputs, type ServerOutputs, type PowerState } from "./server/resource";
export { Fleet, type FleetArgs, type FleetDefaults, type FleetGroup, type FleetMember } from "./fleet/resource";
export { checkFleetDefinition, type CheckedDefinition } from "./fleet/definition";
export { Webhook, type WebhookArgs, type WebhookInputs, type WebhookOutputs } from "./webhook/resource";
export * from "./functions";
export type { Region, Plan, OsImage, Account, WebhookEvent } from "./api/wire/types";
export { WEBHOOK_EVENTS } from "./api/wire/types";
