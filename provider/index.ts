// pulumi-hosting: the Server and Webhook resources and the catalogue lookups. Re-exports only.
export { Server, type ServerArgs, type ServerInputs, type ServerOutputs, type PowerState } from "./server/resource";
export { Webhook, type WebhookArgs, type WebhookInputs, type WebhookOutputs } from "./webhook/resource";
export * from "./functions";
export type { Region, Plan, OsImage, Account, WebhookEvent } from "./api/types";
export { WEBHOOK_EVENTS } from "./api/types";
