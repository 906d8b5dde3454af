// The implementation of `Fleet` both faces call (provider/dynamic/fleet.ts, the plugin's
// `hosting:index:Fleet`): a room over provider/server/, every member created, adopted, updated
// and deleted by the server core's functions (server-member-ops.ts).
//   check check.ts; diff plan.ts and preview.ts (the Fleet itself is never replaced: its members
//   roll inside one update); create and update reconcile the account with the state first
//   (reconcile.ts, by the rule of ownership.ts), then apply the plan (health/rollout.ts over
//   roll.ts) and set the marks a run ends with (marks.ts); read read.ts; delete every member,
//   leftover and unrecorded server of the instance (remove-all.ts).
// A failure after the API created or changed something is a ResourceInitFailedError carrying the
// fleet's outputs as they are, so the engine records every server the fleet holds; the next `up`
// resumes from there. Each member's call carries the fleet operation's context (Cancel, time-out).

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
import { recordMember, serverMemberOps, type MemberContext } from "./server-member-ops";
import { compareKeys } from "./members";
import { planHasChanges, planMembers, type MemberPlan } from "./plan";
import { describePlan, memberPaths } from "./preview";
import { plannedDiff, type DetailedDiff, type PlannedDiff } from "../core/detailed-diff";
import { readFleet, specOfMember } from "./read";
import type { FleetState } from "./roll";
import { rollOut, type RolloutResult } from "./health/rollout";
import { healthChecksOf, rollbackOn } from "./health/rollout-inputs";
import { applyHold, canonicalJson, fingerprint, stillHeld, type Hold, type HeldRoll } from "./health/held-roll";
import { networkProber } from "./health/probe";
import { waitBudget } from "../core/operation";
import type { MemberOps } from "./member-ops";
import { removeAll } from "./remove-all";
import { countedOps, planTotals } from "./member-progress";
import { type FleetInputs, type FleetOutputs, type MemberSpec, type RecordedMember } from "./types";
import type { Server } from "../api/wire/types";
import { catalogue } from "../core/catalogue";
import { inServiceToReplace } from "./in-service";
import { adoptionProblems } from "../server/adopt-check";
import { serverOutputs } from "../server/normalize";
import { fleetTagFor, instanceOf, specMarkOf } from "./identity";
import { markImported } from "./imported";
import { createMayTake } from "./ownership";
import { pairUntagged, recordUnanswered, removeUntaken } from "./untagged";
import { importedOwners, interruptedTags, resourceServers, resourceTags, unrecordedServers, type ResourceServers } from "./unrecorded";
import { dropGoneMembers } from "./gone";
import { lastStepSignals, settleMarks } from "./marks";
import { reconcile, type Reconciliation } from "./reconcile";
import { serverInputsOf } from "./specs";

import { containsUnknown } from "../core/unknown";

/** The diff of a fleet: the engine's fields, the detailed diff and the plan it stands for. */
/** The one diff both faces send (core/detailed-diff.ts), with the plan in words beside it. */
export type FleetDiffResult = PlannedDiff & { plannedChanges: string[] };

const OPTIONS = ["maxSurge", "maxUnavailable", "pauseSeconds", "waitTimeoutSeconds", "ownerTag", "healthCheck", "rollback", "canary", "canaryPauseSeconds", "retryRoll"] as const;

/** The members' operations of one fleet operation (the server core's: server-member-ops.ts). */
export type MemberOpsFactory = (member: MemberContext) => MemberOps;

export const check = checkFleet;

