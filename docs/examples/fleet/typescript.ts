// Two groups of servers in two regions, replaced two at a time once healthy, one canary first
import * as hosting from "@pulumi-hosting/sdk";

const fleet = new hosting.Fleet("fleet", {
    defaults: { plan: "vc2-1c-1gb", os: "ubuntu-24.04", label: "{key}", tags: ["fleet"] },
    groups: [
        { name: "web", regions: ["ewr", "fra"], count: 2 },
        { name: "db", regions: ["ewr", "fra"], plan: "vc2-2c-4gb" },
    ],
    maxSurge: 2,
    healthCheck: { url: "http://{mainIp}:8080/healthz", graceSeconds: 10, healthyThreshold: 3, deadlineSeconds: 300 },
    canary: 1,
});
export const members = fleet.members;
