// The ids of the regions in Europe
import * as hosting from "@pulumi-hosting/sdk";

const europe = hosting.getRegionsOutput({ continent: "Europe" });

export const regionIds = europe.ids;
