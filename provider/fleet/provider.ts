// The implementation of `Fleet` both faces call (provider/dynamic/fleet.ts, the plugin's
// `hosting:index:Fleet`). A fleet is a room over provider/server/: every member is
// created, adopted, updated and deleted by the server core's functions (member-ops.ts).
//   check   check.ts: the definition, the rolling options, the catalogue; each member's spec
//   diff    plan.ts: per member key create/update/replace/delete; the Fleet itself is never
//           replaced (its members are rolled inside one update); preview.ts's detailed diff
//   create  adoptions (adopt.ts), then every member at once (roll.ts)
//   update  roll.ts: leftovers, deletes, updates, creates, then the rolling replacement
//   create and update first reconcile the account with the state (reconcile.ts: one list of the
//           servers carrying the fleet's tag, identity.ts): what a killed run made is reclaimed
//           by member key or deleted as a leftover, never made twice
//   read    read.ts: refresh (one shared list call) and import
//   delete  every member and leftover, and every unrecorded server with the fleet's tag, at once
//           (remove-all.ts: every DELETE, then one list)
// Each member's create, update and delete carries the fleet operation's context (the engine's
// Cancel and customTimeouts), and a pause between batches sleeps on its clock and ends on Cancel.
// The members' operations are the server core's unless the implementation is built with others
// (`fleetImpl`, for tests that fail a member on purpose).
// A failure after the API created or changed something is a ResourceInitFailedError carrying the
// fleet's outputs as they are (provider/server/resource-init-failed.ts), so the engine records every
// server the fleet holds; the next `up` resumes from there.

import { randomUUID } from "crypto";
import type * as pulumi from "@pulumi/pulumi";
import type { OperationContext } from "../core/context";
import type * as route from "../core/route";
import { withStateVersions } from "../core/state-version";
import { FLEET_STATE_VERSIONS } from "./upgrade";
import type { RawProps, ReadOutcome, Recorded } from "../core/route";
import { ResourceInitFailedError } from "../server/resource-init-failed";
import { adoptionsOf } from "./adopt";
import { checkFleet } from "./check";
import { recordMember, serverMemberOps, type MemberContext } from "./member-ops";
import { compareKeys } from "./members";
import { planHasChanges, planMembers, type MemberPlan } from "./plan";
import { describePlan, memberPaths } from "./preview";
import { plannedDiff, type DetailedDiff, type PlannedDiff } from "../core/detailed-diff";
import { readFleet } from "./read";
import { applyPlan, type FleetState, type RollResult } from "./roll";
import type { MemberOps } from "./member-failure";
import { removeAll } from "./remove-all";
import { countedOps, planTotals } from "./member-progress";
import { type FleetInputs, type FleetOutputs, type MemberSpec } from "./types";
import type { Server } from "../api/wire/types";
import { catalogue } from "../core/catalogue";
import { adoptionProblems } from "../server/adopt-check";
import { serverOutputs } from "../server/normalize";
import { fleetTagOf } from "./identity";
import { stackOf } from "../core/context";
import { reconcile, type Reconciliation } from "./reconcile";
import { serverInputsOf } from "./specs";

import { containsUnknown } from "../core/unknown";

/** The diff of a fleet: the engine's fields, the detailed diff and the plan it stands for. */
/** The one diff both faces send (core/detailed-diff.ts), with the plan in words beside it. */
export type FleetDiffResult = PlannedDiff & { plannedChanges: string[] };

const OPTIONS = ["maxSurge", "maxUnavailable", "pauseSeconds", "waitTimeoutSeconds", "ownerTag"] as const;

/** The members' operations of one fleet operation (the server core's: member-ops.ts). */
export type MemberOpsFactory = (member: MemberContext) => MemberOps;

export const check = checkFleet;

export async function diff(_id: string, olds: Recorded<FleetOutputs>, news: Recorded<FleetInputs>, ctx: OperationContext): Promise<FleetDiffResult> {
  // A group still unknown at preview (an output of another resource): the honest worst case.
  if (containsUnknown(news.groups) || containsUnknown(news.memberSpecs)) {
    return { ...plannedDiff({ groups: { kind: "update", replace: false } }), plannedChanges: ["unknown until the groups are known"] };
  }
  const plan = planMembers(olds.members ?? {}, news.memberSpecs ?? {}, olds.leftovers ?? {});
  const options = OPTIONS.filter((k) => news[k] !== undefined && JSON.stringify(news[k]) !== JSON.stringify(olds[k]));
  const changes = planHasChanges(plan) || options.length > 0;
  const plannedChanges = describePlan(plan, Math.max(1, news.maxSurge + news.maxUnavailable));
  // The dynamic host shows no detailed diff: the plan in words reaches both faces' output.
  const name = ctx.resource.name;
  if (plannedChanges.length > 0) ctx.log.warn(`Fleet ${name !== undefined ? `${name} ` : ""}plan: ${plannedChanges.join("; ")}`);
  // One path per member key; never a replace kind, which would make the engine replace the
  // whole Fleet: the roll replaces members inside one update.
  const paths: DetailedDiff = changes ? Object.fromEntries(Object.entries(memberPaths(plan, options)).map(([k, kind]) => [k, { kind, replace: false }])) : {};
  // The paths are under `memberSpecs`, an input only: old values come from the recorded inputs.
  return { ...plannedDiff(paths), inputDiff: true, plannedChanges };
}

