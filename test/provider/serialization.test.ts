// The serialized providers are thin shells of at most 1 KB that require the implementation by
// package name and resolve from the working directory, and every Server and Webhook method runs
// through the loaded shell, in both shapes and in a fresh process.
import { expect } from "chai";
import { execFile } from "child_process";
import * as fs from "fs";
import * as path from "path";
import * as pulumi from "@pulumi/pulumi";
import { serverProvider } from "../../provider/server/resource";
import { webhookProvider } from "../../provider/webhook/resource";
import { fleetProvider } from "../../provider/fleet/resource";
import { dynamicProcess } from "../../provider/dynamic/host";
import type { ResourceFacts } from "../../provider/core/context";
import type { TestSimulator } from "../helpers/simulator";
import { KEYS, SHAPES, forgetSettings, serverNews, stackConfig, startWorld } from "./harness";

const requireFromString = require("require-from-string");
const REPO_ROOT = path.resolve(__dirname, "../../..");

/** What the resource classes hand their shells in the stack fleet/dev (provider/core/shell.ts dynamicFacts). */
const STACK: ResourceFacts = { project: "fleet", stack: "dev" };
/** A Fleet's shell names it too (its tag), as does an adopting Server's. */
const NAMED: ResourceFacts = { ...STACK, name: "web" };

/** What pulumi.dynamic.Resource stores as `__provider` (dynamic/index.js serializeProvider). */
async function serialize(provider: pulumi.dynamic.ResourceProvider): Promise<string> {
  const sf = await pulumi.runtime.serializeFunction(() => provider, { allowSecrets: true });
  expect(sf.exportName).to.equal("handler");
  return sf.text;
}

/** What the dynamic-provider host does with it (cmd/dynamic-provider/index.js getProvider). */
function load(text: string): any {
  return requireFromString(text).handler();
}