export async function diff(_id: string, olds: Recorded<FleetOutputs>, news: Recorded<FleetInputs>, ctx: OperationContext): Promise<FleetDiffResult> {
  // A group still unknown at preview (an output of another resource): the honest worst case.
  if (containsUnknown(news.groups) || containsUnknown(news.memberSpecs)) {
    return { ...plannedDiff({ groups: { kind: "update", replace: false } }), plannedChanges: ["unknown until the groups are known"] };
  }
  // A killed create's servers that a refresh found (read.ts) are deleted like leftovers, unless taken.
  const plan = planMembers(olds.members ?? {}, news.memberSpecs ?? {}, { ...(olds.leftovers ?? {}), ...(olds.interrupted ?? {}) });
  const held = holdIfStill(plan, olds.heldRoll, news, olds.members ?? {});
  if (held) ctx.log.warn(`Fleet${ctx.resource.name !== undefined ? ` ${ctx.resource.name}` : ""}: ${held.words}`);
  const options = OPTIONS.filter((k) => news[k] !== undefined && canonicalJson(news[k]) !== canonicalJson(olds[k]));
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
  // The instance's identity, random: no other Fleet (a replacement, one of the same name) has it.
  const id = `fleet-${randomUUID()}`;
  const specs = inputs.memberSpecs;
  const fleetTag = fleetTagFor(ctx);
  const adopt = await adoptionsOf(ctx.api, specs, inputs.adoptIds, inputs.adoptTag);
  const state: FleetState = { members: {}, leftovers: {} };
  const plan = planMembers({}, specs);
  // What a killed create of this fleet left: reclaimed by key (explicit adoptions win), the rest
  // deleted; a live Fleet's servers (a replacement's create runs beside the old Fleet) are not touched.
  const scope = { instance: id, create: true, unmarked: false, replays: false, adopted: new Set(Object.keys(adopt)) };
  const { reclaim, found } = await reconcileWithAccount(ctx, state, plan, specs, fleetTag, scope);
  const takeOvers: TakeOvers = [];
  const lastSteps = lastStepSignals(ctx);
  const result = await run(ctx, state, plan, inputs, { ...reclaim, ...adopt }, memberOps({ ctx, fleetTag, instance: id, generation: 0, takeOvers, lastSteps }), []);
  warnTakeOvers(ctx, takeOvers);
  if (fleetTag && result.failures.length > 0) await recordUnanswered(ctx, fleetTag, state, lastSteps());
  if (fleetTag) await settleMarks(ctx, { instance: id, fleetTag, members: state.members, leftovers: state.leftovers, found, previous: new Set() }, lastSteps);
  const outs = outputsOf(inputs, state, fleetTag, fleetTag, 1, result.unproven);
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
  const instance = instanceOf(id);
  const previous = new Set(Object.values(state.members).map((m) => m.id));
  // A Fleet renamed by alias lists by the tag it kept and by its new name's (unrecorded.ts).
  const tags = resourceTags(olds, ctx);
  const listed = await resourceServers(ctx, tags, { instance, unmarked: true, importedOwners: importedOwners(state.members, instance), interruptedUnder: interruptedTags(olds, ctx) });
  // With no tag to list by (no stack facts), nothing was listed, and no member is read either.
  if (tags.length > 0) warnGone(ctx, await dropGoneMembers(ctx, state.members, listed.found));
  // An import's members become this instance's before anything is deleted (imported.ts).
  if (fleetTag) listed.found = await markImported(ctx, { instance, fleetTag, members: state.members, found: listed.found });
  // A killed update's server in service that the plan will replace is recorded as its member, so
  // the roll's batches take it out (in-service.ts); none in a steady `up`, and no request more.
  const inService = await inServiceToReplace(listed.claims, state.members, news.memberSpecs, () => catalogue(ctx.api));
  for (const [key, member] of Object.entries(inService)) {
    state.members[key] = member;
    delete state.leftovers[member.id];
  }
  const plan = planMembers(state.members, news.memberSpecs, state.leftovers);
  const held = holdIfStill(plan, olds.heldRoll, news, state.members);
  // While a roll is held, new members are made like the members it was rolled back to.
  const ins = held ? { ...news, memberSpecs: held.specs } : news;
  const scope = { instance, create: false, unmarked: true, replays: true, adopted: new Set<string>(), tags };
  const { reclaim, found, untagged } = await reconcileWithAccount(ctx, state, plan, ins.memberSpecs, fleetTag, scope, listed);
  const takeOvers: TakeOvers = [];
  // What this run takes over, by server id: a member's repeated POST answered with one of them makes anew.
  const heldFor = new Map(Object.entries(reclaim).map(([key, sid]) => [sid, key]));
  const lastSteps = lastStepSignals(ctx);
  const ops = memberOps({ ctx, fleetTag, instance, fleetId: id, generation, takeOvers, lastSteps, ...(heldFor.size > 0 ? { heldFor } : {}) });
  const result = await run(ctx, state, plan, ins, reclaim, ops, olds.unproven ?? []);
  if (untagged.length > 0 && !ctx.signal?.aborted) result.failures.push(...(await removeUntaken(untagged, state, ops)));
  warnTakeOvers(ctx, takeOvers);
  if (fleetTag) await settleMarks(ctx, { instance, fleetTag, members: state.members, leftovers: state.leftovers, found, previous }, lastSteps);
  const outs = outputsOf(news, state, fleetTag, fleetTagFor(ctx), generation + 1, result.unproven);
  // The name it runs under now, when not its first: a run killed under it tags by it.
  const formerTags = [...new Set([...(olds.formerTags ?? []), fleetTagFor(ctx)].filter((t): t is string => !!t && t !== fleetTag))].sort();
  if (formerTags.length > 0) outs.formerTags = formerTags;
  if (result.heldBack) {
    const checks = healthChecksOf(news.groups, news.healthCheck);
    outs.heldRoll = { ...result.heldBack, target: fingerprint(news, checks, result.heldBack.members) };
  } else if (held && olds.heldRoll) outs.heldRoll = olds.heldRoll;
  if (result.failures.length > 0) throw fleetError(id, outs, news.__provider, result, plan, "was updated");
  return { outs };
}

