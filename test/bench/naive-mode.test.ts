// The benchmark's naive baseline (bench/naive/): per-server GET polling and an unpaced client,
// served only to the naive face's resources: NaiveServer's shell requires bench/naive/provider,
// whose provider process makes NaiveWaiters and Unpaced pacers. The product's dynamic face and
// any ProviderProcess built without options keep the shared StatusWaiter and the paced client.
// Asserted on the processes themselves and on what the simulator saw.
import { expect } from "chai";
import * as fs from "fs";
import * as path from "path";
import * as pulumi from "@pulumi/pulumi";
import { createClient } from "../../provider/api";
import { ProviderProcess } from "../../provider/core/provider-process";
import { StatusWaiter } from "../../provider/core/status-waiter";
import { dynamicProcess } from "../../provider/dynamic/host";
import { NaiveWaiter } from "../../bench/naive/naive-waiter";
import { naiveProcess } from "../../bench/naive/provider";
import { NAIVE_PROVIDER, naiveServerProvider } from "../../bench/naive/server";
import { Unpaced } from "../../bench/naive/unpaced";
import { withProductShells } from "../../bench/fleet/scenario";
import { SHAPES, KEYS, countRequests, forgetSettings, serverNews, stackConfig, startWorld, testApi, useSim } from "../provider/harness";
import type { TestSimulator } from "../helpers/simulator";

const requireFromString = require("require-from-string");

/** What pulumi.dynamic.Resource stores as `__provider` (dynamic/index.js serializeProvider). */
async function serialize(provider: pulumi.dynamic.ResourceProvider): Promise<string> {
  return (await pulumi.runtime.serializeFunction(() => provider, { allowSecrets: true })).text;
}

/** What the dynamic-provider host does with it (cmd/dynamic-provider/index.js getProvider). */
function load(text: string): any {
  return requireFromString(text).handler();
}

const FACTS = { project: "bench", stack: "naive" };

describe("naive face", () => {
  it("the product ships no naive baseline: no file under provider/ names it", () => {
    const root = path.resolve(__dirname, "../../../provider");
    const walk = (d: string): string[] => fs.readdirSync(d, { withFileTypes: true }).flatMap((e) => (e.isDirectory() ? walk(path.join(d, e.name)) : [path.join(d, e.name)]));
    const naming = walk(root).filter((f) => f.endsWith(".ts") && /NaiveWaiter|Unpaced|naive-waiter|bench\/naive/.test(fs.readFileSync(f, "utf8").replace(/^\s*(\/\/|\*|\/\*\*).*$/gm, "")));
    expect(naming).to.deep.equal([]);
  });

  it("NaiveServer's shell requires the compiled naive provider by absolute path, and nothing of the product", async () => {
    expect(path.isAbsolute(NAIVE_PROVIDER)).to.equal(true);
    expect(require.resolve("../../bench/naive/provider")).to.equal(NAIVE_PROVIDER);
    const text = await serialize(naiveServerProvider(FACTS));
    expect(text).to.include(JSON.stringify(NAIVE_PROVIDER));
    expect(text).to.not.include("pulumi-hosting/internal");
    // It captures the path and the facts, never a module: `exports` appears once, as the handler's.
    expect(text.match(/exports/g)).to.deep.equal(["exports"]);
    expect(text).to.not.include("HOSTING_");
  });

  it("the naive face and the product's dynamic face have provider processes of their own: configuring one leaves the other as it was", () => {
    const at = (baseUrl: string) => ({ get: (key: string) => ({ "hosting:apiKey": KEYS.full, "hosting:baseUrl": baseUrl } as Record<string, string>)[key] });
    const dynamicBefore = dynamicProcess.baseUrl();
    try {
      naiveProcess.configure(at("http://127.0.0.1:9"));
      expect(naiveProcess.baseUrl()).to.equal("http://127.0.0.1:9");
      expect(dynamicProcess.baseUrl(), "the dynamic face's settings").to.equal(dynamicBefore);
      dynamicProcess.configure(at("http://127.0.0.1:8"));
      expect(naiveProcess.baseUrl(), "the naive face's settings").to.equal("http://127.0.0.1:9");
      expect(naiveProcess.waiter()).to.be.an.instanceOf(NaiveWaiter);
      expect(dynamicProcess.waiter()).to.be.an.instanceOf(StatusWaiter);
      expect((naiveProcess.client() as any).rateLimitState().unlimited, "the naive client does not pace").to.equal(true);
      expect((dynamicProcess.client() as any).rateLimitState().unlimited, "the product's client paces").to.equal(false);
    } finally {
      naiveProcess.configure(undefined);
      dynamicProcess.configure(undefined);
    }
  });
});

