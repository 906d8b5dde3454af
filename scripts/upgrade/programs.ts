// The programs a recording is made of (scripts/upgrade/record.ts), one per face and shape: a
// `Server` with `os`, tags, `powerState: stopped` and the create-only fields its shape's create
// request takes (shape A: hostname and backups; shape B: userData, ddosProtection and backups),
// a `Webhook`, and a `Fleet` of 2 groups (3 members). The dynamic face's program is TypeScript
// on the release's npm package; the plugin face's is Pulumi YAML on the package's plugin.

export type Face = "dynamic" | "plugin";
export type Shape = "A" | "B";

/** Where the webhook points: loopback port 9, refused at once, so no delivery leaves the machine. */
export const WEBHOOK_URL = "http://127.0.0.1:9/events";

/** The create-only fields of the recorded Server, per shape. */
function createOnly(shape: Shape): Record<string, unknown> {
  return shape === "A"
    ? { hostname: "upgrade-web", backups: true }
    : { userData: "#!/bin/sh\necho recorded-for-upgrade\n", ddosProtection: true, backups: true };
}

const SERVER = { region: "fra", plan: "vc2-1c-1gb", os: "debian-12", label: "upgrade-web", tags: ["upgrade", "web"], powerState: "stopped" };
const FLEET = {
  defaults: { plan: "vc2-1c-1gb", os: "ubuntu-24.04", tags: ["fleet"] },
  groups: [
    { name: "web", regions: ["ewr", "fra"] },
    { name: "db", regions: ["ewr"], plan: "vc2-2c-4gb" },
  ],
};
const EVENTS = ["server.created", "server.deleted"];

/** The files of the project, by name. */
export function programFiles(face: Face, shape: Shape, project: string): Record<string, string> {
  return face === "dynamic" ? typescriptProject(shape, project) : yamlProject(shape, project);
}

function typescriptProject(shape: Shape, project: string): Record<string, string> {
  const server = { ...SERVER, ...createOnly(shape) };
  const index = `// Recorded by scripts/upgrade/record.ts: the dynamic face, shape ${shape}.
import * as pulumi from "@pulumi/pulumi";
import * as hosting from "pulumi-hosting";

const config = new pulumi.Config();
const events = new hosting.Webhook("events", { url: ${JSON.stringify(WEBHOOK_URL)}, events: ${JSON.stringify(EVENTS)}, secret: config.requireSecret("webhookSecret") });
const web = new hosting.Server("web", ${JSON.stringify(server)}, { dependsOn: [events] });
const fleet = new hosting.Fleet("fleet", ${JSON.stringify(FLEET)}, { dependsOn: [events] });

export const webId = web.id;
export const webhookId = events.id;
export const members = fleet.members;
`;
  return {
    "Pulumi.yaml": `name: ${project}\nruntime: nodejs\n`,
    "package.json": JSON.stringify({ name: project, private: true, main: "index.ts" }),
    "tsconfig.json": JSON.stringify({ compilerOptions: { strict: true, target: "es2020", module: "node16", moduleResolution: "node16", skipLibCheck: true }, files: ["index.ts"] }),
    "index.ts": index,
  };
}

function yamlProject(shape: Shape, project: string): Record<string, string> {
  const server = { ...SERVER, ...createOnly(shape) };
  const props = (o: Record<string, unknown>, indent: string) =>
    Object.entries(o).map(([k, v]) => `${indent}${k}: ${JSON.stringify(v)}`).join("\n");
  const yaml = `# Recorded by scripts/upgrade/record.ts: the plugin face, shape ${shape}.
name: ${project}
runtime: yaml
config:
  webhookSecret:
    type: string
    secret: true
plugins:
  providers:
    - name: hosting
      path: ./node_modules/.bin
resources:
  events:
    type: hosting:index:Webhook
    properties:
      url: ${JSON.stringify(WEBHOOK_URL)}
      events: ${JSON.stringify(EVENTS)}
      secret: \${webhookSecret}
  web:
    type: hosting:index:Server
    properties:
${props(server, "      ")}
    options:
      dependsOn: ["\${events}"]
  fleet:
    type: hosting:index:Fleet
    properties:
${props(FLEET, "      ")}
    options:
      dependsOn: ["\${events}"]
outputs:
  webId: \${web.id}
  webhookId: \${events.id}
  members: \${fleet.members}
`;
  return { "Pulumi.yaml": yaml };
}
