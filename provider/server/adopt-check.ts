// `check` of a Server with `adoptId`: proves at preview, with any key (a Read key too), that
// the server can be taken over without a replace: it exists, it is not terminated, its
// region, plan and OS are the declared ones, and no other resource of the stack adopts it.
// A mismatch is a check failure naming the field, the live value and the declared one
// (docs/guide/adoption-and-moves.md#what-adoption-does-and-checks).
// The read goes through the process's shared waiter, so reads that arrive together share one
// list call. Once the resource is in the stack (check has old inputs), adoptId is dropped from
// the checked inputs: removing or changing it is no change, and a later replace creates a new
// server instead of adopting (and then deleting) the old one.

import type * as pulumi from "@pulumi/pulumi";
import type { Server } from "../api/wire/types";
import { findOs, type CatalogueSnapshot } from "../core/catalogue";
import type { CheckFailure } from "../core/check-kinds";
import type { OperationContext } from "../core/context";
import { claimantNames } from "../core/adoption-claims";
import type { RawProps, Recorded } from "../core/route";
import { isUnknown } from "../core/unknown";
import type { ServerInputs } from "./types";

/** The checked inputs, with adoptId kept only for a resource that is not in the stack yet. */
export async function checkAdoption(
  olds: RawProps, news: RawProps, inputs: Recorded<ServerInputs>, cat: CatalogueSnapshot, ctx: OperationContext,
): Promise<pulumi.dynamic.CheckResult<ServerInputs | RawProps>> {
  const out = inputs as Recorded<ServerInputs> & RawProps;
  delete out.adoptId;
  const adoptId = news.adoptId;
  const inStack = Object.keys(olds).some((k) => !k.startsWith("__"));
  if (typeof adoptId !== "string" || inStack) return { inputs: out };
  out.adoptId = adoptId;
  const name = ctx.resource.name;
  if (isUnknown(adoptId)) return { inputs: out };

  const others = ctx.claims.claim(adoptId, ctx.resource);
  if (others.length > 0) {
    const [other, me] = claimantNames(others[0], ctx.resource);
    const reason = `adoptId "${adoptId}" is adopted by resource "${other}" and by "${me}"; a server can be adopted by one resource only: remove adoptId from one of them`;
    return { inputs: news, failures: [{ property: "adoptId", reason }] };
  }
  const live = await ctx.waiter.read(adoptId);
  const failures = adoptionProblems(adoptId, live, news, cat);
  if (failures.length > 0) return { inputs: news, failures };
  const notes = unverifiedDifferences(live as Server, news);
  if (notes.length > 0) {
    ctx.log.warn(`${name ?? "server"} (adoptId ${adoptId}): ${notes.join("; ")}; the program's values are recorded, and a refresh would read the API's and plan a replace: declare what the API reports`);
  }
  return { inputs: out };
}

/** What adoption compares with the live server: the program's region, plan and image (raw or checked). */
export interface AdoptionDeclared {
  region?: unknown;
  plan?: unknown;
  os?: unknown;
  osId?: unknown;
}

/**
 * Why `live` cannot be adopted as declared: absent, terminated, or a region, plan or OS that
 * only a replace could change. Values still unknown (preview) are not compared.
 */
export function adoptionProblems(id: string, live: Server | undefined, news: AdoptionDeclared, cat: CatalogueSnapshot): CheckFailure[] {
  if (!live) {
    return [{ property: "adoptId", reason: `adoptId "${id}": no server with this id exists (or it is terminated); check the id, or remove adoptId to create a new server` }];
  }
  if (live.status === "terminated") {
    return [{ property: "adoptId", reason: `adoptId "${id}": the server is terminated (being deleted) and cannot be adopted; remove adoptId to create a new server` }];
  }
  const failures: CheckFailure[] = [];
  const mismatch = (field: string, liveValue: string, declared: string) =>
    failures.push({
      property: field,
      reason: `${field}: server ${id} has ${liveValue} but the program declares ${declared}; ${field} cannot change in place, so adoption would mean a replace: declare ${liveValue}, or remove adoptId to create a new server`,
    });
  for (const field of ["region", "plan"] as const) {
    const declared = news[field];
    if (typeof declared === "string" && declared !== live[field]) mismatch(field, `"${live[field]}"`, `"${declared}"`);
  }
  if (!isUnknown(news.os) && !isUnknown(news.osId)) {
    const declared = findOs(cat, news);
    const running = findOs(cat, live.osSlug ? { os: live.osSlug } : { osId: live.osId });
    const field = news.os !== undefined ? "os" : "osId";
    const show = (image: { slug: string; id: number } | undefined, fallback: unknown) => (image ? `"${image.slug}" (image ${image.id})` : JSON.stringify(fallback));
    if (declared && declared.id !== running?.id) mismatch(field, show(running, live.osSlug ?? live.osId), show(declared, news[field]));
  }
  return failures;
}

/**
 * Replace-only fields that the API reports differently from the program. They are recorded
 * from the program (the spec's server record does not list them, so a deployment may never
 * return them); where this API does return a different value, say so before it bites.
 */
function unverifiedDifferences(live: Server, news: RawProps): string[] {
  const notes: string[] = [];
  const keys = (v: unknown) => JSON.stringify([...new Set(Array.isArray(v) ? (v as string[]) : [])].sort());
  if (live.sshKeyIds && live.sshKeyIds.length > 0 && !isUnknown(news.sshKeyIds) && keys(live.sshKeyIds) !== keys(news.sshKeyIds)) {
    notes.push(`the API reports sshKeyIds ${keys(live.sshKeyIds)}, the program declares ${keys(news.sshKeyIds)}`);
  }
  for (const field of ["backups", "ddosProtection"] as const) {
    if (live[field] && news[field] !== true && !isUnknown(news[field])) notes.push(`the API reports ${field} true, the program declares false`);
  }
  if (live.hostname && typeof news.hostname === "string" && news.hostname !== "" && news.hostname !== live.hostname) {
    notes.push(`the API reports hostname "${live.hostname}", the program declares "${news.hostname}"`);
  }
  return notes;
}
