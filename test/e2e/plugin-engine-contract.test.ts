// The engine's contract on the plugin face through the real CLI and Pulumi YAML, both shapes, every
// `up` with its preview: unknowns that preview and apply, detailed diffs, `ignoreChanges` and
// `replaceOnChanges`, update previews' unknowns, and a webhook import that keeps its secret.
//
// The engine's contract on the plugin face, through the real CLI, Pulumi YAML and
// the packed tarball, in both shapes, every `up` with its preview: one server's label is
// another's id (an unknown at preview that must preview and apply), the preview of a label and
// an OS change carries the detailed diff (label an update, os the cause of the replace),
// `ignoreChanges` and `replaceOnChanges` act as the engine documents, an update preview
// shows status and mainIp unknown only where the update can change them, a webhook imported
// with `pulumi import` keeps its receivers' secret, and PULUMI_DEBUG_PROVIDERS attaches to a
// plugin started by hand.
import { expect } from "chai";
import { spawn, type ChildProcess } from "child_process";
import * as fs from "fs";
import * as path from "path";
import { parse, stringify } from "yaml";
import { API_KEY, SHAPES, type World } from "./fixtures";
import { closeWorldProject, openWorldProject } from "./support/world-project";
import { installedPackage, type PluginProject } from "./support/plugin-project";
import { given } from "./support/given";
import { startPostOnlyProxy } from "../helpers/proxy";

const UNKNOWN = "04da6b54-80e4-46f7-96ec-b56ff0331ba9";
const RECEIVERS_SECRET = "receivers-know-this-8d1e";

const PROGRAM = `name: contract
runtime: yaml
plugins:
  providers:
    - name: hosting
      path: ./node_modules/.bin
config:
  label: { type: string, default: first }
  os: { type: string, default: ubuntu-24.04 }
  tags: { type: array, items: { type: string }, default: [a] }
  power: { type: string, default: running }
resources:
  web1:
    type: hosting:index:Server
    properties:
      region: ewr
      plan: vc2-1c-1gb
      os: \${os}
      label: \${label}
  web2:
    type: hosting:index:Server
    properties:
      region: ewr
      plan: vc2-1c-1gb
      os: ubuntu-24.04
      label: \${web1.id}
      tags: \${tags}
    options:
      replaceOnChanges: [tags]
  web3:
    type: hosting:index:Server
    properties:
      region: fra
      plan: vc2-1c-1gb
      os: ubuntu-24.04
      label: \${label}
      powerState: \${power}
    options:
      ignoreChanges: [label]
  # Reads what the API decides: its inputs are unknown at preview exactly when those outputs are.
  web4:
    type: hosting:index:Server
    properties:
      region: fra
      plan: vc2-1c-1gb
      os: ubuntu-24.04
      label: \${web3.status} \${web3.mainIp}
      tags:
        - \${web2.status}
        - \${web2.mainIp}
outputs:
  web1Id: \${web1.id}
  web2Label: \${web2.label}
  web4Label: \${web4.label}
`;

type Step = { op: string; urn: string; detailedDiff?: Record<string, any>; replaceReasons?: string[]; newState?: { inputs?: Record<string, unknown> } };

