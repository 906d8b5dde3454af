// The implementation of `Server` both faces call (provider/dynamic/server.ts, the plugin), with
// each request's operation context (core/context.ts): its client, waiter, signal and time-out.
// HTTP calls per method are listed at the top of provider/server/resource.ts.
//
// Idempotency: each create mints a random UUID and sends it as the Idempotency-Key; the
// client reuses it for every retry of that POST, so a lost answer is replayed, never doubled.
// It is deliberately not derived from the inputs: two identical servers in one stack must be
// two servers, and a create that failed must be free to run again.

import { randomUUID } from "crypto";
import type * as pulumi from "@pulumi/pulumi";
import type { CreateServerRequest, CreateServerResult, Server } from "../api/wire/types";
import { IncompleteCreateError } from "../api/http/errors";
import { SERVER_DEFAULTS, type ServerInputs, type ServerOutputs } from "./types";
import { catalogue } from "../core/catalogue";
import { apiTags, creatableInputs, declaredView, inputsFromOutputs, normalizeServerInputs, serverOutputs } from "./normalize";
import { ResourceInitFailedError, notReady } from "./resource-init-failed";
import * as route from "../core/route";
import { withStateVersions } from "../core/state-version";
import { SERVER_STATE_VERSIONS } from "./upgrade";
import { FLEET_TAG_PREFIX, fleetHolding } from "./fleet-held";
import type { RawProps, ReadOutcome, Recorded } from "../core/route";
import { planServer, rebootTriggered } from "./plan";
import { withReplaceOnChanges, type PlannedDiff } from "../core/detailed-diff";
import { applyPowerState, describeOutcome, rebootServer, waitUntilActive, waitUntilGone } from "./power";
import { CancelledError, waitBudget, type WaitBudget } from "../core/operation";
import type { OperationContext } from "../core/context";
import { validateServerCatalogue, validateServerForShape, validateServerShape } from "./validate";
import { adoptServer } from "./adopt";
import { checkAdoption } from "./adopt-check";
import { ownerTagToKeep, settleOwnerTag } from "./owner-tag";
import { systemTagsOf } from "./system-tags";
import { labelAndTagsPatch } from "./label-tags-patch";


export async function check(olds: RawProps, news: RawProps, ctx: OperationContext): Promise<pulumi.dynamic.CheckResult<ServerInputs | RawProps>> {
  const failures = validateServerShape(news);
  const client = ctx.api;
  const cat = await catalogue(client);
  failures.push(...validateServerCatalogue(news, cat, failures));
  // The catalogue read above has told the client the deployment's shape: no extra call.
  const shape = await client.shape;
  failures.push(...validateServerForShape(news, shape, failures));
  if (failures.length > 0) return { inputs: news, failures };
  return checkAdoption(olds, news, settleOwnerTag(normalizeServerInputs(news, cat), news, shape, ctx.resource), cat, ctx);
}

export async function diff(_id: string, olds: Recorded<ServerOutputs>, news: Recorded<ServerInputs>, ctx: OperationContext): Promise<PlannedDiff> {
  const needsCatalogue = news.osId === undefined || olds.osId === undefined;
  const planned = planServer(olds, news, needsCatalogue ? await catalogue(ctx.api) : undefined);
  return withReplaceOnChanges(planned, ctx.resource.replaceOnChanges);
}

