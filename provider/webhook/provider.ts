// The implementation of `Webhook` both faces call (provider/dynamic/webhook.ts, the plugin).
// Every field updates in place with one PATCH, so `diff` never asks for a replacement.
// Only POST /v1/webhooks is in the spec: a 404 from the list, update or delete endpoints is
// taken as "this deployment does not have it" and answered with a warning, not a failure.

import { randomBytes, randomUUID } from "crypto";
import type * as pulumi from "@pulumi/pulumi";
import type { HostingApi, Webhook } from "../api/wire/types";
import { isLoopback } from "../api/http/base-url";
import type { OperationContext } from "../core/context";
import { sortedSet } from "../core/sorted-set";
import type * as route from "../core/route";
import { withStateVersions } from "../core/state-version";
import { WEBHOOK_STATE_VERSIONS } from "./upgrade";
import type { RawProps, ReadOutcome, Recorded } from "../core/route";
import type { WebhookInputs, WebhookOutputs } from "./types";
import { containsUnknown, isUnknown } from "../core/unknown";
import { validateWebhook } from "./validate";
import { detailOf, plannedDiff, withReplaceOnChanges, type PlannedDiff } from "../core/detailed-diff";

type Patch = { url?: string; events?: string[]; secret?: string };


/** Whether the configured API is on loopback; false when it is not configured yet. */
function apiIsLoopback(ctx: OperationContext): boolean {
  const url = ctx.apiBaseUrl;
  return url !== undefined && isLoopback(new URL(url).hostname);
}

/** A new signing secret: 32 random bytes as hex. */
function generateSecret(): string {
  return randomBytes(32).toString("hex");
}

export async function check(olds: RawProps, news: RawProps, ctx: OperationContext): Promise<pulumi.dynamic.CheckResult<WebhookInputs | RawProps>> {
  const failures = validateWebhook(news, apiIsLoopback(ctx));
  if (failures.length > 0) return { inputs: news, failures };
  const given = typeof news.secret === "string" && news.secret !== "" ? news.secret : undefined;
  const kept = typeof olds.secret === "string" && olds.secret !== "" && !isUnknown(olds.secret) ? olds.secret : undefined;
  // A webhook that exists (olds name its url) with no secret recorded was imported: the API
  // keeps a secret it never returns, which its receivers know. Inventing one here would
  // replace it at the next `up`, so none is (""): the update then sends no secret at all.
  const exists = olds.url !== undefined && olds.url !== null;
  const secret = isUnknown(news.secret) ? news.secret : (given ?? kept ?? (exists ? "" : generateSecret()));
  // Vetted by validateWebhook above; at preview a value may still be the unknown sentinel.
  const inputs = { url: news.url as string, events: sortedSet(news.events) as string[], secret: secret as string };
  return { inputs };
}

export async function diff(_id: string, olds: Recorded<WebhookOutputs>, news: Recorded<WebhookInputs>, ctx: OperationContext): Promise<PlannedDiff> {
  const changed = (["url", "events", "secret"] as const).filter((k) => {
    if (containsUnknown(news[k])) return true;
    if (k === "secret" && (news.secret === undefined || news.secret === "")) return false;
    const [a, b] = k === "events" ? [sortedSet(olds.events ?? []), sortedSet(news.events ?? [])] : [olds[k], news[k]];
    return JSON.stringify(a) !== JSON.stringify(b);
  });
  // An imported webhook records `secret: ""` (the API never returns it): declaring one adds it.
  const recorded = { ...olds, secret: olds.secret === "" ? undefined : olds.secret };
  return withReplaceOnChanges(plannedDiff(detailOf(recorded, news, { updates: changed })), ctx.resource.replaceOnChanges);
}

export async function create(inputs: Recorded<WebhookInputs>, ctx: OperationContext): Promise<pulumi.dynamic.CreateResult<WebhookOutputs>> {
  const secret = inputs.secret || generateSecret();
  const signal = ctx.signal;
  const hook = await ctx.api.createWebhook({ url: inputs.url, events: sortedSet(inputs.events) as string[], secret }, { idempotencyKey: randomUUID(), signal });
  return { id: hook.id, outs: outputs(hook, secret) };
}