type TakeOvers = NonNullable<MemberContext["takeOvers"]>;

/** One warning naming the members whose recorded server was gone (gone.ts): the update makes them again. */
function warnGone(ctx: OperationContext, keys: readonly string[]): void {
  if (keys.length === 0) return;
  const name = ctx.resource.name !== undefined ? `Fleet ${ctx.resource.name}` : "the fleet";
  ctx.log.warn(`${name}: the server of ${keys.length === 1 ? "member" : "members"} ${keys.join(", ")} no longer exists (deleted by a killed run or outside Pulumi); this update makes ${keys.length === 1 ? "it" : "them"} again`);
}

/** One warning for every server the operation took over instead of creating, each named by its member. */
function warnTakeOvers(ctx: OperationContext, takeOvers: TakeOvers): void {
  if (takeOvers.length === 0) return;
  const name = ctx.resource.name !== undefined ? `Fleet ${ctx.resource.name}` : "the fleet";
  const each = [...takeOvers].sort((a, b) => compareKeys(a.key, b.key)).map((t) => `member ${t.key}: ${t.summary}`);
  ctx.log.warn(`${name} took over ${takeOvers.length} existing server${takeOvers.length === 1 ? "" : "s"} instead of creating them (no POST): ${each.join("; ")}`);
}

/** Which servers a reconciliation may take: this instance's, and whether unmarked ones count (ownership.ts). */
interface Scope {
  instance: string;
  /** A create's: what runs of the resource left is taken only as far as ownership.ts `createMayTake` allows. */
  create: boolean;
  unmarked: boolean;
  /** Whether the member creates' keys repeat a killed run's POSTs (an update's): untagged servers wait until after them (untagged.ts). */
  replays: boolean;
  /** Member keys an explicit adoption fills: no reclaim for them. */
  adopted: ReadonlySet<string>;
  /** The tags to list by (unrecorded.ts `resourceTags`). @default the fleet's tag */
  tags?: readonly string[];
}

/**
 * One list of the servers carrying the fleet's tag (or the update's, `listed`), then ownership.ts (what this instance may
 * take, by the servers' own tags) and reconcile.ts: the servers an interrupted run made are
 * reclaimed for the members that need one, and the others become leftovers in `state` (and in
 * `plan.leftovers`, so this run deletes them). A reclaimed server is recorded as a leftover until
 * its take-over succeeds (roll.ts), so a failed take-over never records it as the member.
 */
