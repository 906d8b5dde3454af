// Which existing servers a new fleet takes over instead of creating: `adoptIds` by member key,
// and `adoptTag`: every listed server carrying the tag whose label is a member key (the label a
// fleet and the demo give each member). One GET /v1/servers for the tag, none for ids alone.
// Each adoption then runs through the server core's adoption (provider/server/adopt.ts): it
// checks region, plan and OS, and sends at most one PATCH and one power action; no POST.

import type { HostingApi } from "../api/wire/types";
import type { MemberSpec } from "./types";

export async function adoptionsOf(
  client: HostingApi, specs: Record<string, MemberSpec>, adoptIds: Record<string, string> | undefined, adoptTag: string | undefined,
): Promise<Record<string, string>> {
  const out: Record<string, string> = {};
  if (adoptTag) {
    for (const s of await client.listAllServers({ tag: adoptTag })) {
      if (s.status === "terminated" || !(s.label in specs)) continue;
      if (out[s.label]) throw new Error(`adoptTag "${adoptTag}": servers ${out[s.label]} and ${s.id} both have the label "${s.label}"; give adoptIds["${s.label}"] to say which one the fleet takes over`);
      out[s.label] = s.id;
    }
  }
  for (const [key, id] of Object.entries(adoptIds ?? {})) {
    if (!(key in specs)) throw new Error(`adoptIds["${key}"]: the fleet declares no member "${key}"; member keys are <group>-<region>-<n>, e.g. ${Object.keys(specs)[0] ?? "web-ewr-1"}`);
    out[key] = id;
  }
  return out;
}