export async function read(id: string, props: Recorded<WebhookOutputs>, ctx: OperationContext): Promise<ReadOutcome<WebhookInputs, WebhookOutputs>> {
  const client = ctx.api;
  const hook = (await client.getWebhook(id)) ?? (await findInList(client, id));
  if (hook === "no-endpoint") {
    ctx.log.warn(`webhook ${id}: this API has no endpoint to read webhooks (GET /v1/webhooks answered 404); keeping the recorded state`);
    return { id, props, inputs: inputsOf(props) };
  }
  if (!hook) return { id: "" };
  const outs = outputs(hook, props.secret ?? "");
  // Nothing recorded: an import. The API never returns the secret, so the state records ""
  // (none known) and the program written from these inputs declares none; check then keeps
  // the API's stored secret untouched until the program declares the one its receivers use.
  if (props.url === undefined) return { id, props: outs, inputs: { url: outs.url, events: outs.events } };
  return { id, props: outs, inputs: inputsOf(outs) };
}

export async function update(
  id: string, olds: Recorded<WebhookOutputs>, news: Recorded<WebhookInputs>, ctx: OperationContext,
): Promise<pulumi.dynamic.UpdateResult<WebhookOutputs>> {
  const client = ctx.api;
  const patch: Patch = {};
  if (news.url !== olds.url) patch.url = news.url;
  if (JSON.stringify(sortedSet(news.events)) !== JSON.stringify(sortedSet(olds.events ?? []))) patch.events = sortedSet(news.events) as string[];
  if (news.secret && news.secret !== olds.secret) patch.secret = news.secret;
  if (Object.keys(patch).length === 0) return { outs: { ...olds, secret: news.secret || olds.secret } };
  try {
    const hook = await client.updateWebhook(id, patch, { signal: ctx.signal });
    return { outs: outputs(hook, news.secret || olds.secret) };
  } catch (e) {
    if (!isNotFound(e)) throw e;
    const listed = await findInList(client, id);
    if (listed !== "no-endpoint" && !listed) {
      throw new Error(`webhook ${id} no longer exists; run \`pulumi refresh\` to drop it from the stack, then \`pulumi up\` to register it again`);
    }
    ctx.log.warn(`webhook ${id}: this API has no endpoint to update webhooks (PATCH /v1/webhooks/${id} answered 404); ` +
      "the change was not applied and will show again in the next preview; to apply it, replace the webhook (`pulumi up --replace <urn>`)");
    return { outs: olds };
  }
}

/**
 * The outputs an update will report, for the plugin's Update at preview: the PATCH changes
 * exactly url, events and secret, all inputs; createdAt is the API's and no PATCH changes it.
 */
export function previewUpdate(olds: Recorded<WebhookOutputs>, news: Recorded<WebhookInputs>): WebhookOutputs {
  return { url: news.url, events: news.events, secret: news.secret || olds.secret, createdAt: olds.createdAt };
}

async function destroy(id: string, _props: Recorded<WebhookOutputs>, ctx: OperationContext): Promise<void> {
  const client = ctx.api;
  let existed: boolean;
  try {
    existed = await client.deleteWebhook(id, { signal: ctx.signal });
  } catch (e) {
    if (!isNotFound(e)) throw e;
    existed = false;
  }
  if (existed) return;
  const listed = await findInList(client, id);
  if (listed === "no-endpoint") {
    ctx.log.warn(`webhook ${id}: DELETE /v1/webhooks/${id} answered 404 and this API cannot list webhooks; ` +
      "if the registration still exists, remove it in the control panel");
  } else if (listed) {
    ctx.log.warn(`webhook ${id}: DELETE answered 404 but the webhook is still listed; this API has no endpoint to delete webhooks, remove it in the control panel`);
  }
}
export { destroy as delete };

/** The webhook from the list, undefined when not listed, "no-endpoint" when the list is a 404. */
async function findInList(client: HostingApi, id: string): Promise<Webhook | undefined | "no-endpoint"> {
  try {
    return (await client.listWebhooks()).find((h) => h.id === id);
  } catch (e) {
    if (isNotFound(e)) return "no-endpoint";
    throw e;
  }
}

function outputs(hook: Webhook, secret: string): WebhookOutputs {
  return { url: hook.url, events: [...new Set(hook.events)].sort(), secret, createdAt: hook.createdAt ?? "" };
}

function inputsOf(outs: WebhookOutputs): WebhookInputs {
  return { url: outs.url, events: outs.events, secret: outs.secret };
}

function isNotFound(e: unknown): boolean {
  return (e as { status?: number })?.status === 404;
}

/** The implementation both faces call: the recorded state upgraded to today's version first (upgrade.ts). */
export const impl: route.ProviderImpl<WebhookInputs, WebhookOutputs> = withStateVersions({ check, diff, create, read, update, delete: destroy }, WEBHOOK_STATE_VERSIONS);
