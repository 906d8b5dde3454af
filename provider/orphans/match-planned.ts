// Pairs the servers a preview would create with servers in the account that no state holds,
// by label, region, plan (and OS image when the preview knows it). Only a one-to-one pair is
// a match: a planned create with two candidates, or a server that two planned creates could
// be, is reported as ambiguous and never guessed, since adopting the wrong one would give a
// resource another server's disk and user data.
import type { Server } from "../api/wire/types";
import type { PlannedCreate } from "./planned-creates";

export interface Match {
  planned: PlannedCreate;
  server: Server;
}

export interface Ambiguity {
  planned: PlannedCreate;
  /** Every candidate of this planned create (each may also fit other planned creates). */
  servers: Server[];
  /** The other planned creates that fit the same servers. */
  rivals: PlannedCreate[];
}

export interface MatchResult {
  matches: Match[];
  ambiguous: Ambiguity[];
  /** Planned creates with unknown label, region or plan at preview. */
  unmatchable: PlannedCreate[];
  /** Candidate servers that no planned create fits (not touched). */
  unclaimed: Server[];
}

function fits(p: PlannedCreate, s: Server): boolean {
  return s.label === p.label && s.region === p.region && s.plan === p.plan && (p.osId === undefined || s.osId === undefined || s.osId === p.osId);
}

export function matchPlanned(planned: PlannedCreate[], candidates: Server[]): MatchResult {
  const matchable = planned.filter((p) => !p.unmatchable);
  const fitsOf = new Map(matchable.map((p) => [p, candidates.filter((s) => fits(p, s))]));
  const claimants = (s: Server) => matchable.filter((p) => fitsOf.get(p)!.includes(s));
  const result: MatchResult = { matches: [], ambiguous: [], unmatchable: planned.filter((p) => p.unmatchable), unclaimed: [] };
  for (const p of matchable) {
    const servers = fitsOf.get(p)!;
    if (servers.length === 0) continue;
    const rivals = [...new Set(servers.flatMap(claimants))].filter((q) => q !== p);
    if (servers.length === 1 && rivals.length === 0) result.matches.push({ planned: p, server: servers[0] });
    else result.ambiguous.push({ planned: p, servers, rivals });
  }
  result.unclaimed = candidates.filter((s) => claimants(s).length === 0);
  return result;
}
