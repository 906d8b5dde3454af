// The client's errors in both shapes: a 401 or 403 names the key's source and the permission needed
// but never the key, a 400 or 422 names the field and is not retried, a 404 or 409 on an action is
// explained, and a network failure carries neither the key nor axios' config.
import * as util from "util";
import { expect } from "chai";
import { ApiError, HttpError, NetworkError, TimeoutError, isApiError, type HostingClient } from "../../../provider/api";
import { expectRejects } from "../../helpers/assert";
import { until } from "../../helpers/wait";
import { startClientSimulator, type ClientSimulator, UBUNTU_SLUG, learnCatalogue } from "../../helpers/client-simulator";
import { SHAPES } from "../../helpers/simulator";

const READ_KEY = "read-only-key-SECRET-aaaaaaaaaaaa";
const WRITE_KEY = "write-key-SECRET-bbbbbbbbbbbbbbbb";
const BAD_KEY = "revoked-key-SECRET-cccccccccccccc";

/** Every view of an error a user or a log could end up printing. */
function renderings(e: unknown): string[] {
  return [
    String(e),
    (e as Error).message,
    (e as Error).stack ?? "",
    JSON.stringify(e),
    util.inspect(e, { depth: 20, showHidden: true, getters: true }),
    util.format("%o", e),
  ];
}

function expectNoKey(e: unknown, key: string): void {
  for (const text of renderings(e)) expect(text).not.to.contain(key);
  // Not even a fragment long enough to be useful.
  for (const text of renderings(e)) expect(text).not.to.contain(key.slice(0, 12));
}

