// The city of a region
import * as hosting from "@pulumi-hosting/sdk";

const frankfurt = hosting.getRegionOutput({ id: "fra" });

export const city = frankfurt.city;