async function reconcileWithAccount(
  ctx: OperationContext, state: FleetState, plan: MemberPlan, specs: Record<string, MemberSpec>, fleetTag: string | undefined, scope: Scope,
  listed?: ResourceServers,
): Promise<Reconciliation & { found: Server[]; untagged: Server[] }> {
  const tags = scope.tags ?? (fleetTag ? [fleetTag] : []);
  if (tags.length === 0) return { reclaim: {}, strays: [], found: [], untagged: [] };
  const [cat, all] = await Promise.all([
    catalogue(ctx.api), listed ?? resourceServers(ctx, tags, { instance: scope.instance, unmarked: scope.unmarked, importedOwners: importedOwners(state.members, scope.instance), created: scope.create }),
  ]);
  const found = all.found;
  const { claims, untagged } = scope.create ? createMayTake(all.claims, all.untagged, found, scope.instance) : all;
  const owners = new Map(claims.map((c) => [c.server.id, c.owner]));
  // Region, plan and image are read from the API; the other replace-forcing fields only the spec mark proves.
  const fits = (server: Server, spec: MemberSpec) =>
    (server.tags ?? []).includes(specMarkOf(spec)) && adoptionProblems(server.id, server, { ...serverInputsOf(spec) }, cat).length === 0;
  const needed = [...plan.create, ...plan.replace.map((r) => r.key)].filter((k) => !scope.adopted.has(k));
  const result = reconcile({ found: claims.map((c) => c.server), members: state.members, leftovers: state.leftovers, specs, needed, fits });
  // What a killed run POSTed and never tagged (untagged.ts): taken over where it fits a member in
  // need by what the API shows; the rest is a create's stray, an update's after its members.
  const shown = (server: Server, spec: MemberSpec) => adoptionProblems(server.id, server, { ...serverInputsOf(spec) }, cat).length === 0;
  Object.assign(result.reclaim, pairUntagged(untagged, needed.filter((k) => !(k in result.reclaim)), specs, shown));
  const pairedIds = new Set(Object.values(result.reclaim));
  const unpaired = untagged.filter((s) => !pairedIds.has(s.id));
  // An update's POST can be answered only with a server made from the same spec (its key is the
  // spec's, identity.ts), so one that fits no spec this run POSTs goes first, as a create's
  // strays do: kept until after the POSTs, it would hold the fleet above size + maxSurge.
  const posted = scope.replays && unpaired.length > 0 ? distinctSpecs(needed.filter((k) => !(k in result.reclaim)), specs) : [];
  const rest = unpaired.filter((s) => posted.some((spec) => shown(s, spec)));
  const answerable = new Set(rest);
  const strays = scope.replays ? unpaired.filter((s) => !answerable.has(s)) : unpaired;
  result.strays.push(...strays.filter((s) => !(s.id in state.leftovers)));
  const servers = [...claims.map((c) => c.server), ...untagged];
  const record = (s: Server) => {
    const owner = owners.get(s.id);
    return { ...recordMember(s.id, serverOutputs(s, {}, cat)), ...(owner ? { owner } : {}) };
  };
  for (const s of result.strays) state.leftovers[s.id] = record(s);
  const reclaimed = new Set(Object.values(result.reclaim));
  for (const s of servers) if (reclaimed.has(s.id) && !(s.id in state.leftovers)) state.leftovers[s.id] = record(s);
  plan.leftovers = Object.keys(state.leftovers).filter((sid) => !reclaimed.has(sid)).sort();
  return { ...result, found, untagged: scope.replays ? rest : [] };
}

/** The specs of `keys`, each once. */
function distinctSpecs(keys: readonly string[], specs: Record<string, MemberSpec>): MemberSpec[] {
  return [...new Map(keys.filter((k) => specs[k]).map((k) => [canonicalJson(specs[k]), specs[k]])).values()];
}

/** Takes the replacements out of `plan` while a held roll (health/held-roll.ts) stands; what that does, if so. */
function holdIfStill(plan: MemberPlan, held: HeldRoll | undefined, ins: FleetInputs, members: Record<string, RecordedMember>): Hold | undefined {
  if (!held || plan.replace.length === 0) return undefined;
  if (!stillHeld(held, ins, healthChecksOf(ins.groups, ins.healthCheck))) return undefined;
  return applyHold(plan, held, members, ins.memberSpecs, (m) => specOfMember(m, ins.waitTimeoutSeconds));
}

/** The fleet's tag from what the engine knows of it: its stack (project/stack), its parents' types and its name. */
async function run(
  ctx: OperationContext, state: FleetState, plan: MemberPlan, ins: FleetInputs, adopt: Record<string, string>, ops: MemberOps, unproven: readonly string[],
): Promise<RolloutResult> {
  const checks = healthChecksOf(ins.groups, ins.healthCheck);
  return rollOut(state, plan, ins.memberSpecs, countedOps(ops, ctx.progress, planTotals(plan)), {
    maxSurge: ins.maxSurge, maxUnavailable: ins.maxUnavailable, pauseMs: ins.pauseSeconds * 1000, clock: ctx.clock, adopt, signal: ctx.signal, progress: ctx.progress,
    canary: ins.canary, canaryPauseMs: ins.canaryPauseSeconds !== undefined ? ins.canaryPauseSeconds * 1000 : undefined,
    checks, rollback: rollbackOn(ins, checks),
    // The checks' own deadlines bound each wait; the program's customTimeouts, when shorter, too.
    gate: { clock: ctx.clock, prober: networkProber, signal: ctx.signal, budget: ctx.timeout ? waitBudget(0, ctx.timeout) : undefined },
    specOf: (m) => specOfMember(m, ins.waitTimeoutSeconds),
    unproven,
  });
}

