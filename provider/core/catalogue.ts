// Memoized catalogue reads (regions, plans, OS images) for check and diff: one fetch per
// client per process, shared by every resource; a failed fetch is forgotten so the next
// call tries again.

import type { HostingApi, OsImage, Plan, Region } from "../api/types";

export interface Catalogue {
  regions: Region[];
  plans: Plan[];
  osImages: OsImage[];
}

type Part = "regions" | "plans" | "osImages";
const memo = new WeakMap<HostingApi, Map<Part, Promise<unknown>>>();

function once<T>(client: HostingApi, part: Part, fetch: () => Promise<T>): Promise<T> {
  let parts = memo.get(client);
  if (!parts) memo.set(client, (parts = new Map()));
  let entry = parts.get(part) as Promise<T> | undefined;
  if (!entry) {
    entry = fetch();
    entry.catch(() => parts.delete(part));
    parts.set(part, entry);
  }
  return entry;
}

export const regionsOf = (client: HostingApi): Promise<Region[]> => once(client, "regions", () => client.listRegions());
export const plansOf = (client: HostingApi): Promise<Plan[]> => once(client, "plans", () => client.listPlans());
export const osImagesOf = (client: HostingApi): Promise<OsImage[]> => once(client, "osImages", () => client.listOsImages());

export async function catalogue(client: HostingApi): Promise<Catalogue> {
  const [regions, plans, osImages] = await Promise.all([regionsOf(client), plansOf(client), osImagesOf(client)]);
  return { regions, plans, osImages };
}

/** The image an `os` slug or `osId` names, or undefined. */
export function findOs(cat: Catalogue, ref: { os?: unknown; osId?: unknown }): OsImage | undefined {
  if (typeof ref.os === "string") return cat.osImages.find((o) => o.slug === ref.os);
  if (typeof ref.osId === "number") return cat.osImages.find((o) => o.id === ref.osId);
  return undefined;
}