export async function create(inputs: Recorded<FleetInputs>, ctx: OperationContext, memberOps: MemberOpsFactory = serverMemberOps): Promise<pulumi.dynamic.CreateResult<FleetOutputs>> {
  const id = `fleet-${randomUUID()}`;
  const specs = inputs.memberSpecs;
  const fleetTag = fleetTagFor(ctx);
  const adopt = await adoptionsOf(ctx.api, specs, inputs.adoptIds, inputs.adoptTag);
  const state: FleetState = { members: {}, leftovers: {} };
  const plan = planMembers({}, specs);
  // What a killed create of this fleet left: reclaimed by key (explicit adoptions win), the rest deleted.
  const { reclaim } = await reconcileWithAccount(ctx, state, plan, specs, fleetTag);
  const result = await run(ctx, state, plan, inputs, { ...reclaim, ...adopt }, memberOps({ ctx, fleetTag, generation: 0 }));
  const outs = outputsOf(inputs, state, fleetTag, 1);
  if (result.failures.length > 0) throw fleetError(id, outs, inputs.__provider, result, plan, "was created");
  return { id, outs };
}

export async function update(
  id: string, olds: Recorded<FleetOutputs>, news: Recorded<FleetInputs>, ctx: OperationContext, memberOps: MemberOpsFactory = serverMemberOps,
): Promise<pulumi.dynamic.UpdateResult<FleetOutputs>> {
  const state: FleetState = { members: { ...(olds.members ?? {}) }, leftovers: { ...(olds.leftovers ?? {}) } };
  // The tag the fleet's servers already carry, even after a rename; a fleet from before tags gets its own now.
  const fleetTag = olds.fleetTag ?? fleetTagFor(ctx);
  const generation = olds.generation ?? 0;
  const plan = planMembers(state.members, news.memberSpecs, state.leftovers);
  const { reclaim } = await reconcileWithAccount(ctx, state, plan, news.memberSpecs, fleetTag);
  const result = await run(ctx, state, plan, news, reclaim, memberOps({ ctx, fleetTag, fleetId: id, generation }));
  const outs = outputsOf(news, state, fleetTag, generation + 1);
  if (result.failures.length > 0) throw fleetError(id, outs, news.__provider, result, plan, "was updated");
  return { outs };
}

/**
 * One list of the servers carrying the fleet's tag, then reconcile.ts: the servers an
 * interrupted run made are reclaimed for the members that need one, and the others become
 * leftovers in `state` (and in `plan.leftovers`, so this run deletes them).
 */
async function reconcileWithAccount(
  ctx: OperationContext, state: FleetState, plan: MemberPlan, specs: Record<string, MemberSpec>, fleetTag: string | undefined,
): Promise<Reconciliation> {
  if (!fleetTag) return { reclaim: {}, strays: [] };
  const [cat, found] = await Promise.all([catalogue(ctx.api), fleetServers(ctx, fleetTag)]);
  const fits = (server: Server, spec: MemberSpec) => adoptionProblems(server.id, server, { ...serverInputsOf(spec) }, cat).length === 0;
  const needed = [...plan.create, ...plan.replace.map((r) => r.key)];
  const result = reconcile({ found, members: state.members, leftovers: state.leftovers, specs, needed, fits });
  for (const s of result.strays) state.leftovers[s.id] = recordMember(s.id, serverOutputs(s, {}, cat));
  const reclaimed = new Set(Object.values(result.reclaim));
  plan.leftovers = Object.keys(state.leftovers).filter((sid) => !reclaimed.has(sid)).sort();
  return result;
}

/** Every live server carrying the fleet's tag (one list call, paged). */
async function fleetServers(ctx: OperationContext, fleetTag: string | undefined): Promise<Server[]> {
  if (!fleetTag) return [];
  return (await ctx.api.listAllServers({ tag: fleetTag })).filter((s) => s.status !== "terminated");
}

