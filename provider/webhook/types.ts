// The types a `Webhook` and its provider share (see provider/server/types.ts for why here).

import type * as pulumi from "@pulumi/pulumi";
import type { WebhookEvent } from "../api/wire/types";

/** The arguments of a `Webhook`. */
export interface WebhookArgs {
  /** Public http(s) URL that receives the events. */
  url: pulumi.Input<string>;
  /** Event names, at least one of: server.created, server.deleted, server.status_changed,
   *  snapshot.completed, backup.completed, invoice.created, payment.processed. Order does not matter. */
  events: pulumi.Input<pulumi.Input<WebhookEvent>[]>;
  /** Signing secret; generated when not given (an empty string counts as not given). Always a secret. */
  secret?: pulumi.Input<string>;
}

/** The inputs after `check`: events sorted, secret filled in. */
export interface WebhookInputs {
  url: string;
  events: string[];
  secret: string;
}

/** The outputs of a `Webhook`. */
export interface WebhookOutputs extends WebhookInputs {
  createdAt: string;
}
