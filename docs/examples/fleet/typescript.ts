// Two groups of servers in two regions, replaced two at a time
import * as hosting from "@pulumi-hosting/sdk";

const fleet = new hosting.Fleet("fleet", {
    defaults: { plan: "vc2-1c-1gb", os: "ubuntu-24.04", label: "{key}", tags: ["fleet"] },
    groups: [
        { name: "web", regions: ["ewr", "fra"], count: 2 },
        { name: "db", regions: ["ewr", "fra"], plan: "vc2-2c-4gb" },
    ],
    maxSurge: 2,
});
export const members = fleet.members;