export async function create(inputs: Recorded<ServerInputs>, ctx: OperationContext): Promise<pulumi.dynamic.CreateResult<ServerOutputs>> {
  if (typeof inputs.adoptId === "string") return adoptServer(inputs, inputs.adoptId, ctx);
  const { signal, api: client } = ctx;
  const cat = await catalogue(client);
  const ins = normalizeServerInputs(inputs, cat);
  const req: CreateServerRequest = {
    region: ins.region,
    plan: ins.plan,
    ...(ins.os ? { os: ins.os } : { osId: ins.osId }),
    label: ins.label,
    hostname: ins.hostname,
    tags: apiTags(ins, ctx.systemTags),
    sshKeyIds: ins.sshKeyIds,
    backups: ins.backups,
    ddosProtection: ins.ddosProtection,
    userData: ins.userData,
    ...(ctx.pendingLabel !== undefined ? { pendingLabel: ctx.pendingLabel } : {}),
  };
  let created: CreateServerResult;
  try {
    // Cancelled before the POST went: nothing exists, a plain error. After its answer: a partial create below.
    created = await client.createServer(req, { idempotencyKey: ctx.idempotencyKey ?? randomUUID(), signal, heldElsewhere: ctx.heldElsewhere });
  } catch (e) {
    // POSTed, then a call that belongs to the create failed (shape B's tags): it exists.
    if (!(e instanceof IncompleteCreateError)) throw e;
    throw notReady(e.server.id, serverOutputs({ ...e.server, tags: [] }, ins, cat), inputs.__provider, [e.message]);
  } finally {
    ctx.postSettled?.();
  }
  const { server, estimatedProvisioningMs } = created;
  const fail = (last: Server, reason: string) => notReady(server.id, serverOutputs(last, ins, cat), inputs.__provider, [reason]);
  try {
    const budget = waitBudget(ins.waitTimeoutSeconds, ctx.timeout);
    return { id: server.id, outs: serverOutputs(await settleNewServer(ctx, server, ins, estimatedProvisioningMs, fail, budget), ins, cat) };
  } catch (e) {
    // The server exists from here on: whatever went wrong (a revoked key, an outage, the
    // engine's Cancel), it must reach the state, or it would be left behind.
    if (e instanceof ResourceInitFailedError) throw e;
    const why = e instanceof Error ? e.message : String(e);
    // The engine prints the reasons alone: a cancelled one says which server is kept.
    throw fail(server, e instanceof CancelledError ? `server ${server.id} was created and is still provisioning; ${why}` : why);
  }
}

/** Waits for `active`, then stops the server when it is declared stopped, within one budget. */
async function settleNewServer(
  ctx: OperationContext, server: Server, ins: ServerInputs, estimateMs: number | undefined, fail: (last: Server, reason: string) => Error,
  budget: WaitBudget,
): Promise<Server> {
  const timeoutMs = budget.ms;
  const started = ctx.clock.now();
  const active = await waitUntilActive(ctx, server.id, timeoutMs, estimateMs);
  if (active.outcome !== "done" || !active.server) throw fail(active.server ?? server, describeOutcome(server.id, active, "active", timeoutMs, budget.source));
  if (ins.powerState !== "stopped") return active.server;
  const left = Math.max(0, timeoutMs - (ctx.clock.now() - started));
  const stopped = await applyPowerState(ctx, active.server, "stopped", left, ins.stopMode);
  if (stopped.outcome !== "done" || !stopped.server) throw fail(stopped.server ?? active.server, describeOutcome(server.id, stopped, "stopped", left, budget.source));
  return stopped.server;
}

export async function read(id: string, props: Recorded<ServerOutputs>, ctx: OperationContext): Promise<ReadOutcome<ServerInputs, ServerOutputs>> {
  const client = ctx.api;
  // The engine's Read (refresh): may come from the list an earlier Read of this run made.
  const server = await ctx.waiter.read(id, { snapshot: true });
  if (!server) return { id: "" };
  const outs = serverOutputs(server, declaredView(props), await catalogue(client));
  if (props.region !== undefined) return { id, props: outs, inputs: inputsFromOutputs(outs) };
  // Nothing recorded: an import (`pulumi import`, Server.get). A server without an ownership
  // tag is imported as `ownerTag: ""`, so the program written from these inputs keeps it
  // untagged and its next preview shows no change.
  // The program written from them must pass check too: fields this deployment's create
  // request cannot take (hostname in shape B) are left out, as hosting-import leaves them out.
  // A hostname it does take (shape A) is written into the program, so it counts as declared.
  const inputs = creatableInputs(inputsFromOutputs({ ...outs, hostnameDeclared: true }), await client.shape);
  if (inputs.ownerTag === undefined) inputs.ownerTag = "";
  if (typeof inputs.hostname === "string") outs.hostnameDeclared = true;
  return { id, props: outs, inputs };
}

