// The API client against the simulator in both shapes: shape detection, each catalogue read once
// however many ask, an OS by slug or id, server and webhook CRUD in each shape's fields and units,
// listing filters, request counts, and the User-Agent on every request.
import { expect } from "chai";
import { ApiError, createClient, HttpError, OsNotFoundError, type HostingClient } from "../../../provider/api";
import { ProviderProcess } from "../../../provider/core/provider-process";
import { expectRejects } from "../../helpers/assert";
import { until } from "../../helpers/wait";
import { startProxy } from "../../helpers/proxy";
import { FAST_KEY, FULL_KEY, UBUNTU_ID, UBUNTU_SLUG, useClientSimulator } from "../../helpers/client-simulator";
import { SHAPES, countRequests } from "../../helpers/simulator";

for (const shape of SHAPES) {
  describe(`API client, shape ${shape}`, () => {
    const sim = useClientSimulator(shape);
    let api: HostingClient;
    beforeEach(async () => {
      api = sim().client();
    });

    it("detects the shape from the first envelope it sees", async () => {
      expect(await api.shape).to.equal(shape);
      const forced = sim().client({ shape });
      expect(await forced.shape).to.equal(shape);
      // A forced shape needs no request to be known.
      expect(forced.stats().requests).to.equal(0);
    });

    it("learns the shape from a server listing too, and a wrong forced shape fails with the API's reason", async () => {
      await api.listAllServers({ label: "none" });
      expect(api.stats().byRoute["GET /v1/servers"]).to.equal(1);
      expect(await api.shape).to.equal(shape);
      const wrong = sim().client({ shape: shape === "A" ? "B" : "A" });
      await expectRejects(
        wrong.createServer({ region: "ewr", plan: "vc2-1c-1gb", os: UBUNTU_SLUG }),
        HttpError,
        /POST \/v1\/servers failed: 400 INVALID_REQUEST: .*os_id/,
      );
    });

    it("reads the catalogues and the account into the one model", async () => {
      const [regions, plans, images, account] = await Promise.all([
        api.listRegions(),
        api.listPlans(),
        api.listOsImages(),
        api.getAccount(),
      ]);
      expect(regions.map((r) => r.id)).to.include.members(["ewr", "fra", "syd"]);
      const plan = plans.find((p) => p.id === "vc2-2c-4gb")!;
      expect(plan).to.deep.include({ type: "vc2", vcpus: 2, ramGb: 4, pricePerMonth: "20.00" });
      expect(images.find((i) => i.slug === UBUNTU_SLUG)).to.include({ id: UBUNTU_ID });
      expect(account.balance).to.match(/^-?\d+\.\d\d$/);
      expect(account.pendingCharges).to.match(/^\d+\.\d\d$/);
      const ewrVhf = await api.listPlans({ type: "vhf", region: "syd" });
      expect(ewrVhf.length).to.be.greaterThan(0);
      expect(ewrVhf.every((p) => p.type === "vhf" && p.regions.includes("syd"))).to.equal(true);
    });

    it("fetches each catalogue once, however many callers ask at the same time", async () => {
      await sim().resetStats();
      await Promise.all([api.listOsImages(), api.listOsImages(), api.resolveOs({ os: UBUNTU_SLUG }), api.shape]);
      await Promise.all([api.listRegions(), api.listRegions()]);
      const stats = await sim().stats();
      expect(countRequests(stats, "GET /v1/os ")).to.equal(1);
      expect(countRequests(stats, "GET /v1/regions ")).to.equal(1);
    });

    it("maps an OS given by slug or by id to what the shape expects, and reads both back", async () => {
      const bySlug = await api.createServer({ region: "ewr", plan: "vc2-1c-1gb", os: UBUNTU_SLUG, label: "by-slug" });
      const byId = await api.createServer({ region: "ewr", plan: "vc2-1c-1gb", osId: UBUNTU_ID, label: "by-id" });
      const byIdText = await api.createServer({ region: "ewr", plan: "vc2-1c-1gb", os: String(UBUNTU_ID), label: "by-id-text" });
      for (const r of [bySlug, byId, byIdText]) {
        expect(r.server.osId).to.equal(UBUNTU_ID);
        expect(r.server.osSlug).to.equal(UBUNTU_SLUG);
        expect(r.server.osName).to.be.a("string").and.not.equal("");
      }
      const raw = await sim().rawServers();
      expect(raw.map((s) => s.os_id)).to.deep.equal([UBUNTU_ID, UBUNTU_ID, UBUNTU_ID]);
      await expectRejects(api.resolveOs({ os: "plan9-4" }), OsNotFoundError, /no OS image with slug or id "plan9-4".*ubuntu/);
      await expectRejects(api.resolveOs({ os: UBUNTU_SLUG, osId: UBUNTU_ID + 1 }), OsNotFoundError, /name different images|no OS image with id/);
    });

    // Each shape's own create fields (the spec's create table): A has hostname, B has
    // ddos_protection and user_data; tags go in A's create and by PATCH right after in B.
    const ownFields = shape === "A" ? { hostname: "web-1" } : { ddosProtection: true, userData: "#!/bin/sh\necho hi" };

    it("creates a server with every field of its shape, in the shape's status and units", async () => {
      await sim().resetStats();
      const { server, estimatedProvisioningMs } = await api.createServer({
        region: "fra",
        plan: "vc2-2c-4gb",
        os: UBUNTU_SLUG,
        label: "web-1",
        tags: ["web", "prod"],
        sshKeyIds: ["key-1"],
        backups: true,
        ...ownFields,
      });
      expect(countRequests(await sim().stats(), "PATCH /v1/servers/:id 200"), "B's tags by PATCH").to.equal(shape === "B" ? 1 : 0);
      expect(server).to.deep.include({
        label: "web-1",
        status: shape === "A" ? "pending" : "starting",
        region: "fra",
        plan: "vc2-2c-4gb",
        vcpus: 2,
        ramGb: 4,
        diskGb: 80,
        tags: ["web", "prod"],
        sshKeyIds: ["key-1"],
        backups: true,
        ddosProtection: shape === "B",
      });
      if (shape === "A") expect(server.hostname).to.equal("web-1");
      expect(server.mainIp).to.match(/^\d+\.\d+\.\d+\.\d+$/);
      expect(Date.parse(server.createdAt)).to.be.greaterThan(0);
      expect(estimatedProvisioningMs).to.equal(200);
      if (shape === "B") expect(server.pricePerHour).to.match(/^\d+\.\d{4}$/);
      const raw = (await sim().rawServers())[0]!;
      expect(raw.user_data).to.equal(shape === "B" ? "#!/bin/sh\necho hi" : null);
    });

    it("refuses, before sending anything, an input its shape's create request cannot carry", async () => {
      await sim().resetStats();
      const foreign = shape === "A" ? { userData: "x" } : { hostname: "web-1" };
      await expectRejects(
        api.createServer({ region: "ewr", plan: "vc2-1c-1gb", os: UBUNTU_SLUG, ...foreign }),
        ApiError,
        new RegExp(`${Object.keys(foreign)[0]} cannot be sent to this deployment: it speaks API shape ${shape}`),
      );
      expect(countRequests(await sim().stats(), "POST /v1/servers")).to.equal(0);
    });

    it("reads, updates, acts on and deletes a server", async () => {
      const { server } = await api.createServer({ region: "ewr", plan: "vc2-1c-1gb", os: UBUNTU_SLUG, label: "a" });
      await until("server active", async () => (await api.getServer(server.id, { priority: "poll" }))?.status === "active");
      const updated = await api.updateServer(server.id, { label: "b", tags: ["x"] });
      expect(updated).to.deep.include({ id: server.id, label: "b", tags: ["x"] });
      expect((await api.serverAction(server.id, "stop")).status).to.equal("stopping");
      await until("server stopped", async () => (await api.getServer(server.id))?.status === "stopped");
      expect((await api.serverAction(server.id, "start")).status).to.equal("starting");
      await until("server active", async () => (await api.getServer(server.id))?.status === "active");
      expect((await api.serverAction(server.id, "reboot")).status).to.equal("rebooting");
      await until("server active", async () => (await api.getServer(server.id))?.status === "active");
      expect((await api.serverAction(server.id, "halt")).status).to.equal("stopped");
      expect(await api.listAllServers({ label: "b" })).to.have.length(1);
      expect(await api.deleteServer(server.id)).to.equal(true);
      expect(await api.getServer(server.id)).to.equal(undefined);
      await until("every server terminated or deleted", async () => (await sim().rawServers()).every((s) => s.status === "terminated" || s.deleted_at));
      expect(await api.deleteServer("no-such-server")).to.equal(false);
      expect(await api.getServer("no-such-server")).to.equal(undefined);
    });

    it("filters listings by label, region and tag", async () => {
      await api.createServer({ region: "ewr", plan: "vc2-1c-1gb", os: UBUNTU_SLUG, label: "x", tags: ["blue"] });
      await api.createServer({ region: "fra", plan: "vc2-1c-1gb", os: UBUNTU_SLUG, label: "y", tags: ["green"] });
      await api.createServer({ region: "fra", plan: "vc2-1c-1gb", os: UBUNTU_SLUG, label: "y", tags: ["blue"] });
      expect((await api.listAllServers({ label: "y" })).length).to.equal(2);
      expect((await api.listAllServers({ region: "ewr" })).map((s) => s.label)).to.deep.equal(["x"]);
      expect((await api.listAllServers({ tag: "blue" })).length).to.equal(2);
      expect((await api.listAllServers({ tag: "blue", region: "fra" })).map((s) => s.label)).to.deep.equal(["y"]);
    });

    it("creates, reads, lists, updates and deletes webhooks (the secret is never returned)", async () => {
      const hook = await api.createWebhook({ url: "http://127.0.0.1:9/a", events: ["server.created"], secret: "s3cret-value" });
      expect(hook).to.deep.include({ url: "http://127.0.0.1:9/a", events: ["server.created"] });
      expect(JSON.stringify(hook)).not.to.contain("s3cret-value");
      expect(await api.getWebhook(hook.id)).to.deep.include({ id: hook.id });
      expect((await api.listWebhooks()).map((h) => h.id)).to.deep.equal([hook.id]);
      const changed = await api.updateWebhook(hook.id, { events: ["server.deleted", "server.status_changed"], secret: "new-secret" });
      expect(changed.events).to.deep.equal(["server.deleted", "server.status_changed"]);
      const raw = (await sim().admin("GET", "/webhooks")).webhooks[0];
      expect(raw.secret).to.equal("new-secret");
      expect(await api.deleteWebhook(hook.id)).to.equal(true);
      expect(await api.getWebhook(hook.id)).to.equal(undefined);
      expect(await api.deleteWebhook(hook.id)).to.equal(false);
      expect(await api.listWebhooks()).to.deep.equal([]);
    });

    it("counts its requests by route", async () => {
      const c = sim().client({ shape });
      await c.listRegions();
      await c.getServer("nope");
      await c.getServer("nope-2");
      expect(c.stats()).to.deep.include({ requests: 4, retries: 0, rateLimited: 0 });
      expect(c.stats().byRoute).to.deep.equal({ "GET /v1/regions": 1, "GET /v1/os": 1, "GET /v1/servers/:id": 2 });
    });

    it("sends the User-Agent pulumi-hosting/<package version> on every request the API receives", async () => {
      const pkg = require("../../../../package.json");
      const proxy = await startProxy(sim().url);
      try {
        const api = sim().client({ baseUrl: proxy.url });
        await api.getAccount();
        await api.listAllServers();
        await api.createServer({ region: "ewr", plan: "vc2-1c-1gb", os: UBUNTU_SLUG, label: "ua" });
        expect(proxy.seen.length).to.be.at.least(3);
        for (const req of proxy.seen) expect(req.headers["user-agent"], `${req.method} ${req.url}`).to.equal(`pulumi-hosting/${pkg.version}`);
      } finally {
        await proxy.close();
      }
    });
  });
}

