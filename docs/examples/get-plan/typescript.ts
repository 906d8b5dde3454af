// The cheapest plan with 2 vCPUs and 4 GiB of RAM in Frankfurt
import * as hosting from "@pulumi-hosting/sdk";

const plan = hosting.getPlanOutput({ region: "fra", minVcpus: 2, minRamGb: 4 });

export const planId = plan.id;
export const pricePerMonth = plan.pricePerMonth;