for (const shape of SHAPES) {
  describe(`naive baseline against the simulator, shape ${shape}`, () => {
    let sim: TestSimulator;
    const config = () => stackConfig({ "hosting:apiKey": KEYS.full, "hosting:baseUrl": sim.url });

    before(async () => {
      sim = await startWorld(shape);
    });
    after(async () => {
      forgetSettings();
      // The module-wide processes this suite configured go back to no settings.
      naiveProcess.configure(undefined);
      dynamicProcess.configure(undefined);
      await sim.close();
    });
    beforeEach(async () => {
      useSim(sim);
      await sim.reset();
    });

    it("by default a provider process waits with the shared StatusWaiter and a pacing client", () => {
      const proc = new ProviderProcess();
      proc.configure(config());
      expect(proc.waiter()).to.be.an.instanceOf(StatusWaiter);
      expect((proc.client() as any).rateLimitState().unlimited).to.equal(false);
    });

    it("the naive face's provider process waits with a NaiveWaiter and an unpaced client", () => {
      naiveProcess.configure(config());
      expect(naiveProcess.waiter()).to.be.an.instanceOf(NaiveWaiter);
      expect(naiveProcess.waiter().absenceGraceMs).to.equal(new StatusWaiter(naiveProcess.client()).absenceGraceMs);
      expect((naiveProcess.client() as any).rateLimitState()).to.include({ unlimited: true, inFlight: 0 });
    });

    it("a create through the loaded NaiveServer shell runs in the naive process: GETs of its own server, never a list", async () => {
      const provider = load(await serialize(naiveServerProvider(FACTS)));
      await provider.configure({ config: config() });
      expect(naiveProcess.baseUrl()).to.equal(sim.url);
      const checked = await provider.check({}, serverNews({ label: "naive-shell" }));
      expect(checked.failures ?? []).to.deep.equal([]);
      const waiter = naiveProcess.waiter() as NaiveWaiter;
      const polls = waiter.polls;
      await sim.resetStats();
      const created = await provider.create(checked.inputs);
      expect(created.outs).to.include({ status: "active", label: "naive-shell" });
      const stats = await sim.stats();
      expect(waiter.polls - polls).to.be.at.least(1);
      expect(countRequests(stats, "GET /v1/servers/:id")).to.be.at.least(waiter.polls - polls);
      expect(countRequests(stats, "GET /v1/servers")).to.equal(0);
      await sim.deleteServer(created.id);
    });

    it("the bench's clean-up (withProductShells) points a NaiveServer shell at the product's dynamic face", async () => {
      const naiveText = await serialize(naiveServerProvider(FACTS));
      const state = { deployment: { resources: [{ inputs: { __provider: naiveText }, outputs: { __provider: naiveText } }, { inputs: { key: "noop" } }] } };
      const [res] = withProductShells(state).deployment.resources;
      expect(res.outputs!.__provider).to.equal(res.inputs.__provider);
      const text = res.inputs.__provider as string;
      expect(text).to.not.include(NAIVE_PROVIDER);
      const provider = load(text);
      await provider.configure({ config: config() });
      expect(dynamicProcess.baseUrl()).to.equal(sim.url);
      expect(dynamicProcess.waiter()).to.be.an.instanceOf(StatusWaiter);
      expect((dynamicProcess.client() as any).rateLimitState().unlimited).to.equal(false);
    });

    it("the naive waiter polls each server with its own GET /v1/servers/:id and never lists", async () => {
      const client = testApi();
      const made = await Promise.all([1, 2, 3].map((n) => client.createServer({ region: "ewr", plan: "vc2-1c-1gb", os: "ubuntu-24.04", label: `naive-${n}` })));
      await sim.admin("POST", "/stats/reset");
      const waiter = new NaiveWaiter(client, 20);
      const goal = (s: { status: string } | undefined) => (s?.status === "active" ? "done" : "wait") as "done" | "wait";
      const outcomes = await Promise.all(made.map(({ server }) => waiter.wait({ id: server.id, goal, timeoutMs: 5000 })));
      expect(outcomes.map((o) => o.outcome)).to.deep.equal(["done", "done", "done"]);
      const stats = await sim.stats();
      expect(countRequests(stats, "GET /v1/servers")).to.equal(0);
      expect(countRequests(stats, "GET /v1/servers/:id")).to.equal(waiter.polls);
      expect(waiter.polls).to.be.at.least(3);
    });

    it("the unpaced pacer sends past the bucket and meets 429s; the default pacing meets none", async () => {
      const burstOf = async (key: string, unpaced: boolean) => {
        await sim.addKey({ key, permission: "full", tier: "custom", limit: 6000, burst: 2 });
        const client = createClient({ baseUrl: sim.url, apiKey: key, minRetryDelayMs: 5, maxRetryDelayMs: 50, pacer: unpaced ? () => new Unpaced() : undefined });
        await sim.admin("POST", "/stats/reset");
        await Promise.all(Array.from({ length: 8 }, () => client.getAccount()));
        return (await sim.stats()).rateLimited;
      };
      expect(await burstOf("naive-unpaced-key-0001", true)).to.be.greaterThan(0);
      expect(await burstOf("naive-paced-key-00002", false)).to.equal(0);
    });
  });
}
