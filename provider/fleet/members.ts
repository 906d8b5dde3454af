// Members by stable key: a group puts `count` servers (or `counts[region]`) in each of its regions, named
// `<group>-<region>-<n>` with n from 1 (as the demo has always named them). A key depends only
// on its group's name, its region and its number, so adding a region or raising a count adds
// keys, lowering a count drops the highest numbers, and reordering groups or regions changes no
// key at all.

import type { CheckedGroup } from "./types";

export interface MemberPlace {
  group: string;
  region: string;
  n: number;
}

export function memberKey(p: MemberPlace): string {
  return `${p.group}-${p.region}-${p.n}`;
}

/** The parts of a key; region ids hold no dash (definition.ts), group names may. */
export function parseMemberKey(key: string): MemberPlace | undefined {
  const m = /^([a-z][a-z0-9-]*)-([a-z0-9]+)-([1-9][0-9]*)$/.exec(key);
  return m ? { group: m[1], region: m[2], n: Number(m[3]) } : undefined;
}

/** Every member of the groups, with its group. */
export function expandMembers(groups: CheckedGroup[]): { key: string; place: MemberPlace; group: CheckedGroup }[] {
  const out: { key: string; place: MemberPlace; group: CheckedGroup }[] = [];
  for (const group of groups) {
    for (const region of group.regions) {
      for (let n = 1; n <= (group.counts?.[region] ?? group.count); n++) {
        const place = { group: group.name, region, n };
        out.push({ key: memberKey(place), place, group });
      }
    }
  }
  return out;
}

/** A member's label: the group's template with {key}, {group}, {region} and {n} filled in. */
export function memberLabel(template: string, place: MemberPlace): string {
  return template
    .replace(/\{key\}/g, memberKey(place))
    .replace(/\{group\}/g, place.group)
    .replace(/\{region\}/g, place.region)
    .replace(/\{n\}/g, String(place.n));
}

/** Keys in a stable order (group, region, then number as a number): the order batches take. */
export function compareKeys(a: string, b: string): number {
  const pa = parseMemberKey(a);
  const pb = parseMemberKey(b);
  if (!pa || !pb) return a < b ? -1 : a > b ? 1 : 0;
  if (pa.group !== pb.group) return pa.group < pb.group ? -1 : 1;
  if (pa.region !== pb.region) return pa.region < pb.region ? -1 : 1;
  return pa.n - pb.n;
}