/** The fleet's tag from what the engine knows of it: its stack (project/stack) and its name. */
function fleetTagFor(ctx: OperationContext): string | undefined {
  const stack = stackOf(ctx.resource);
  const name = ctx.resource.name;
  return stack !== undefined && name !== undefined ? fleetTagOf(stack, name) : undefined;
}

async function run(ctx: OperationContext, state: FleetState, plan: MemberPlan, ins: FleetInputs, adopt: Record<string, string>, ops: MemberOps): Promise<RollResult> {
  return applyPlan(state, plan, ins.memberSpecs, countedOps(ops, ctx.progress, planTotals(plan)), {
    maxSurge: ins.maxSurge, maxUnavailable: ins.maxUnavailable, pauseMs: ins.pauseSeconds * 1000, clock: ctx.clock, adopt, signal: ctx.signal, progress: ctx.progress,
  });
}

/**
 * The outputs for the state as it is. They leave out `memberSpecs`: each member's record says
 * what its server now is, and a second copy of every spec made the state 40 % larger and every
 * `up` of 1,000 members slower (bench/fleet/resource).
 */
function outputsOf(ins: FleetInputs, state: FleetState, fleetTag: string | undefined, generation: number): FleetOutputs {
  const { adoptIds: _a, adoptTag: _t, memberSpecs: _s, ...rest } = ins as FleetInputs & RawProps;
  delete (rest as RawProps).__provider;
  const keys = Object.keys(state.members).sort(compareKeys);
  return {
    ...(rest as Omit<FleetInputs, "memberSpecs">),
    members: Object.fromEntries(keys.map((k) => [k, state.members[k]])),
    leftovers: state.leftovers,
    ...(fleetTag ? { fleetTag } : {}),
    generation,
  };
}

/** The error that stops an `up`: which members failed and why, and what was done; the state is kept. */
function fleetError(id: string, outs: FleetOutputs, provider: unknown, result: RollResult, plan: MemberPlan, done: string): ResourceInitFailedError {
  const rolled = plan.replace.length > 0 ? `${result.replaced} of ${plan.replace.length} replacements done, the roll stopped there; ` : "";
  const next = `${rolled}every server the API created is recorded (members, leftovers): run \`pulumi up\` again to resume`;
  // The engine prints the reasons (not the message) of a partial create or update: the last one says what now.
  const reasons = [...result.failures.map((f) => f.message), next];
  const message = `fleet ${id} ${done} in part: ${reasons.join("; ")}`;
  const properties: RawProps = { ...outs };
  if (provider !== undefined) properties.__provider = provider;
  return new ResourceInitFailedError(message, id, properties, reasons);
}

export const read = (id: string, props: Recorded<FleetOutputs>, ctx: OperationContext): Promise<ReadOutcome<FleetInputs, FleetOutputs>> => readFleet(id, props, ctx);

async function destroy(_id: string, props: Recorded<FleetOutputs>, ctx: OperationContext, memberOps: MemberOpsFactory = serverMemberOps): Promise<void> {
  const all = new Map([...Object.entries(props.members ?? {}), ...Object.entries(props.leftovers ?? {})]);
  // A server of the fleet that no state recorded (an interrupted run's) goes too.
  const recorded = new Set([...all.values()].map((m) => m.id));
  for (const s of await fleetServers(ctx, props.fleetTag)) if (!recorded.has(s.id)) all.set(s.id, recordMember(s.id, { ...s, os: s.osSlug ?? "" }));
  const ops = memberOps({ ctx, fleetTag: props.fleetTag, generation: props.generation ?? 0 });
  const { failures } = await removeAll([...all.keys()], (key) => all.get(key)!, countedOps(ops, ctx.progress, { delete: all.size }));
  const failed = failures.map((f) => `${f.key}: ${f.reason}`);
  if (failed.length > 0) throw new Error(`fleet: ${failed.length} of ${all.size} servers could not be deleted (${failed.join("; ")}); run \`pulumi destroy\` again`);
}
export { destroy as delete };

/** The implementation with the members' operations `memberOps`; both faces call `impl`, the server core's. */
export function fleetImpl(memberOps: MemberOpsFactory = serverMemberOps): route.ProviderImpl<FleetInputs, FleetOutputs> {
  return withStateVersions({
    check, diff, read,
    create: (inputs, ctx) => create(inputs, ctx, memberOps),
    update: (id, olds, news, ctx) => update(id, olds, news, ctx, memberOps),
    delete: (id, props, ctx) => destroy(id, props, ctx, memberOps),
  }, FLEET_STATE_VERSIONS);
}

/** The implementation both faces call: the recorded state upgraded to today's version first (upgrade.ts). */
export const impl = fleetImpl();
