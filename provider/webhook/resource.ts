// A webhook registration: the API pushes the chosen events to `url`, signed with `secret`.
//   create  POST /v1/webhooks (with an Idempotency-Key)
//   read    GET /v1/webhooks/:id, falling back to GET /v1/webhooks
//   update  PATCH /v1/webhooks/:id (url, events, secret in place)
//   delete  DELETE /v1/webhooks/:id (404 counts as done)
// The spec shows only POST; when a deployment lacks the other endpoints (404 on list, update
// or delete) the provider warns and leaves state as it was instead of failing.
// The secret is generated (32 random bytes, hex) by `check` when not given, kept stable
// across updates, and is a secret input and output.

import * as pulumi from "@pulumi/pulumi";
import { assertInDeployment } from "../core/engine-context";
import { warnIfSecretsArePlain } from "../core/plain-secret-warning";
import { isolateEngineConnections } from "../core/engine-connections";
import { dynamicFacts, providerShell, shellCache } from "../core/shell";
import type { ResourceFacts } from "../core/context";
import type { WebhookEvent } from "../api/wire/types";
import type { WebhookArgs } from "./types";

export type { WebhookArgs, WebhookInputs, WebhookOutputs } from "./types";

// Serialized into state: two functions that load the implementation by package name.
/** The serialized provider of a `Webhook` with these facts (a thin shell over provider/webhook/provider.ts). */
export const webhookProvider = shellCache((facts: ResourceFacts) =>
  providerShell(
    (...a: unknown[]) => require("pulumi-hosting/internal/webhook").observe(a, facts),
    (...a: unknown[]) => require("pulumi-hosting/internal/webhook").change(a, facts),
  ),
);

// Before any run of this process opens its engine connections (engine-connections.ts).
isolateEngineConnections();

/** A webhook registration. `secret` is always a secret. */
export class Webhook extends pulumi.dynamic.Resource {
  // `declare`, not `!`: with target ES2022 (useDefineForClassFields) a `!` field would be
  // re-initialised to undefined after super() has set the Output.
  /** URL that receives the events. */
  declare public readonly url: pulumi.Output<string>;
  /** Subscribed event names, sorted. */
  declare public readonly events: pulumi.Output<WebhookEvent[]>;
  /** Signing secret (secret) for the X-Service-Signature header. */
  declare public readonly secret: pulumi.Output<string>;
  /** Registration time, ISO 8601 UTC (empty when the API does not say). */
  declare public readonly createdAt: pulumi.Output<string>;

  constructor(name: string, args: WebhookArgs, opts?: pulumi.CustomResourceOptions);
  /** Webhook.get's form: no arguments; `opts.id` names the webhook to read. */
  constructor(name: string, args: undefined, opts: pulumi.CustomResourceOptions & { id: pulumi.Input<pulumi.ID> });
  constructor(name: string, args: WebhookArgs | undefined, opts?: pulumi.CustomResourceOptions) {
    assertInDeployment("hosting:Webhook", name);
    // Here, in the program process: the provider process cannot tell (core/plain-secret-warning.ts).
    warnIfSecretsArePlain();
    const props: Record<string, unknown> = {
      url: args?.url,
      events: args?.events,
      // Always a secret input, even when empty: the engine then keeps the secret that
      // `check` generates marked as secret in the stored inputs too.
      secret: pulumi.secret(args?.secret ?? ""),
      createdAt: undefined,
    };
    // The host sends the engine no changed keys, so the engine cannot apply replaceOnChanges: the shell carries it.
    const facts = dynamicFacts(name, { withName: false, replaceOnChanges: opts?.replaceOnChanges }, { project: pulumi.getProject(), stack: pulumi.getStack() });
    const secretOutputs = [...new Set([...(opts?.additionalSecretOutputs ?? []), "secret"])];
    super(webhookProvider(facts), name, props, { ...opts, additionalSecretOutputs: secretOutputs }, "hosting", "Webhook");
  }

  /** Adopts an existing webhook by id (its secret cannot be read back and stays empty). */
  public static get(name: string, id: pulumi.Input<pulumi.ID>, opts?: pulumi.CustomResourceOptions): Webhook {
    return new Webhook(name, undefined, { ...opts, id });
  }
}