for (const shape of SHAPES) {
  describe(`API client errors, shape ${shape}`, () => {
    let sim: ClientSimulator;

    before(async () => {
      sim = await startClientSimulator(shape);
      await learnCatalogue(sim);
      await sim.addKey({ key: READ_KEY, permission: "read" });
      await sim.addKey({ key: WRITE_KEY, permission: "write" });
    });
    after(() => sim.close());

    it("names the key's source in a clear 401, and never the key; where to create a key is said once", async () => {
      const api = sim.client({ apiKey: BAD_KEY, keySource: "stack config hosting:apiKey" });
      const e = (await expectRejects(api.getAccount(), HttpError, /GET \/v1\/account failed: 401 UNAUTHORIZED/)) as HttpError;
      // The API's message already says where to create a key; the hint adds where to set it, not the same advice again.
      expect(e.message).to.equal(
        "GET /v1/account failed: 401 UNAUTHORIZED: the API key is not valid; create one under Account, API " +
          "(the API key from stack config hosting:apiKey was refused: check that it is complete and not revoked, or set a new one there)",
      );
      expect(e.message.match(/Account/g), "one piece of advice on where to create a key").to.have.length(1);
      expect(e).to.include({ status: 401, code: "UNAUTHORIZED", method: "GET", path: "/v1/account" });
      expect(isApiError(e)).to.equal(true);
      expectNoKey(e, BAD_KEY);
    });

    it("a revoked key's 401, whose message gives no advice, gets the whole advice once", async () => {
      const revoked = "revoked-now-SECRET-dddddddddddddd";
      await sim.addKey({ key: revoked, permission: "read" });
      await sim.revokeKey(revoked);
      const api = sim.client({ apiKey: revoked, keySource: "HOSTING_API_KEY" });
      const e = (await expectRejects(api.getAccount(), HttpError, /401 UNAUTHORIZED/)) as HttpError;
      expect(e.message).to.equal(
        "GET /v1/account failed: 401 UNAUTHORIZED: the API key was revoked (the API key from HOSTING_API_KEY was refused: " +
          "check that it is complete and not revoked, or create a new one in the control panel under Account > API and set it there)",
      );
      expectNoKey(e, revoked);
    });

    it("says which permission the key has and which the operation needs in a 403", async () => {
      const api = sim.client({ apiKey: READ_KEY });
      await api.listRegions();
      const e = await expectRejects(
        api.createServer({ region: "ewr", plan: "vc2-1c-1gb", os: UBUNTU_SLUG }),
        HttpError,
        /POST \/v1\/servers failed: 403 FORBIDDEN: .*\(the API key has Read permission; creating a server needs Write/,
      );
      expectNoKey(e, READ_KEY);
      const w = await expectRejects(
        api.createWebhook({ url: "https://x.example.com", events: ["server.created"], secret: "s" }),
        HttpError,
        /creating a webhook needs Write/,
      );
      expectNoKey(w, READ_KEY);
      // Not retried: the simulator saw one attempt of each.
      expect(api.stats().retries).to.equal(0);
    });

    it("names the key's source in a 403 too: the stack config wins over HOSTING_API_KEY, so a Write key in the environment does not help", async () => {
      const api = sim.client({ apiKey: READ_KEY, keySource: "stack config hosting:apiKey" });
      const e = (await expectRejects(api.createServer({ region: "ewr", plan: "vc2-1c-1gb", os: UBUNTU_SLUG }), HttpError, /403 FORBIDDEN/)) as HttpError;
      expect(e.message).to.match(/creating a server needs Write: use a key with Write \(or Full\) permission; this key came from stack config hosting:apiKey\)$/);
      expectNoKey(e, READ_KEY);
    });

    it("names the field of a 422 and of a 400, and does not retry them", async () => {
      const api = sim.client({ apiKey: WRITE_KEY });
      const e = (await expectRejects(
        api.createServer({ region: "mars", plan: "vc2-1c-1gb", os: UBUNTU_SLUG }),
        HttpError,
        /422 VALIDATION_FAILED: .*mars.*\(field `region`\).*check it against the catalogue/,
      )) as HttpError;
      expect(e.field).to.equal("region");
      await expectRejects(
        api.createServer({ region: "ewr", plan: "vc2-1c-1gb", os: UBUNTU_SLUG, label: "x".repeat(256) }),
        HttpError,
        /\(field `label`\)/,
      );
      await expectRejects(
        api.createWebhook({ url: "not a url", events: ["server.created"], secret: "s" }),
        HttpError,
        /field `url`/,
      );
      expect(api.stats().retries).to.equal(0);
      expectNoKey(e, WRITE_KEY);
    });

    it("explains a 404 on an action and a 409 on an action the status does not allow", async () => {
      const api = sim.client({ apiKey: WRITE_KEY });
      await expectRejects(api.serverAction("gone-1", "stop"), HttpError, /POST \/v1\/servers\/gone-1\/stop failed: 404 NOT_FOUND.*deleted outside/);
      const { server } = await api.createServer({ region: "ewr", plan: "vc2-1c-1gb", os: UBUNTU_SLUG });
      await until("server active", async () => (await api.getServer(server.id, { priority: "poll" }))?.status === "active");
      await api.serverAction(server.id, "halt");
      await expectRejects(api.serverAction(server.id, "stop"), HttpError, /409 INVALID_STATE: cannot stop server .*stopped/);
      await expectRejects(api.updateServer("gone-2", { label: "x" }), HttpError, /404 NOT_FOUND/);
    });

    it("wraps a refused connection and a time-out without the key or axios' config", async () => {
      const closed = sim.client({ baseUrl: "http://127.0.0.1:9", apiKey: BAD_KEY, retries: 1 });
      const net = await expectRejects(closed.getAccount(), NetworkError, /GET \/v1\/account failed: no answer from http:\/\/127\.0\.0\.1:9 \(ECONNREFUSED/);
      expectNoKey(net, BAD_KEY);
      expect(Object.keys(net)).not.to.include("config");
      expect((net as { cause?: unknown }).cause).to.equal(undefined);

      await sim.setFaults([{ route: "GET /v1/account", delayRate: 1, delayMs: 300 }]);
      try {
        const slow = sim.client({ apiKey: BAD_KEY, timeoutMs: 50, retries: 1 });
        const t = await expectRejects(slow.getAccount(), TimeoutError, /no answer within 50 ms/);
        expect(t).to.be.instanceOf(ApiError);
        expectNoKey(t, BAD_KEY);
        expect(slow.stats().retries).to.equal(1);
      } finally {
        await sim.setFaults([]);
      }
    });

    it("keeps the key out of the client object itself", () => {
      const api: HostingClient = sim.client({ apiKey: BAD_KEY });
      expect(util.inspect(api, { depth: 10, showHidden: true })).not.to.contain(BAD_KEY);
      expect(JSON.stringify(api.options)).not.to.contain(BAD_KEY);
    });
  });
}
