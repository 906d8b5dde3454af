// Scenarios 1-8 of the end-to-end suite, through the real Pulumi engine and the
// simulator, in both response shapes: up, no-change preview and refresh,
// in-place updates vs replacement, power state, drift, failed provisioning,
// destroy, and secrets kept out of state and logs.
import { expect } from "chai";
import { E2EStack } from "./e2e-stack";
import { countRequests } from "../helpers/simulator";
import { until } from "../helpers/wait";
import { API_KEY, createStack, ProgramSpec, SHAPES, startWorld, WEBHOOK_SECRET, World } from "./fixtures";
import { given } from "./support/given";

const SERVER_TYPE = "pulumi-nodejs:dynamic/hosting:Server";
const USER_DATA = "#!/bin/sh\necho e2e-user-data-5c1d > /etc/motd\n";

for (const shape of SHAPES) {
  describe(`end to end, shape ${shape}: the server lifecycle`, function () {
    let world: World;
    let stack: E2EStack;
    let spec: ProgramSpec;
    const ids: Record<string, string> = {};
    /** The first up, which every later case stands on; it records the servers' ids. */
    const upped = given(async () => {
      const result = await stack.up();
      for (const name of ["web1", "web2", "db1"]) ids[name] = result.outputs[name].value.id;
      return result;
    });
    /** A refresh after the first up, after which a preview shows only the declared changes. */
    const refreshed = given(async () => {
      await upped();
      return stack.refresh();
    });

    before(async () => {
      world = await startWorld(shape);
      spec = {
        servers: {
          web1: { label: "web-1", tags: ["web", "prod"] },
          // user_data is a create field of shape B only; A refuses userData at preview.
          web2: { label: "web-2", tags: ["web"], ...(shape === "B" ? { userData: USER_DATA } : {}) },
          db1: { label: "db-1", region: "fra", plan: "vc2-2c-4gb", tags: ["db"] },
        },
        webhookUrl: world.receiver.url,
        lookups: true,
      };
      stack = await createStack(world, () => spec);
    });

    after(async () => {
      await stack?.destroy().catch(() => undefined);
      await stack?.dispose();
      await world?.close();
    });

    it("1. up creates 3 active servers, a webhook and lookups, and the receiver verifies server.created", async () => {
      const result = await upped();
      expect(result.summary.result).to.equal("succeeded");
      const outputs = result.outputs;
      for (const name of ["web1", "web2", "db1"]) {
        const server = outputs[name].value;
        expect(server.status, name).to.equal("active");
        expect(server.mainIp, name).to.match(/^\d+\.\d+\.\d+\.\d+$/);
      }
      expect(outputs.db1.value.label).to.equal("db-1");
      expect(outputs.web1.value.tags).to.deep.equal(["prod", "web"]);
      expect(outputs.lookups.value).to.deep.include({ planVcpus: 1 });
      expect(outputs.lookups.value.city).to.be.a("string").and.not.empty;
      expect(outputs.webhookId.value).to.be.a("string").and.not.empty;

      const live = await world.sim.liveServers();
      expect(live.map((s) => s.status)).to.deep.equal(["active", "active", "active"]);
      expect(live.map((s) => s.id).sort()).to.deep.equal(Object.values(ids).sort());

      const events = await until("three server.created deliveries", async () => world.receiver.events.filter((e) => e.event === "server.created"), {
        done: (created) => created.length >= 3,
        timeoutMs: 10_000,
        intervalMs: 100,
      });
      expect(events.map((e) => (e.data as any).server.id).sort()).to.deep.equal(Object.values(ids).sort());
      expect(world.receiver.rejected).to.deep.equal([]);
      // The receiver verified each signature with WEBHOOK_SECRET: the API signs with the
      // secret the program declared, carried through the engine as a secret input.
      const [registered] = (await world.sim.rawWebhooks()).filter((w) => !w.deleted_at);
      expect(registered.secret).to.equal(WEBHOOK_SECRET);
    });

    it("2. preview after up shows no change, and again after refresh", async () => {
      await upped();
      await world.sim.resetStats();
      const preview = await stack.preview(true);
      expect(preview.changeSummary).to.not.have.any.keys("create", "update", "replace", "delete");
      const refresh = await refreshed();
      expect(refresh.summary.resourceChanges).to.not.have.any.keys("update", "delete");
      const again = await stack.preview(true);
      expect(again.changeSummary).to.not.have.any.keys("create", "update", "replace", "delete");
    });

    it("3a. label and tags change in place: same ids, one PATCH per server", async () => {
      await refreshed();
      spec.servers.web1 = { ...spec.servers.web1, label: "web-1-renamed", tags: ["web", "prod", "canary"] };
      spec.servers.web2 = { ...spec.servers.web2, tags: ["web", "blue"] };
      // After a refresh, `preview --diff` shows the declared changes and nothing
      // else: no `-hostname` for the host name the API chose.
      const preview = await stack.preview();
      expect(preview.stdout).to.match(/label\s*:\s*"web-1"\s*=>\s*"web-1-renamed"/);
      expect(preview.stdout, preview.stdout).to.not.match(/hostname/);
      await world.sim.resetStats();
      const result = await stack.up();
      expect(result.summary.resourceChanges).to.include({ update: 2 });
      expect(result.outputs.web1.value.id).to.equal(ids.web1);
      expect(result.outputs.web2.value.id).to.equal(ids.web2);
      expect(result.outputs.web1.value.label).to.equal("web-1-renamed");
      const stats = await world.sim.stats();
      expect(countRequests(stats, "PATCH /v1/servers/:id")).to.equal(2);
      expect(countRequests(stats, "POST /v1/servers")).to.equal(0);
      expect(countRequests(stats, "DELETE")).to.equal(0);
    });

    it("3b. an os and an osId naming the same image are no change", async () => {
      await upped();
      const image = (await (await fetch(`${world.sim.url}/v1/os`, { headers: { Authorization: `Bearer ${API_KEY}` } })).json()) as any;
      const list = image.os ?? image.data;
      const ubuntu = list.find((i: any) => i.slug === "ubuntu-24.04");
      spec.servers.web1 = { ...spec.servers.web1, os: undefined, osId: ubuntu.id };
      const preview = await stack.preview(true);
      expect(preview.changeSummary).to.not.have.any.keys("update", "replace");
    });

    it("3c. an OS change replaces the server: a new id, the old one deleted", async () => {
      await upped();
      spec.servers.db1 = { ...spec.servers.db1, os: "debian-12" };
      const result = await stack.up();
      expect(result.summary.resourceChanges).to.include({ replace: 1 });
      const newId = result.outputs.db1.value.id;
      expect(newId).to.not.equal(ids.db1);
      const raw = await world.sim.rawServers();
      const old = raw.find((s) => s.id === ids.db1);
      expect(old, "the old server is in the raw table").to.exist;
      expect(Boolean(old!.deleted_at) || old!.status === "terminated", "the old server was deleted").to.equal(true);
      expect((await world.sim.liveServers()).map((s) => s.id)).to.not.include(ids.db1);
      ids.db1 = newId;
    });

    it("4. powerState stopped stops the server; running starts it again", async () => {
      await upped();
      spec.servers.web2 = { ...spec.servers.web2, powerState: "stopped" };
      let result = await stack.up();
      expect(result.outputs.web2.value.status).to.equal("stopped");
      expect((await world.sim.rawServers()).find((s) => s.id === ids.web2)?.status).to.equal("stopped");
      spec.servers.web2 = { ...spec.servers.web2, powerState: "running" };
      result = await stack.up();
      expect(result.outputs.web2.value.status).to.equal("active");
      expect(result.outputs.web2.value.id).to.equal(ids.web2);
    });

    it("5. a server deleted behind the program's back: refresh drops it, up recreates it", async () => {
      await upped();
      await world.sim.deleteServer(ids.web1);
      await stack.refresh();
      const inState = (await stack.resources(SERVER_TYPE)).map((r) => r.id);
      expect(inState).to.not.include(ids.web1);
      const result = await stack.up();
      expect(result.summary.resourceChanges).to.include({ create: 1 });
      expect(result.outputs.web1.value.id).to.not.equal(ids.web1);
      ids.web1 = result.outputs.web1.value.id;
    });

    it("6. a server that provisions into error: up fails clearly, it stays in state, the next up replaces it", async () => {
      await upped();
      await world.sim.setConfig({ errorRate: 1 });
      spec.servers.bad1 = { label: "bad-1" };
      let failure: Error | undefined;
      try {
        await stack.up();
      } catch (err) {
        failure = err as Error;
      }
      expect(failure, "up should fail").to.exist;
      expect(String(failure?.message)).to.match(/bad-1|bad1/).and.to.match(/error/i);
      const bad = (await stack.resources(SERVER_TYPE)).find((r) => r.urn.endsWith("::bad1"));
      expect(bad, "the failed server is kept in state").to.exist;
      expect(bad.outputs.status).to.equal("error");
      const failedId = bad.id;

      await world.sim.setConfig({ errorRate: 0 });
      const result = await stack.up();
      expect(result.outputs.bad1.value.status).to.equal("active");
      expect(result.outputs.bad1.value.id).to.not.equal(failedId);
      expect((await world.sim.liveServers()).map((s) => s.id)).to.not.include(failedId);
    });

    it("8. state and logs hold no plain API key, webhook secret or user data", async () => {
      await upped();
      const exported = await stack.exportAsUser();
      const state = exported + stack.rawStateFiles().join("\n");
      const logs = stack.logs.join("");
      for (const secret of [API_KEY, WEBHOOK_SECRET, ...(shape === "B" ? ["e2e-user-data-5c1d"] : [])]) {
        expect(state, `state leaks ${secret}`).to.not.include(secret);
        expect(logs, `logs leak ${secret}`).to.not.include(secret);
      }
      // They are there, encrypted: a secret in state is {"4dabf18193072939515e22adb298388d": ..., "ciphertext": ...}.
      const web2 = JSON.parse(exported).deployment.resources.find((r: any) => r.urn.endsWith("::web2"));
      if (shape === "B") expect(web2.outputs.userData).to.have.property("ciphertext");
      const provider = JSON.parse(exported).deployment.resources.find((r: any) => r.type === "pulumi:providers:pulumi-nodejs");
      expect(provider.inputs["hosting:apiKey"]).to.have.property("ciphertext");
    });

    it("7. destroy leaves no server and no webhook in the simulator", async () => {
      await upped();
      const result = await stack.destroy();
      expect(result.summary.result).to.equal("succeeded");
      expect(await world.sim.liveServers()).to.deep.equal([]);
      expect((await world.sim.rawWebhooks()).filter((w) => !w.deleted_at)).to.deep.equal([]);
    });
  });
}