describe("the provider process's shared client", () => {
  // Only the catalogue cache folder of the test run (run-folders.ts) comes from the environment.
  const env = (extra: Record<string, string> = {}): NodeJS.ProcessEnv => ({ HOSTING_CATALOGUE_CACHE_DIR: process.env.HOSTING_CATALOGUE_CACHE_DIR, ...extra });
  const processWith = (config: Record<string, string | undefined>, extraEnv: Record<string, string> = {}): ProviderProcess => {
    const p = new ProviderProcess({ env: env(extraEnv), log: { warn: () => undefined } });
    p.configure({ get: (key) => config[key] });
    return p;
  };

  it("shares one client per (baseUrl, key, shape) in a process, and only that", () => {
    const base = { "hosting:apiKey": FULL_KEY, "hosting:baseUrl": "http://127.0.0.1:1" };
    const p = processWith(base, { HOSTING_API_KEY: FULL_KEY });
    const a = p.client();
    expect(p.client()).to.equal(a);
    p.configure({ get: (key) => ({ ...base, "hosting:baseUrl": "http://127.0.0.1:1/" })[key] });
    expect(p.client()).to.equal(a);
    // The same key from another source (the environment instead of the stack config).
    p.configure({ get: (key) => ({ ...base, "hosting:apiKey": undefined })[key] });
    expect(p.client()).to.equal(a);
    p.configure({ get: (key) => ({ ...base, "hosting:apiKey": FAST_KEY })[key] });
    expect(p.client()).not.to.equal(a);
    p.configure({ get: (key) => ({ ...base, "hosting:apiShape": "B" })[key] });
    expect(p.client()).not.to.equal(a);
    p.configure({ get: (key) => base[key as keyof typeof base] });
    expect(p.client()).to.equal(a);
    // Another process has clients of its own.
    expect(processWith(base).client()).not.to.equal(a);
  });

  it("refuses clear text off loopback and malformed keys", async () => {
    expect(() => createClient({ baseUrl: "http://api.example.com", apiKey: "k" })).to.throw(/plain http:\/\/ to api\.example\.com, which is not loopback/);
    for (const ok of ["http://127.0.0.1:8080", "http://127.3.2.1", "http://[::1]:80", "http://localhost", "https://api.example.com"]) {
      expect(() => createClient({ baseUrl: ok, apiKey: "k" }), ok).not.to.throw();
    }
    expect(() => createClient({ baseUrl: "http://api.example.com", apiKey: "k", allowInsecureHttp: true })).not.to.throw();
    expect(() => createClient({ baseUrl: "https://api.example.com", apiKey: "", keySource: "environment variable HOSTING_API_KEY" })).to.throw(
      /no API key: set environment variable HOSTING_API_KEY/,
    );
    expect(() => createClient({ baseUrl: "https://api.example.com", apiKey: "abc def" })).to.throw(/spaces or control characters/);
    // A trailing newline (a key read from a file) is not part of the key.
    const p = processWith({ "hosting:baseUrl": "https://api.example.com" }, { HOSTING_API_KEY: "abc\n" });
    const withNewline = p.client();
    p.configure({ get: (key) => ({ "hosting:baseUrl": "https://api.example.com", "hosting:apiKey": "abc" })[key] });
    expect(p.client()).to.equal(withNewline);
  });
});
