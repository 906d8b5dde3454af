// The functions of the plugin face: each token runs the lookup the dynamic face's
// `getX` runs (provider/functions), with the client of this provider instance instead of
// the program's stack config.

import type { HostingApi } from "../api/wire/types";
import { findAccount, findOsImage, findOsImages, findPlan, findPlans, findRegion, findRegions } from "../functions";

type Lookup = (client: HostingApi, args: Record<string, unknown>) => Promise<object>;

export const FUNCTIONS: Record<string, Lookup> = {
  "hosting:index:getRegion": (c, a) => findRegion(c, a as { id: string }),
  "hosting:index:getRegions": (c, a) => findRegions(c, a),
  "hosting:index:getPlan": (c, a) => findPlan(c, a),
  "hosting:index:getPlans": (c, a) => findPlans(c, a),
  "hosting:index:getOsImage": (c, a) => findOsImage(c, a),
  "hosting:index:getOsImages": (c, a) => findOsImages(c, a),
  "hosting:index:getAccount": (c) => findAccount(c),
};