describe("serialized providers", () => {
  it("are thin shells of at most 1 KB that require the implementation by package name", async () => {
    const shells = [[serverProvider(STACK), "server"], [serverProvider(NAMED), "server"], [webhookProvider(STACK), "webhook"], [fleetProvider(NAMED), "fleet"]] as const;
    for (const [provider, name] of shells) {
      const text = await serialize(provider);
      expect(text.length, name).to.be.at.most(1024);
      expect(text).to.include(`require("pulumi-hosting/internal/${name}")`);
      expect(text).to.not.match(/apiKey|HOSTING_|http:\/\//);
      for (const method of ["configure", "check", "diff", "create", "read", "update", "delete"]) {
        expect(typeof load(text)[method], method).to.equal("function");
      }
    }
  });

  it("resolve from the working directory's node_modules, as the host loads them (no file name)", () => {
    expect(process.cwd()).to.equal(REPO_ROOT);
    expect(fs.realpathSync(path.join(REPO_ROOT, "node_modules", "pulumi-hosting"))).to.equal(REPO_ROOT);
  });
});

for (const shape of SHAPES) {
  describe(`serialized providers round-trip against the simulator, shape ${shape}`, () => {
    let sim: TestSimulator;
    before(async () => {
      sim = await startWorld(shape);
      // The dynamic face's process forgets any stack config: only the loaded shell's configure may deliver it.
      dynamicProcess.configure(undefined);
    });
    after(async () => {
      forgetSettings();
      await sim.close();
    });

    it("runs every Server method through the loaded shell", async () => {
      const text = await serialize(serverProvider(STACK));
      const provider = load(text);
      await provider.configure({ config: stackConfig({ "hosting:apiKey": KEYS.full, "hosting:baseUrl": sim.url }) });
      const checked = await provider.check({}, { ...serverNews({ tags: ["b", "a"] }), __provider: text });
      expect(checked.failures ?? []).to.deep.equal([]);
      expect(Object.keys(checked.inputs).filter((k) => k.startsWith("__")), "the facts stay in the shell").to.deep.equal(["__provider"]);
      const created = await provider.create(checked.inputs);
      expect(created.outs).to.include({ status: "active", osId: 2284, os: "ubuntu-24.04" });
      // The shell's facts reached the core: the stack's ownership tag is the default in shape A only.
      if (shape === "A") expect(created.outs).to.include({ ownerTag: "pulumi-stack:fleet/dev" });
      else expect(created.outs).to.not.have.property("ownerTag");
      const outs = { ...created.outs, __provider: text };
      const read = await provider.read(created.id, outs);
      expect(read.props).to.deep.equal(created.outs);
      const news = (await provider.check(checked.inputs, { ...serverNews({ tags: ["c"], label: "renamed" }), __provider: text })).inputs;
      expect(await provider.diff(created.id, outs, news)).to.deep.include({ changes: true, replaces: [] });
      const updated = await provider.update(created.id, outs, news);
      expect(updated.outs).to.include({ label: "renamed" });
      await provider.delete(created.id, updated.outs);
      expect((await provider.read(created.id, updated.outs)).id).to.equal("");
    });

    it("runs every Webhook method through the loaded shell", async () => {
      const text = await serialize(webhookProvider(STACK));
      const provider = load(text);
      await provider.configure({ config: stackConfig({ "hosting:apiKey": KEYS.full, "hosting:baseUrl": sim.url }) });
      const checked = await provider.check({}, { url: "http://127.0.0.1:9/a", events: ["server.created"], secret: "", __provider: text });
      const created = await provider.create(checked.inputs);
      const outs = { ...created.outs, __provider: text };
      expect((await provider.read(created.id, outs)).props).to.deep.equal(created.outs);
      const news = (await provider.check(checked.inputs, { url: "http://127.0.0.1:9/b", events: ["server.created"], __provider: text })).inputs;
      expect(news.secret).to.equal(checked.inputs.secret);
      expect(await provider.diff(created.id, outs, news)).to.deep.include({ changes: true, replaces: [] });
      const updated = await provider.update(created.id, outs, news);
      expect(updated.outs.url).to.equal("http://127.0.0.1:9/b");
      await provider.delete(created.id, updated.outs);
      expect((await provider.read(created.id, updated.outs)).id).to.equal("");
    });

    it("works in a fresh process that has only the text and the stack config", async () => {
      const text = await serialize(serverProvider(STACK));
      const script = `
        const provider = require("require-from-string")(process.env.SHELL_TEXT).handler();
        (async () => {
          await provider.configure({ config: { get: (k) => ({ "hosting:apiKey": process.env.KEY, "hosting:baseUrl": process.env.URL })[k] } });
          const c = await provider.check({}, { region: "ewr", plan: "vc2-1c-1gb", osId: 2284, label: "fresh" });
          const made = await provider.create(c.inputs);
          await provider.delete(made.id, made.outs);
          console.log(JSON.stringify({ id: made.id, status: made.outs.status, os: made.outs.os }));
        })().catch((e) => { console.error(e.message); process.exit(1); });`;
      // The test run's catalogue folder is a process setting, not a credential: without it the
      // child wrote into the user's ~/.cache (test/helpers/run-folders.ts).
      const env = { PATH: process.env.PATH, HOSTING_CATALOGUE_CACHE_DIR: process.env.HOSTING_CATALOGUE_CACHE_DIR, SHELL_TEXT: text, KEY: KEYS.full, URL: sim.url };
      const stdout = await new Promise<string>((resolve, reject) =>
        execFile(process.execPath, ["-e", script], { cwd: REPO_ROOT, env, timeout: 20000 }, (err, out, errOut) => (err ? reject(new Error(errOut || err.message)) : resolve(out))),
      );
      const result = JSON.parse(stdout.trim().split("\n").pop()!);
      expect(result).to.include({ status: "active", os: "ubuntu-24.04" });
      const raw = (await sim.rawServers()).find((s: any) => s.id === result.id);
      expect(raw.deleted_at).to.not.equal(null);
    });
  });
}
