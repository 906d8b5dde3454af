// The catalogue (regions, plans, OS images) as check and diff see it. The client memoizes
// each list (provider/api/catalogue/catalogue.ts), so this is one fetch per client per process,
// shared by every resource.

import type { HostingApi, OsImage, Plan, Region } from "../api/wire/types";

export interface Catalogue {
  regions: Region[];
  plans: Plan[];
  osImages: OsImage[];
}

export const regionsOf = (client: HostingApi): Promise<Region[]> => client.listRegions();
export const plansOf = (client: HostingApi): Promise<Plan[]> => client.listPlans();
export const osImagesOf = (client: HostingApi): Promise<OsImage[]> => client.listOsImages();

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
