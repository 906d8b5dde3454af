// A server on the cheapest plan with 2 vCPUs in Frankfurt
import * as hosting from "@pulumi-hosting/sdk";

const plan = hosting.getPlanOutput({ region: "fra", minVcpus: 2 });

const web = new hosting.Server("web", {
    region: "fra",
    plan: plan.id,
    os: "ubuntu-24.04",
    label: "web-1",
    tags: ["web"],
    powerState: hosting.PowerState.Running,
});

export const mainIp = web.mainIp;
export const status = web.status;
