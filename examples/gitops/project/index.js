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
