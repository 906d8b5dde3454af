// The implementation behind the serialized `Server` shell (provider/server/resource.ts):
// loaded by package name in the provider process, with the settings of that process.
// HTTP calls per method are listed at the top of provider/server/resource.ts.
//
// Idempotency: each create mints a random UUID and sends it as the Idempotency-Key; the
// client reuses it for every retry of that POST, so a lost answer is replayed, never doubled.
// It is deliberately not derived from the inputs: two identical servers in one stack must be
// two servers, and a create that failed must be free to run again.

import { randomUUID } from "crypto";
import type * as pulumi from "@pulumi/pulumi";
import type { CreateServerRequest, CreateServerResult, HostingApi, Server } from "../api/wire/types";
import { IncompleteCreateError } from "../api/http/errors";
import { SERVER_DEFAULTS, type ServerInputs, type ServerOutputs } from "./types";
import { catalogue } from "../core/catalogue";
import { api } from "../core/client";
import { apiTags, creatableInputs, declaredView, inputsFromOutputs, normalizeServerInputs, serverOutputs } from "./normalize";
import { PartialCreateError, partialCreate } from "./partial-create";
import * as route from "../core/route";
import { withStateVersions } from "../core/state-version";
import { SERVER_STATE_VERSIONS } from "./upgrade";
import { FLEET_TAG_PREFIX, fleetHolding } from "./fleet-held";
import { warn } from "../core/warnings";
import type { RawProps, ReadOutcome, Recorded } from "../core/route";
import { planServer, rebootTriggered } from "./plan";
import { REPLACE_ON_CHANGES_KEY, withReplaceOnChanges, type PlannedDiff } from "../core/detailed-diff";
import { applyPowerState, describeOutcome, rebootServer, waitUntilActive, waitUntilGone } from "./power";
import { waiterFor } from "../core/waiters";
import { CancelledError, cancellationSignal, waitBudget, type Operation, type WaitBudget } from "../core/operation";
import { validateServerCatalogue, validateServerForShape, validateServerShape } from "./validate";
import { adoptServer } from "./adopt";
import { checkAdoption } from "./adopt-check";
import { ownerTagToKeep, settleOwnerTag } from "./owner-tag";
import { systemTagsOf } from "./system-tags";

export { isUnknown } from "../core/unknown";

export async function check(olds: RawProps, news: RawProps): Promise<pulumi.dynamic.CheckResult<ServerInputs | RawProps>> {
  const failures = validateServerShape(news);
  const client = api();
  const cat = await catalogue(client);
  failures.push(...validateServerCatalogue(news, cat, failures));
  // The catalogue read above has told the client the deployment's shape: no extra call.
  const shape = await client.shape;
  failures.push(...validateServerForShape(news, shape, failures));
  if (failures.length > 0) return { inputs: news, failures };
  return checkAdoption(olds, news, settleOwnerTag(normalizeServerInputs(news, cat), news, shape), cat);
}

export async function diff(_id: string, olds: Recorded<ServerOutputs>, news: Recorded<ServerInputs>): Promise<PlannedDiff> {
  const needsCatalogue = news.osId === undefined || olds.osId === undefined;
  const planned = planServer(olds, news, needsCatalogue ? await catalogue(api()) : undefined);
  return withReplaceOnChanges(planned, news[REPLACE_ON_CHANGES_KEY]);
}