/**
 * The outputs for the state as it is. They leave out `memberSpecs`: each member's record says
 * what its server now is, and the state's inputs hold the spec declared last.
 */
function outputsOf(
  ins: FleetInputs, state: FleetState, fleetTag: string | undefined, nameTag: string | undefined, generation: number, unproven: readonly string[] = [],
): FleetOutputs {
  const { adoptIds: _a, adoptTag: _t, memberSpecs: _s, ...rest } = ins as FleetInputs & RawProps;
  delete (rest as RawProps).__provider;
  const keys = Object.keys(state.members).sort(compareKeys);
  return {
    ...(rest as Omit<FleetInputs, "memberSpecs">),
    members: Object.fromEntries(keys.map((k) => [k, state.members[k]])),
    leftovers: state.leftovers,
    ...(fleetTag ? { fleetTag } : {}),
    ...(nameTag ? { nameTag } : {}),
    generation,
    ...(unproven.length > 0 ? { unproven: [...unproven] } : {}),
  };
}

/** The error that stops an `up`: which members failed and why, and what was done; the state is kept. */
function fleetError(id: string, outs: FleetOutputs, provider: unknown, result: RolloutResult, plan: MemberPlan, done: string): ResourceInitFailedError {
  const rolled = plan.replace.length > 0 ? `${result.replaced} of ${plan.replace.length} replacements done, the roll stopped there; ` : "";
  const next = result.heldBack
    ? `${rolled}every server that exists is recorded (members, leftovers); the roll is held: the next \`pulumi up\` tries it again only when the program changes those members' spec or health check, or sets a new retryRoll`
    : result.rolledBack
      ? `${rolled}every server that exists is recorded (members, leftovers); the next \`pulumi up\` tries the roll again`
      : `${rolled}every server the API created is recorded (members, leftovers): run \`pulumi up\` again to resume`;
  // The engine prints the reasons (not the message) of a partial create or update: the last one says what now.
  const reasons = [...result.failures.map((f) => f.message), ...result.notes, next];
  const message = `fleet ${id} ${done} in part: ${reasons.join("; ")}`;
  const properties: RawProps = { ...outs };
  if (provider !== undefined) properties.__provider = provider;
  return new ResourceInitFailedError(message, id, properties, reasons);
}

export const read = (id: string, props: Recorded<FleetOutputs>, ctx: OperationContext): Promise<ReadOutcome<FleetInputs, FleetOutputs>> => readFleet(id, props, ctx);

async function destroy(id: string, props: Recorded<FleetOutputs>, ctx: OperationContext, memberOps: MemberOpsFactory = serverMemberOps): Promise<void> {
  const all = new Map([...Object.entries(props.members ?? {}), ...Object.entries(props.leftovers ?? {})]);
  const instance = instanceOf(id);
  // A server of this instance that no state recorded (an interrupted run's) goes too; another
  // instance's that the list shows (a live Fleet of the same name, an API that ignores the filter) stays.
  const recorded = new Set([...all.values()].map((m) => m.id));
  const fleetTag = props.fleetTag;
  // Shape B: what a killed run of this resource POSTed and never tagged (its pending labels) goes too.
  const { claims, listed } = await unrecordedServers(ctx, instance, resourceTags(props, ctx), recorded, true, importedOwners(props.members, instance), interruptedTags(props, ctx));
  for (const { server: s, owner } of claims) all.set(s.id, { ...recordMember(s.id, { ...s, os: s.osSlug ?? "" }), ...(owner ? { owner } : {}) });
  // The list just made answers each listed server's own tags; the others are read before their DELETE.
  const ops = memberOps({ ctx, fleetTag, instance, generation: props.generation ?? 0, listed: new Map(listed.map((s) => [s.id, s])) });
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