export async function update(
  id: string, olds: Recorded<ServerOutputs>, news: Recorded<ServerInputs>, ctx: OperationContext,
): Promise<pulumi.dynamic.UpdateResult<ServerOutputs>> {
  const { signal, api: client } = ctx;
  const cat = await catalogue(client);
  const ins = normalizeServerInputs(news, cat);
  const { ms: timeoutMs, source } = waitBudget(ins.waitTimeoutSeconds, ctx.timeout);
  const fail = (last: Server, reason: string) =>
    notReady(id, serverOutputs(last, { ...declaredView(olds), ...ins }, cat), news.__provider, [reason], "was updated");
  let current = await ctx.waiter.read(id, { signal });
  if (!current) throw new Error(`server ${id} no longer exists; run \`pulumi refresh\` to drop it from the stack, then \`pulumi up\``);
  if (current.status === "pending" || current.status === "starting") {
    // Left provisioning by a create that timed out or was cancelled: give it another wait.
    const active = await waitUntilActive(ctx, id, timeoutMs, undefined);
    if (active.outcome !== "done" || !active.server) throw fail(active.server ?? current, describeOutcome(id, active, "active", timeoutMs, source));
    current = active.server;
  }

  const ownerTag = ownerTagToKeep(ins.ownerTag, olds.ownerTag);
  // The provider's own tags (a fleet member's identity and owner) stay whatever the program says of `tags`.
  const patch = labelAndTagsPatch(current, { label: ins.label, tags: ins.tags, ownerTag }, systemTagsOf(current.tags));
  if (patch) current = await client.updateServer(id, patch, { signal });

  const goal = ins.powerState === "stopped" ? "stopped" : "active";
  const power = await applyPowerState(ctx, current, ins.powerState, timeoutMs, ins.stopMode);
  if (power.outcome !== "done" || !power.server) throw fail(power.server ?? current, describeOutcome(id, power, goal, timeoutMs, source));
  const settled = rebootTriggered(olds, ins) ? await rebootServer(ctx, power.server, timeoutMs) : power;
  if (settled.outcome !== "done" || !settled.server) throw fail(settled.server ?? power.server, describeOutcome(id, settled, "active after reboot", timeoutMs, source));
  return { outs: serverOutputs(settled.server, { ...ins, ownerTag }, cat) };
}

async function destroy(id: string, props: Recorded<ServerOutputs>, ctx: OperationContext): Promise<void> {
  // A Fleet of this stack that took the server over (fleet-held.ts) keeps it: no DELETE.
  const fleet = fleetHolding(await ctx.waiter.read(id, { signal: ctx.signal }), props.ownerTag);
  if (fleet) return ctx.log.warn(`server ${id} is a member of the fleet ${fleet.slice(FLEET_TAG_PREFIX.length)} now: the Server resource leaves the stack, the server stays with its fleet`);
  if (await sendDelete(id, ctx)) await confirmDeleted(id, props, ctx);
}

/** The first half of a delete: the DELETE itself; false when the server was already gone (404). */
export function sendDelete(id: string, ctx: OperationContext): Promise<boolean> {
  return ctx.api.deleteServer(id, { signal: ctx.signal });
}

/**
 * The second half: waits until the deleted server is no longer listed. `firstPollMs` (default
 * the waiter's `initialPollMs`) lets a caller that sent many DELETEs first, a fleet, poll at
 * once: its waits all start in one tick, so one list call answers every one of them.
 */
export async function confirmDeleted(id: string, props: Recorded<ServerOutputs>, ctx: OperationContext, firstPollMs?: number): Promise<void> {
  const waitSeconds = typeof props.waitTimeoutSeconds === "number" ? props.waitTimeoutSeconds : SERVER_DEFAULTS.waitTimeoutSeconds;
  const { ms: timeoutMs, source } = waitBudget(waitSeconds, ctx.timeout);
  const gone = await waitUntilGone(ctx, id, timeoutMs, firstPollMs);
  if (gone.outcome !== "done") {
    const bound = source ? ` (${source})` : "";
    throw new Error(`server ${id} was deleted but is still listed after ${timeoutMs / 1000} s${bound} (status ${gone.server?.status}); run \`pulumi destroy\` again`);
  }
}
export { destroy as delete };

/** The implementation both faces call: the recorded state upgraded to today's version first (upgrade.ts). */
export const impl: route.ProviderImpl<ServerInputs, ServerOutputs> = withStateVersions({ check, diff, create, read, update, delete: destroy }, SERVER_STATE_VERSIONS);
