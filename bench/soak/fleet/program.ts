// The soak's program for the ownership operations, on the dynamic face (a JavaScript program on
// the packed tarball): what it declares is read from `soak.json` beside it, so each operation is
// one rewrite of that file. Fleets may sit under a component (`GroupA`, `GroupB`: two parents of
// two types, so two Fleets of one name have two URNs), carry aliases (a rename), adoptIds (a move)
// and deleteBeforeReplace; Servers may take a server over by adoptId.

export interface FleetDecl {
  name: string;
  count: number;
  parent?: "GroupA" | "GroupB";
  aliases?: string[];
  adoptIds?: Record<string, string>;
  deleteBeforeReplace?: boolean;
}

export interface ServerDecl {
  name: string;
  region: string;
  label: string;
  adoptId: string;
}

export interface Declared {
  fleets: FleetDecl[];
  servers: ServerDecl[];
}

export const PROJECT_YAML = (name: string) => `name: ${name}\nruntime:\n  name: nodejs\n  options:\n    typescript: false\nmain: index.js\n`;

export const PROGRAM = `const pulumi = require("@pulumi/pulumi");
const hosting = require("pulumi-hosting");
const fs = require("fs");
const declared = JSON.parse(fs.readFileSync(__dirname + "/soak.json", "utf8"));
const parents = {};
const parentOf = (type) => type && (parents[type] = parents[type] || new pulumi.ComponentResource("soak:index:" + type, type.toLowerCase()));
const members = {};
for (const f of declared.fleets) {
  const fleet = new hosting.Fleet(f.name, {
    defaults: { plan: "vc2-1c-1gb", os: "ubuntu-24.04", tags: ["soak"] },
    groups: [{ name: "web", regions: ["ewr", "fra"], count: f.count }],
    ...(f.adoptIds ? { adoptIds: f.adoptIds } : {}),
  }, { parent: parentOf(f.parent), aliases: (f.aliases || []).map((name) => ({ name })), deleteBeforeReplace: !!f.deleteBeforeReplace });
  members[(f.parent ? f.parent + "/" : "") + f.name] = fleet.members;
}
for (const s of declared.servers) {
  members["server/" + s.name] = new hosting.Server(s.name, { region: s.region, plan: "vc2-1c-1gb", os: "ubuntu-24.04", label: s.label, tags: ["soak"], adoptId: s.adoptId }).id;
}
exports.members = members;
`;
