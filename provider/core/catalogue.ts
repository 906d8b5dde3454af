// The catalogue (regions, plans, OS images) as check and diff see it: the three lists of one
// fetch. The client memoizes each list (provider/api/catalogue/catalogue-cache.ts), so this is
// one fetch per client per process, shared by every resource. What a value names in it, the
// one rule set of provider/api/catalogue/match.ts says.

import type { HostingApi, OsImage, Plan, Region } from "../api/wire/types";
import { resolveOs, type OsRef } from "../api/catalogue/match";

/** The regions, plans and OS images as one fetch gave them. */
export interface CatalogueSnapshot {
  regions: Region[];
  plans: Plan[];
  osImages: OsImage[];
}

export const regionsOf = (client: HostingApi): Promise<Region[]> => client.listRegions();
export const plansOf = (client: HostingApi): Promise<Plan[]> => client.listPlans();
export const osImagesOf = (client: HostingApi): Promise<OsImage[]> => client.listOsImages();

export async function catalogue(client: HostingApi): Promise<CatalogueSnapshot> {
  const [regions, plans, osImages] = await Promise.all([regionsOf(client), plansOf(client), osImagesOf(client)]);
  return { regions, plans, osImages };
}

/** The image an `os` (slug or id) or else `osId` names, or undefined (match.ts's rules). */
export function findOs(cat: CatalogueSnapshot, ref: OsRef): OsImage | undefined {
  return resolveOs(cat.osImages, ref).image;
}
