// The fleet of this repository: one hosting.Server per entry of fleet.yaml. A pull request edits
// fleet.yaml; `hosting-gitops plan` shows the reviewer what that changes on the live servers.
const fs = require("fs");
const path = require("path");
const { parse } = require("yaml");
const hosting = require("pulumi-hosting");

const fleet = parse(fs.readFileSync(path.join(__dirname, "fleet.yaml"), "utf8"));
const defaults = fleet.defaults || {};

for (const [name, server] of Object.entries(fleet.servers)) {
  new hosting.Server(name, {
    ...defaults,
    label: name,
    ...server,
    tags: [...(defaults.tags || []), ...(server.tags || [])],
  });
}

// A lookup, run by every plan and drift too (with their Read key): what the fleet costs a month.
const plans = Object.values(fleet.servers).map((server) => server.plan || defaults.plan);
exports.monthlyPrice = Promise.all(plans.map((id) => hosting.getPlan({ id }))).then((found) =>
  found.reduce((sum, plan) => sum + Number(plan.pricePerMonth), 0).toFixed(2),
);
