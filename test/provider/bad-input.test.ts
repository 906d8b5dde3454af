// Bad input, one table: every case names the field and what is allowed.
// Server and webhook cases run through `check`, as the engine calls it during
// `preview`, against the simulator's catalogue; settings cases through the
// provider's configuration; the rest where the information first exists.
import type { CheckFailure } from "../../provider/core/check-kinds";
import { expect } from "chai";
import * as serverTyped from "../../provider/server/provider";
import * as webhookTyped from "../../provider/webhook/provider";
import { ProviderProcess } from "../../provider/core/provider-process";
import { getPlan, getRegion } from "../../provider/functions";
import { describeProviderShapes, KEYS, rejection, serverNews, stackConfig, useSim } from "./harness";
import { loose } from "../helpers/loose-provider";
import { useProcess } from "../helpers/test-process";
import { SERVER_CASES, SETTINGS_CASES, WEBHOOK_CASES, WEBHOOK_OK } from "./bad-input-cases";

const webhook = loose(webhookTyped);

const server = loose(serverTyped);

describeProviderShapes((shape) => `bad input: one table, each case names the field and what is allowed, shape ${shape}`, (sim) => {

  for (const c of SERVER_CASES) {
    it(`Server: ${c.name}`, async () => {
      const res = await server.check({}, serverNews(c.news));
      const failure = (res.failures ?? []).find((f: CheckFailure) => f.property === c.property);
      expect(failure, JSON.stringify(res.failures)).to.exist;
      expect(failure!.reason).to.match(c.message);
    });
  }

  for (const c of WEBHOOK_CASES) {
    it(`Webhook: ${c.name}`, async () => {
      // A public API base URL, so that loopback receivers are refused (the simulator is loopback).
      useProcess({ "hosting:apiKey": KEYS.full, "hosting:baseUrl": "https://api.hosting.example" });
      const res = await webhook.check({}, { ...WEBHOOK_OK, ...c.news });
      const failure = (res.failures ?? []).find((f: CheckFailure) => f.property === c.property);
      expect(failure, JSON.stringify(res.failures)).to.exist;
      expect(failure!.reason).to.match(c.message);
    });
  }

  it("Webhook: a loopback receiver is accepted while the API itself is loopback (the simulator)", async () => {
    const res = await webhook.check({}, { ...WEBHOOK_OK, url: "http://127.0.0.1:8080/in" });
    expect(res.failures ?? []).to.deep.equal([]);
  });

  for (const c of SETTINGS_CASES) {
    it(`Settings: ${c.name}`, () => {
      // A provider process given this stack config by `configure`, in an environment of only `c.env`.
      const provider = new ProviderProcess({ env: { ...(c.env ?? {}) } });
      provider.configure(stackConfig(c.config));
      expect(() => provider.client()).to.throw(c.message);
    });
  }

  it("Create with a Read-only key: 403 naming the permission needed", async () => {
    useSim(sim, KEYS.read);
    const checked = await server.check({}, serverNews());
    const err = await rejection(server.create(checked.inputs!));
    expect(String(err.message)).to.match(/403/).and.match(/Read permission; creating a server needs Write/);
    expect(JSON.stringify(err)).to.not.include(KEYS.read);
  });

  it("Lookup of a region that does not exist: says what it searched and the nearest ids", async () => {
    process.env.HOSTING_API_KEY = KEYS.full;
    process.env.HOSTING_BASE_URL = sim.url;
    try {
      const err = await rejection(getRegion({ id: "ewq" }));
      expect(String(err.message)).to.match(/ewq/).and.match(/ewr/);
      const planErr = await rejection(getPlan({ id: "vc2-1c-1gbb" }));
      expect(String(planErr.message)).to.match(/vc2-1c-1gbb/).and.match(/vc2-1c-1gb/);
    } finally {
      delete process.env.HOSTING_API_KEY;
      delete process.env.HOSTING_BASE_URL;
    }
  });
}, { reset: false });