export async function create(inputs: Recorded<ServerInputs>, op: Operation = {}): Promise<pulumi.dynamic.CreateResult<ServerOutputs>> {
  if (typeof inputs.adoptId === "string") return adoptServer(inputs, inputs.adoptId, op);
  const signal = op.signal ?? cancellationSignal();
  const client = api();
  const cat = await catalogue(client);
  const ins = normalizeServerInputs(inputs, cat);
  const req: CreateServerRequest = {
    region: ins.region,
    plan: ins.plan,
    ...(ins.os ? { os: ins.os } : { osId: ins.osId }),
    label: ins.label,
    hostname: ins.hostname,
    tags: apiTags(ins, op.systemTags),
    sshKeyIds: ins.sshKeyIds,
    backups: ins.backups,
    ddosProtection: ins.ddosProtection,
    userData: ins.userData,
  };
  let created: CreateServerResult;
  try {
    // Cancelled before the POST went: nothing exists, a plain error. After its answer: a partial create below.
    created = await client.createServer(req, { idempotencyKey: op.idempotencyKey ?? randomUUID(), signal });
  } catch (e) {
    // POSTed, then a call that belongs to the create failed (shape B's tags): it exists.
    if (!(e instanceof IncompleteCreateError)) throw e;
    throw partialCreate(e.server.id, serverOutputs({ ...e.server, tags: [] }, ins, cat), inputs.__provider, [e.message]);
  }
  const { server, estimatedProvisioningMs } = created;
  const fail = (last: Server, reason: string) => partialCreate(server.id, serverOutputs(last, ins, cat), inputs.__provider, [reason]);
  try {
    const budget = waitBudget(ins.waitTimeoutSeconds, op);
    return { id: server.id, outs: serverOutputs(await settleNewServer(client, server, ins, estimatedProvisioningMs, fail, budget, signal), ins, cat) };
  } catch (e) {
    // The server exists from here on: whatever went wrong (a revoked key, an outage, the
    // engine's Cancel), it must reach the state, or it would be left behind.
    if (e instanceof PartialCreateError) throw e;
    const why = e instanceof Error ? e.message : String(e);
    // The engine prints the reasons alone: a cancelled one says which server is kept.
    throw fail(server, e instanceof CancelledError ? `server ${server.id} was created and is still provisioning; ${why}` : why);
  }
}

/** Waits for `active`, then stops the server when it is declared stopped, within one budget. */
async function settleNewServer(
  client: HostingApi, server: Server, ins: ServerInputs, estimateMs: number | undefined, fail: (last: Server, reason: string) => Error,
  budget: WaitBudget, signal: AbortSignal,
): Promise<Server> {
  const timeoutMs = budget.ms;
  const started = Date.now();
  const active = await waitUntilActive(client, server.id, timeoutMs, estimateMs, signal);
  if (active.outcome !== "done" || !active.server) throw fail(active.server ?? server, describeOutcome(server.id, active, "active", timeoutMs, budget.source));
  if (ins.powerState !== "stopped") return active.server;
  const left = Math.max(0, timeoutMs - (Date.now() - started));
  const stopped = await applyPowerState(client, active.server, "stopped", left, ins.stopMode, signal);
  if (stopped.outcome !== "done" || !stopped.server) throw fail(stopped.server ?? active.server, describeOutcome(server.id, stopped, "stopped", left, budget.source));
  return stopped.server;
}