for (const shape of SHAPES) {
  describe(`the engine's contract on the plugin face (YAML, packed tarball), shape ${shape}`, function () {
    let world: World;
    let project: PluginProject;
    const live = async (): Promise<Record<string, any>> => Object.fromEntries((await world.sim.liveServers()).map((s) => [s.id, s]));
    const outputs = async () => JSON.parse(await project.pulumi("stack", "output", "--json"));
    /** `preview --json`'s steps by resource name, each detailed diff as property -> kind. */
    const previewSteps = async (): Promise<Record<string, Step>> => {
      const doc = JSON.parse(await project.pulumi("preview", "--json"));
      const steps = (doc.steps as Step[]).map((s) => ({
        ...s,
        ...(s.detailedDiff ? { detailedDiff: Object.fromEntries(Object.entries(s.detailedDiff).map(([k, d]) => [k, d.kind])) } : {}),
      }));
      return Object.fromEntries(steps.map((s) => [s.urn.split("::").pop()!, s]));
    };

    before(async () => {
      ({ world, project } = await openWorldProject(shape, "contract", PROGRAM));
    });
    after(() => closeWorldProject(world, project, true));
    /** The first up, after its preview's steps, which every later case stands on. */
    const upped = given(async () => {
      const steps = await previewSteps();
      return { steps, out: await project.pulumi("up", "--yes") };
    });

    it("up with its preview: web2's label is web1's id, unknown at preview, applied", async () => {
      const { steps, out } = await upped();
      expect(steps.web2.op).to.equal("create");
      expect(steps.web2.newState?.inputs?.label, "web1's id is not known before it exists").to.equal(UNKNOWN);
      expect(out).to.match(/\+ 5 created/);
      const o = await outputs();
      expect(o.web2Label).to.equal(o.web1Id);
      expect((await live())[o.web1Id].label).to.equal("first");
    });

    it("a label and an OS change: ~ label, os the cause of the replace; web3 ignores its label; web2 follows the new id", async () => {
      await upped();
      await project.config({ label: "second", os: "debian-12" });
      const steps = await previewSteps();
      expect(steps.web1.op).to.equal("replace");
      expect(steps.web1.detailedDiff).to.deep.equal({ label: "update", os: "update-replace", osId: "update-replace" });
      expect(steps.web1.replaceReasons).to.include("os").and.not.include("label");
      // ignoreChanges: [label] on web3: the new label is never seen.
      // preview --json lists no step for an unchanged custom resource.
      expect(steps.web3, "web3 unchanged").to.equal(undefined);
      // web1 is replaced, so its new id is unknown: web2's label update previews as unknown...
      expect(steps.web2.op).to.equal("update");
      expect(steps.web2.detailedDiff).to.deep.equal({ label: "update" });
      expect(steps.web2.newState?.inputs?.label).to.equal(UNKNOWN);
      // ...while its status and mainIp stay known (a label PATCH changes neither): web4, which
      // reads them, has nothing to change.
      expect(steps.web4, "web4 unchanged").to.equal(undefined);
      const text = await project.pulumi("preview", "--diff");
      expect(text).to.match(/\+-hosting:index:Server: \(replace\)[\s\S]*~ label\s*: "first" => "second"[\s\S]*~ os\s*: "ubuntu-24.04" => "debian-12"/);
      const before = await outputs();
      await project.pulumi("up", "--yes");
      const after = await outputs();
      expect(after.web1Id).to.not.equal(before.web1Id);
      expect(after.web2Label).to.equal(after.web1Id);
      const servers = Object.values(await live());
      expect(servers.filter((s) => s.region === "fra").map((s) => s.label), "web3 kept its label").to.include("first");
      await project.pulumi("preview", "--expect-no-changes");
    });

    it("a power-state change previews status and mainIp unknown; replaceOnChanges: [tags] replaces web2", async () => {
      await upped();
      await project.config({ power: "stopped" });
      for (const [i, t] of ["a", "b"].entries()) await project.raw("config", "set", "--path", `tags[${i}]`, t, "--stack", `contract-${shape.toLowerCase()}`);
      const steps = await previewSteps();
      expect(steps.web3.op).to.equal("update");
      expect(steps.web3.detailedDiff).to.deep.equal({ powerState: "update" });
      // web3's status and mainIp are unknown through a power-state change: web4's label too.
      expect(steps.web4.op).to.equal("update");
      expect(steps.web4.newState?.inputs?.label).to.equal(UNKNOWN);
      expect(steps.web2.op).to.equal("replace");
      expect(steps.web2.detailedDiff).to.deep.equal({ tags: "update-replace" });
      expect(steps.web2.replaceReasons).to.deep.equal(["tags"]);
      const before = await outputs();
      await project.pulumi("up", "--yes");
      const servers = Object.values(await live());
      const web3 = servers.find((s) => s.region === "fra" && s.label === "first");
      expect(web3?.status).to.equal("stopped");
      expect((await outputs()).web4Label).to.equal(`stopped ${web3?.main_ip}`);
      expect(servers.some((s) => s.label === before.web1Id && s.tags.includes("b"))).to.equal(true);
      await project.pulumi("preview", "--expect-no-changes");
    });

    it("pulumi import of a webhook keeps its receivers' secret; the next up sends only the declared one", async () => {
      await upped();
      const res = await fetch(`${world.sim.url}/v1/webhooks`, {
        method: "POST",
        headers: { Authorization: `Bearer ${API_KEY}`, "Content-Type": "application/json" },
        body: JSON.stringify({ url: "http://127.0.0.1:9/imported", events: ["server.created"], secret: RECEIVERS_SECRET }),
      });
      expect(res.status).to.be.oneOf([200, 201]);
      const hooks = await world.sim.rawWebhooks();
      const id = hooks[hooks.length - 1].id as string;
      await project.pulumi("import", "hosting:index:Webhook", "hook", id, "--yes", "--out", "hook.yaml");
      const generated = parse(fs.readFileSync(path.join(project.dir, "hook.yaml"), "utf8"));
      expect(generated.resources.hook.properties, "no secret written: none is known").to.not.have.property("secret");
      const program = parse(fs.readFileSync(path.join(project.dir, "Pulumi.yaml"), "utf8"));
      program.resources.hook = generated.resources.hook;
      fs.writeFileSync(path.join(project.dir, "Pulumi.yaml"), stringify(program));
      // Nothing invented: the program as imported is no change, and the API's secret is untouched.
      await project.pulumi("preview", "--expect-no-changes");
      const stored = async () => (await world.sim.rawWebhooks()).find((w) => w.id === id).secret;
      expect(await stored()).to.equal(RECEIVERS_SECRET);
      // The program declares the secret it knows: the preview says the secret is added, and
      // the up sends exactly that one.
      program.config = { ...program.config, hookSecret: { type: "string", secret: true } };
      program.resources.hook.properties.secret = "${hookSecret}";
      fs.writeFileSync(path.join(project.dir, "Pulumi.yaml"), stringify(program));
      await project.config({}, { hookSecret: RECEIVERS_SECRET });
      const steps = await previewSteps();
      expect(steps.hook.op).to.equal("update");
      expect(steps.hook.detailedDiff).to.deep.equal({ secret: "add" });
      await project.pulumi("up", "--yes");
      expect(await stored()).to.equal(RECEIVERS_SECRET);
      await project.pulumi("preview", "--expect-no-changes");
      for (const text of project.printed) expect(text).to.not.include(RECEIVERS_SECRET);
    });

    // The warning comes from the core whatever the shape: one is enough.
    if (shape === "A") it("a warning reaches the engine's diagnostics under its resource, not the plugin's stderr", async () => {
      const proxy = await startPostOnlyProxy(world.sim.url);
      try {
        await project.config({ "hosting:baseUrl": proxy.url });
        // --run-program: the provider takes the stack config as it is now (the proxy's address).
        const out = await project.pulumi("refresh", "--yes", "--skip-preview", "--run-program");
        const diagnostics = out.slice(out.indexOf("Diagnostics:"));
        expect(diagnostics, out).to.match(/hosting:index:Webhook \(hook\):\s+warning: webhook [\w-]+: this API has no endpoint to read webhooks/);
      } finally {
        await project.config({ "hosting:baseUrl": world.sim.url });
        await proxy.close();
      }
    });

    // `--logflow` is what makes the CLI hand its logging flags to the plugins it starts
    // (--logtostderr, -v=9 before the engine's address): a plugin that refused them would end
    // the up before its first request. A wrapper between the engine and the tarball's bin
    // records the arguments each launch got, then runs the bin with them.
    if (shape === "A") it("pulumi up --logtostderr --logflow -v=9: the plugin takes the engine's logging flags and the update applies", async () => {
      const recorder = path.join(project.dir, "argv-recorder");
      const launches = path.join(recorder, "launches.txt");
      fs.mkdirSync(recorder, { recursive: true });
      const realBin = path.join(project.dir, "node_modules", ".bin", "pulumi-resource-hosting");
      fs.writeFileSync(path.join(recorder, "pulumi-resource-hosting"), `#!/bin/sh\nprintf '%s ' "$@" >> '${launches}'\necho >> '${launches}'\nexec '${realBin}' "$@"\n`, { mode: 0o755 });
      const file = path.join(project.dir, "Pulumi.yaml");
      const saved = fs.readFileSync(file, "utf8");
      fs.writeFileSync(file, saved.replace("path: ./node_modules/.bin", "path: ./argv-recorder"));
      try {
        await project.config({ label: "third" });
        const out = await project.pulumi("up", "--yes", "--logtostderr", "--logflow", "-v=9");
        expect(out).to.match(/~ 1 updated/);
        const stderr = project.printed[project.printed.length - 1];
        expect(stderr, "the CLI logged at level 9").to.match(/Launching plugin 'hosting \(resource\)' from '[^']*argv-recorder\/pulumi-resource-hosting'/);
        // The engine's launches carry the flags; a launch by the YAML program's own process
        // (it starts the plugin too, and was not given --logflow) carries the address alone.
        const lines = fs.readFileSync(launches, "utf8").trim().split("\n").map((l) => l.trim());
        expect(lines.filter((l) => /^--logtostderr -v=9 127\.0\.0\.1:\d+$/.test(l)), lines.join("\n")).to.have.length.at.least(1);
        for (const line of lines) expect(line).to.match(/^(--logtostderr -v=9 )?127\.0\.0\.1:\d+$/);
      } finally {
        fs.writeFileSync(file, saved);
      }
      const servers = Object.values(await live());
      expect(servers.map((s) => s.label)).to.include("third");
      await project.pulumi("preview", "--expect-no-changes");
    });

    if (shape === "A") it("PULUMI_DEBUG_PROVIDERS=hosting:<port> attaches to a plugin started by hand", async () => {
      const bin = path.join(installedPackage(), ".bin", "pulumi-resource-hosting");
      const plugin: ChildProcess = spawn(bin, [], { stdio: ["ignore", "pipe", "inherit"] });
      try {
        const port = await new Promise<string>((resolve, reject) => {
          plugin.stdout!.once("data", (d: Buffer) => resolve(d.toString().trim()));
          plugin.once("exit", (code) => reject(new Error(`the plugin ended (${code}) before printing its port`)));
        });
        expect(port).to.match(/^\d+$/);
        // The project's plugin path is made useless: only the attached plugin can answer.
        const file = path.join(project.dir, "Pulumi.yaml");
        const saved = fs.readFileSync(file, "utf8");
        fs.mkdirSync(path.join(project.dir, "no-plugin-here"), { recursive: true });
        fs.writeFileSync(file, saved.replace("path: ./node_modules/.bin", "path: ./no-plugin-here"));
        try {
          await expectFails(() => project.pulumi("preview"), "without the attach, the plugin cannot be found");
          process.env.PULUMI_DEBUG_PROVIDERS = `hosting:${port}`;
          await project.pulumi("preview", "--expect-no-changes");
        } finally {
          delete process.env.PULUMI_DEBUG_PROVIDERS;
          fs.writeFileSync(file, saved);
        }
        expect(plugin.exitCode, "the attached plugin outlives the engine").to.equal(null);
      } finally {
        plugin.kill();
      }
    });
  });
}

async function expectFails(run: () => Promise<unknown>, why: string): Promise<void> {
  let failed = false;
  await run().catch(() => (failed = true));
  expect(failed, why).to.equal(true);
}
