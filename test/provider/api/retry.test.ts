// Retries in both shapes: through a 503, a connection reset, a lost answer or a time-out each
// create makes exactly one server (its Idempotency-Key replayed), reads are retried, a lost delete
// or power action is read back, and giving up says what failed.
import { expect } from "chai";
import type { RetryEvent } from "../../../provider/api";
import { until } from "../../helpers/wait";
import { startProxy } from "../../helpers/proxy";
import { UBUNTU_SLUG, useClientSimulator } from "../../helpers/client-simulator";
import { SHAPES, countRequests } from "../../helpers/simulator";

const CREATE = { region: "ewr", plan: "vc2-1c-1gb", os: "" };

for (const shape of SHAPES) {
  describe(`API client retries, shape ${shape}`, () => {
    const sim = useClientSimulator(shape);
    const created = shape === "A" ? 202 : 201;
    before(() => {
      CREATE.os = UBUNTU_SLUG;
    });

    /** Changes the simulator's faults between attempts: rule i applies to attempt i + 1. */
    function scripted(route: string, rules: Record<string, unknown>[]) {
      const events: RetryEvent[] = [];
      return {
        events,
        start: () => sim().setFaults([{ route, ...rules[0] }]),
        onRetry: async (e: RetryEvent) => {
          events.push(e);
          const next = rules[e.attempt];
          await sim().setFaults(next ? [{ route, ...next }] : []);
        },
      };
    }

    it("creates exactly one server through a 503, a connection reset and a lost answer", async () => {
      const script = scripted("POST /v1/servers", [
        { errorRate: 1, errorStatuses: [503] },
        { resetRate: 1 },
        { lostAnswerRate: 1 },
      ]);
      await script.start();
      const api = sim().client({ onRetry: script.onRetry });
      const { server } = await api.createServer({ ...CREATE, label: "only-one" });

      const raw = await sim().rawServers();
      expect(raw.map((s) => s.id)).to.deep.equal([server.id]);
      const stats = await sim().stats();
      expect(stats.byRoute).to.deep.include({
        "POST /v1/servers 503": 1,
        "POST /v1/servers reset": 1,
        "POST /v1/servers lost": 1,
        [`POST /v1/servers ${created}`]: 1,
      });
      expect(script.events.map((e) => e.error.name)).to.deep.equal(["HttpError", "NetworkError", "NetworkError"]);
      expect(api.stats()).to.deep.include({ retries: 3 });
      expect(api.stats().byRoute["POST /v1/servers"]).to.equal(4);
    });

    it("creates exactly one server per logical create under random faults (seeded)", async function () {
      this.timeout(30_000);
      await sim().setFaults([
        { route: "POST /v1/servers", errorRate: 0.2, resetRate: 0.15, lostAnswerRate: 0.25 },
        { route: "GET /v1/*", errorRate: 0.2, errorStatuses: [500, 502, 503], resetRate: 0.1 },
      ]);
      const api = sim().client({ retries: 20 });
      const results = await Promise.all(
        Array.from({ length: 20 }, (_, i) => api.createServer({ ...CREATE, label: `fleet-${i}` })),
      );
      await sim().setFaults([]);
      const raw = await sim().rawServers();
      expect(raw).to.have.length(20);
      expect(new Set(raw.map((s) => s.label))).to.have.property("size", 20);
      expect(results.map((r) => r.server.id).sort()).to.deep.equal(raw.map((s) => s.id).sort());
      const stats = await sim().stats();
      // The faults really happened.
      expect(countRequests(stats, "POST /v1/servers lost")).to.be.greaterThan(0);
      expect(countRequests(stats, "POST /v1/servers reset")).to.be.greaterThan(0);
      expect(countRequests(stats, "POST /v1/servers 5")).to.be.greaterThan(0);
      expect(api.stats().retries).to.be.greaterThan(0);
    });

    it("replays a create that times out after doing the work (same Idempotency-Key)", async () => {
      const script = scripted("POST /v1/servers", [{ delayRate: 1, delayMs: 400 }]);
      await script.start();
      const api = sim().client({ timeoutMs: 100, onRetry: script.onRetry });
      const { server } = await api.createServer({ ...CREATE, label: "slow" });
      expect(script.events[0]!.error.name).to.equal("TimeoutError");
      expect((await sim().rawServers()).map((s) => s.id)).to.deep.equal([server.id]);
    });

    it("replays a create the caller repeats with its own Idempotency-Key", async () => {
      const api = sim().client();
      const a = await api.createServer({ ...CREATE, label: "rerun" }, { idempotencyKey: "op-123" });
      const b = await api.createServer({ ...CREATE, label: "rerun" }, { idempotencyKey: "op-123" });
      expect(b.server.id).to.equal(a.server.id);
      expect(await sim().rawServers()).to.have.length(1);
    });

    it("retries reads through 502s and resets", async () => {
      const script = scripted("GET /v1/servers", [{ errorRate: 1, errorStatuses: [502] }, { resetRate: 1 }]);
      await sim().client().createServer({ ...CREATE, label: "listed" });
      await script.start();
      const api = sim().client({ onRetry: script.onRetry });
      expect((await api.listAllServers()).map((s) => s.label)).to.deep.equal(["listed"]);
      expect(api.stats().retries).to.equal(2);
    });

    it("reports a delete whose answer was lost as done, and stops a server whose stop answer was lost", async () => {
      const api = sim().client();
      const { server } = await api.createServer({ ...CREATE, label: "x" });
      await until("server active", async () => (await api.getServer(server.id))?.status === "active");

      const stop = scripted("POST /v1/servers/:id/stop", [{ lostAnswerRate: 1 }]);
      await stop.start();
      const stopping = await sim().client({ onRetry: stop.onRetry }).serverAction(server.id, "stop");
      expect(["stopping", "stopped"]).to.include(stopping.status);
      expect(countRequests(await sim().stats(), "POST /v1/servers/:id/stop lost")).to.equal(1);

      const del = scripted("DELETE /v1/servers/:id", [{ lostAnswerRate: 1 }]);
      await del.start();
      expect(await sim().client({ onRetry: del.onRetry }).deleteServer(server.id)).to.equal(true);
      const raw = (await sim().rawServers())[0]!;
      expect(raw.status === "terminated" || raw.deleted_at !== null).to.equal(true);
    });

    it("reads a power action back when its answer was lost and an API that does not replay actions answers the repeat 409", async () => {
      // The spec leaves replay by Idempotency-Key open; the simulator replays every POST. A
      // proxy that drops the key on actions stands for an API that does not, so the repeat
      // runs the action again and meets the status the lost attempt already brought.
      const api = sim().client();
      const { server } = await api.createServer({ ...CREATE, label: "no-replay" });
      await until("server active", async () => (await api.getServer(server.id))?.status === "active");
      const proxy = await startProxy(sim().url, { dropHeaders: { on: /^POST \/v1\/servers\/[^/]+\/(start|stop|reboot|halt)$/, names: ["idempotency-key"] } });
      try {
        await sim().setConfig({ transitionMs: 5_000 });
        const stop = scripted("POST /v1/servers/:id/stop", [{ lostAnswerRate: 1 }]);
        await stop.start();
        const stopping = await sim().client({ baseUrl: proxy.url, onRetry: stop.onRetry }).serverAction(server.id, "stop");
        expect(stopping.status).to.equal("stopping");
        const stats = await sim().stats();
        expect(countRequests(stats, "POST /v1/servers/:id/stop lost"), "the first answer was lost").to.equal(1);
        expect(countRequests(stats, "POST /v1/servers/:id/stop 409"), "the repeat was refused, not replayed").to.equal(1);
        expect(countRequests(stats, "GET /v1/servers/:id 200"), "and the server was read back").to.be.at.least(1);
        expect(stop.events).to.have.length(1);
      } finally {
        await sim().setConfig({ transitionMs: 50 });
        await proxy.close();
      }
    });

    it("gives up after `retries` and says what failed", async () => {
      await sim().setFaults([{ route: "GET /v1/account", errorRate: 1, errorStatuses: [500] }]);
      const api = sim().client({ retries: 2 });
      try {
        await api.getAccount();
        expect.fail("expected a rejection");
      } catch (e) {
        expect((e as Error).message).to.match(/GET \/v1\/account failed: 500 INTERNAL_ERROR/);
      }
      expect(countRequests(await sim().stats(), "GET /v1/account 500")).to.equal(3);
    });
  });
}