export async function read(id: string, props: Recorded<ServerOutputs>): Promise<ReadOutcome<ServerInputs, ServerOutputs>> {
  const client = api();
  // The engine's Read (refresh): may come from the list an earlier Read of this run made.
  const server = await waiterFor(client).read(id, { snapshot: true });
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
  id: string, olds: Recorded<ServerOutputs>, news: Recorded<ServerInputs>, op: Operation = {},
): Promise<pulumi.dynamic.UpdateResult<ServerOutputs>> {
  const signal = op.signal ?? cancellationSignal();
  const client = api();
  const cat = await catalogue(client);
  const ins = normalizeServerInputs(news, cat);
  const { ms: timeoutMs, source } = waitBudget(ins.waitTimeoutSeconds, op);
  const fail = (last: Server, reason: string) =>
    partialCreate(id, serverOutputs(last, { ...declaredView(olds), ...ins }, cat), news.__provider, [reason], "was updated");
  let current = await waiterFor(client).read(id, { signal });
  if (!current) throw new Error(`server ${id} no longer exists; run \`pulumi refresh\` to drop it from the stack, then \`pulumi up\``);
  if (current.status === "pending" || current.status === "starting") {
    // Left provisioning by a create that timed out or was cancelled: give it another wait.
    const active = await waitUntilActive(client, id, timeoutMs, undefined, signal);
    if (active.outcome !== "done" || !active.server) throw fail(active.server ?? current, describeOutcome(id, active, "active", timeoutMs, source));
    current = active.server;
  }

  const ownerTag = ownerTagToKeep(ins.ownerTag, olds.ownerTag);
  const patch: { label?: string; tags?: string[] } = {};
  if (current.label !== ins.label) patch.label = ins.label;
  // The provider's own tags (a fleet member's identity) stay whatever the program says of `tags`.
  const wanted = apiTags({ tags: ins.tags, ownerTag }, systemTagsOf(current.tags));
  if (JSON.stringify([...new Set(current.tags ?? [])].sort()) !== JSON.stringify(wanted)) patch.tags = wanted;
  if (Object.keys(patch).length > 0) current = await client.updateServer(id, patch, { signal });

  const goal = ins.powerState === "stopped" ? "stopped" : "active";
  const power = await applyPowerState(client, current, ins.powerState, timeoutMs, ins.stopMode, signal);
  if (power.outcome !== "done" || !power.server) throw fail(power.server ?? current, describeOutcome(id, power, goal, timeoutMs, source));
  const settled = rebootTriggered(olds, ins) ? await rebootServer(client, power.server, timeoutMs, signal) : power;
  if (settled.outcome !== "done" || !settled.server) throw fail(settled.server ?? power.server, describeOutcome(id, settled, "active after reboot", timeoutMs, source));
  return { outs: serverOutputs(settled.server, { ...ins, ownerTag }, cat) };
}

async function destroy(id: string, props: Recorded<ServerOutputs>, op: Operation = {}): Promise<void> {
  // A Fleet of this stack that took the server over (fleet-held.ts) keeps it: no DELETE.
  const fleet = fleetHolding(await waiterFor(api()).read(id, { signal: op.signal ?? cancellationSignal() }), props.ownerTag);
  if (fleet) return warn(`server ${id} is a member of the fleet ${fleet.slice(FLEET_TAG_PREFIX.length)} now: the Server resource leaves the stack, the server stays with its fleet`);
  if (await sendDelete(id, op)) await confirmDeleted(id, props, op);
}

/** The first half of a delete: the DELETE itself; false when the server was already gone (404). */
export function sendDelete(id: string, op: Operation = {}): Promise<boolean> {
  return api().deleteServer(id, { signal: op.signal ?? cancellationSignal() });
}

/**
 * The second half: waits until the deleted server is no longer listed. `firstPollMs` (default
 * the waiter's `initialPollMs`) lets a caller that sent many DELETEs first, a fleet, poll at
 * once: its waits all start in one tick, so one list call answers every one of them.
 */
export async function confirmDeleted(id: string, props: Recorded<ServerOutputs>, op: Operation = {}, firstPollMs?: number): Promise<void> {
  const signal = op.signal ?? cancellationSignal();
  const waitSeconds = typeof props.waitTimeoutSeconds === "number" ? props.waitTimeoutSeconds : SERVER_DEFAULTS.waitTimeoutSeconds;
  const { ms: timeoutMs, source } = waitBudget(waitSeconds, op);
  const gone = await waitUntilGone(api(), id, timeoutMs, signal, firstPollMs);
  if (gone.outcome !== "done") {
    const bound = source ? ` (${source})` : "";
    throw new Error(`server ${id} was deleted but is still listed after ${timeoutMs / 1000} s${bound} (status ${gone.server?.status}); run \`pulumi destroy\` again`);
  }
}
export { destroy as delete };

/** The implementation both faces call: the recorded state upgraded to today's version first (upgrade.ts). */
export const impl: route.ProviderImpl<ServerInputs, ServerOutputs> = withStateVersions({ check, diff, create, read, update, delete: destroy }, SERVER_STATE_VERSIONS);

/** Entry of the serialized shell: configure, check, read, diff. */
export const observe = (args: unknown[]) => route.observe(impl, args);
/** Entry of the serialized shell: create, update, delete. */
export const change = (args: unknown[]) => route.change(impl, args);
