// `create` of a Server with `adoptId`: takes an existing server over instead of creating one.
//   GET /v1/servers/:id (or the shared list), to check again what `check` proved at preview
//   PATCH /v1/servers/:id once, only when label or tags (with the ownership tag and the new
//   holder's marks, system-tags.ts) differ
//   POST /v1/servers/:id/start|stop|halt once, only when the power state differs
// No POST /v1/servers. The outputs are the ones a created server gets (serverOutputs), so
// `preview --expect-no-changes` passes after adoption and after a refresh.
//
// What the API does not return (userData always; in the spec's record also sshKeyIds,
// backups, ddosProtection and, in shape B, hostname) is recorded from the program: nobody can
// check it, and the adopt summary (a warning the engine shows) says so.

import type * as pulumi from "@pulumi/pulumi";
import type { Server } from "../api/wire/types";
import { catalogue, type CatalogueSnapshot } from "../core/catalogue";
import type { OperationContext } from "../core/context";
import { claimantNames } from "../core/adoption-claims";
import type { Recorded } from "../core/route";
import { adoptionProblems } from "./adopt-check";
import { normalizeServerInputs, serverOutputs } from "./normalize";
import { labelAndTagsPatch } from "./label-tags-patch";
import { ResourceInitFailedError, notReady } from "./resource-init-failed";
import { applyPowerState, describeOutcome, waitUntilActive } from "./power";
import { waitBudget, type WaitBudget } from "../core/operation";
import type { ServerInputs, ServerOutputs } from "./types";
import { takeOverMarks } from "./system-tags";

export async function adoptServer(inputs: Recorded<ServerInputs>, id: string, ctx: OperationContext): Promise<pulumi.dynamic.CreateResult<ServerOutputs>> {
  const { signal, api: client } = ctx;
  const cat = await catalogue(client);
  const ins = normalizeServerInputs(inputs, cat);
  const name = ctx.resource.name;
  const others = ctx.claims.others(id, ctx.resource);
  if (others.length > 0) {
    const [other, me] = claimantNames(others[0], ctx.resource);
    throw new Error(`adoptId "${id}" is adopted by resource "${other}" and by "${me}"; nothing was sent: remove adoptId from one of them`);
  }
  const live = await ctx.waiter.read(id, { signal });
  const problems = adoptionProblems(id, live, inputs, cat);
  if (problems.length > 0 || !live) throw new Error(`cannot adopt server ${id}; nothing was sent: ${problems.map((p) => p.reason).join("; ")}`);

  // From here the server is the stack's: whatever fails is a partial create, kept in state.
  const outputsOf = (s: Server) => adoptedOutputs(s, ins, cat);
  try {
    const fail = (last: Server, reason: string) => notReady(id, outputsOf(last), inputs.__provider, [reason], "was adopted");
    const { server, sent } = await takeOver(ctx, live, ins, fail, waitBudget(ins.waitTimeoutSeconds, ctx.timeout));
    ctx.log.warn(adoptSummary(name, server, sent));
    return { id, outs: outputsOf(server) };
  } catch (e) {
    if (e instanceof ResourceInitFailedError) throw e;
    throw notReady(id, outputsOf(live), inputs.__provider, [e instanceof Error ? e.message : String(e)], "was adopted");
  }
}

/** Brings label, tags and power state to the declared values: at most one PATCH and one action. */
async function takeOver(
  ctx: OperationContext, live: Server, ins: ServerInputs, fail: (last: Server, reason: string) => Error, budget: WaitBudget,
): Promise<{ server: Server; sent: string[] }> {
  const { signal, api: client } = ctx;
  const { ms: timeoutMs, source } = budget;
  const sent: string[] = [];
  let current = live;
  if (current.status === "pending" || current.status === "starting") {
    const active = await waitUntilActive(ctx, current.id, timeoutMs, undefined);
    if (active.outcome !== "done" || !active.server) throw fail(active.server ?? current, describeOutcome(current.id, active, "active", timeoutMs, source));
    current = active.server;
  }
  // A take-over re-marks the server as its new holder's: the former holder's delete leaves it.
  const patch = labelAndTagsPatch(current, ins, takeOverMarks(current.tags, ctx.systemTags ?? []));
  if (patch) {
    current = await client.updateServer(current.id, patch, { signal });
    sent.push(`PATCH (${Object.keys(patch).join(", ")})`);
  }
  const before = current.status;
  const power = await applyPowerState(ctx, current, ins.powerState, timeoutMs, ins.stopMode);
  const goal = ins.powerState === "stopped" ? "stopped" : "active";
  if (power.outcome !== "done" || !power.server) throw fail(power.server ?? current, describeOutcome(current.id, power, goal, timeoutMs, source));
  if (power.server.status !== before) sent.push(`power ${before} -> ${power.server.status}`);
  return { server: power.server, sent };
}

/** A created server's outputs, with the fields the API may not return taken from the program. */
function adoptedOutputs(server: Server, ins: ServerInputs, cat: CatalogueSnapshot): ServerOutputs {
  const outs = serverOutputs(server, ins, cat);
  return { ...outs, sshKeyIds: ins.sshKeyIds, backups: ins.backups, ddosProtection: ins.ddosProtection };
}

function adoptSummary(name: string | undefined, server: Server, sent: string[]): string {
  const fromProgram = ["userData", "sshKeyIds", "backups", "ddosProtection", ...(server.hostname ? [] : ["hostname"])];
  return (
    `adopted server ${server.id} as "${name ?? server.label}" (${server.region}, ${server.plan}, ${server.osSlug ?? server.osId}): ` +
    `${sent.length > 0 ? `sent ${sent.join(" and ")}` : "nothing to change, nothing sent"}; ` +
    `recorded from the program, not read from the API (nobody can check them): ${fromProgram.join(", ")}`
  );
}
