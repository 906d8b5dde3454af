// Provider settings: stack config first, then the environment read at call time, never captured; a
// missing key or base URL names both ways to set it, and a refused value is a SettingError naming
// its source and what is allowed, never printing a bad API key.
import { expect } from "chai";
import type { HostingClient } from "../../../provider/api";
import { ProviderProcess } from "../../../provider/core/provider-process";
import { KEY_FROM_CONFIG, KEY_FROM_ENV, resolveSettings, stackSettings } from "../../../provider/core/settings";
import { dynamicProcess } from "../../../provider/dynamic/host";
import * as serverEntry from "../../../provider/dynamic/server";
import * as server from "../../../provider/server/provider";
import type { TestSimulator } from "../../helpers/simulator";
import { KEYS, forgetSettings, rejection, serverNews, stackConfig, startWorld } from "../harness";

describe("provider settings: stack config, then environment, never captured", () => {
  let sim: TestSimulator;
  const saved = { key: process.env.HOSTING_API_KEY, url: process.env.HOSTING_BASE_URL };

  before(async () => {
    sim = await startWorld("B");
  });
  after(async () => {
    forgetSettings();
    dynamicProcess.configure(undefined); // the dynamic face's process as the tests found it
    await sim.close();
  });
  afterEach(() => {
    restore("HOSTING_API_KEY", saved.key);
    restore("HOSTING_BASE_URL", saved.url);
  });

  it("fails without a key with a message naming both ways to set it", async () => {
    const proc = new ProviderProcess({ log: { warn: () => undefined } });
    delete process.env.HOSTING_API_KEY;
    process.env.HOSTING_BASE_URL = sim.url;
    const err = await rejection(server.check({}, serverNews(), proc.context()));
    expect(err.message).to.include("pulumi config set --secret hosting:apiKey").and.include("HOSTING_API_KEY");
  });

  it("fails without a base URL with a message naming both ways to set it", () => {
    expect(() => resolveSettings({ apiKey: "k" }, {})).to.throw(/hosting:baseUrl.*HOSTING_BASE_URL/);
  });

  it("reads the environment at call time when the stack config has no key", async () => {
    const proc = new ProviderProcess({ log: { warn: () => undefined } });
    proc.configure(undefined);
    // Set after the process was made and configured: read when the client is first asked for.
    process.env.HOSTING_API_KEY = KEYS.full;
    process.env.HOSTING_BASE_URL = sim.url;
    expect(resolveSettings({}).keySource).to.equal(KEY_FROM_ENV);
    const client = proc.client() as HostingClient;
    expect(client.options.keySource).to.equal(KEY_FROM_ENV);
    expect((await client.getAccount()).email).to.be.a("string");
  });

  it("prefers the stack config that configure(req) delivered, through the shell's entry", async () => {
    process.env.HOSTING_API_KEY = "not-a-key";
    process.env.HOSTING_BASE_URL = "http://127.0.0.1:9";
    await serverEntry.observe([{ config: stackConfig({ "hosting:apiKey": KEYS.full, "hosting:baseUrl": sim.url, "hosting:apiShape": "b" }) }]);
    const client = dynamicProcess.client() as HostingClient;
    expect(client.options).to.deep.include({ baseUrl: sim.url, shape: "B", keySource: KEY_FROM_CONFIG });
    expect(dynamicProcess.baseUrl()).to.equal(sim.url);
    expect(await client.shape).to.equal("B");
    // The key is the stack config's: the environment's "not-a-key" would be refused.
    expect((await client.getAccount()).email).to.be.a("string");
  });

  it("takes the Redis coordinator's URL from hosting:rateLimitRedis, else HOSTING_RATE_LIMIT_REDIS, else none", async () => {
    const base = { apiKey: "k", baseUrl: "http://127.0.0.1:1" };
    expect(resolveSettings(base, { HOSTING_RATE_LIMIT_REDIS: "redis://127.0.0.1:2/0" }).rateLimitRedis).to.equal("redis://127.0.0.1:2/0");
    expect(resolveSettings({ ...base, rateLimitRedis: "redis://127.0.0.1:3/1" }, { HOSTING_RATE_LIMIT_REDIS: "redis://127.0.0.1:2/0" }).rateLimitRedis).to.equal("redis://127.0.0.1:3/1");
    expect(resolveSettings(base, { HOSTING_RATE_LIMIT_REDIS: " " }).rateLimitRedis).to.equal(undefined);
    const config = stackConfig({ "hosting:apiKey": KEYS.full, "hosting:baseUrl": sim.url, "hosting:rateLimitRedis": "redis://127.0.0.1:4/0" });
    expect(resolveSettings(stackSettings((key) => config.get(key)), {}).rateLimitRedis).to.equal("redis://127.0.0.1:4/0");
    // What `configure` delivered reaches the process's client (which connects only when it paces).
    const proc = new ProviderProcess({ log: { warn: () => undefined }, env: { HOSTING_RATE_LIMIT_REDIS: "redis://127.0.0.1:2/0" } });
    proc.configure(config);
    expect((proc.client() as HostingClient).options.rateLimitRedis).to.equal("redis://127.0.0.1:4/0");
  });

  it("calls a bad value a SettingError, whose line in the provider's log names its class once, then the setting, the value and what is allowed", () => {
    let err: Error | undefined;
    try {
      resolveSettings({ apiKey: "k", baseUrl: "http://127.0.0.1:1", apiShape: "C" }, {});
    } catch (e) {
      err = e as Error;
    }
    expect(err?.name).to.equal("SettingError");
    // The dynamic-provider host logs a failed call as `${e}: ${e.stack}` (@pulumi/pulumi
    // cmd/dynamic-provider/index.js); a setting's error is the user's to fix, not a trace.
    expect(`${err}: ${err?.stack}`).to.equal('SettingError: stack config hosting:apiShape is "C"; allowed: "A", "B" or "auto"');
    expect(() => resolveSettings({ apiKey: "k", baseUrl: "http://127.0.0.1:1" }, { HOSTING_API_SHAPE: "c" }))
      .to.throw('environment variable HOSTING_API_SHAPE is "c"; allowed: "A", "B" or "auto"');
  });

  it("names where a refused base URL came from, and never prints a bad API key", () => {
    expect(() => resolveSettings({ apiKey: "k", baseUrl: "ftp://x" }, {})).to.throw(/^stack config hosting:baseUrl is "ftp:\/\/x", which is ftp:/);
    expect(() => resolveSettings({ baseUrl: "http://127.0.0.1:1" }, { HOSTING_API_KEY: " " })).to.throw(/^no API key/);
  });

  it("refuses an unknown apiShape with what is allowed", () => {
    expect(() => resolveSettings({ apiKey: "k", baseUrl: "http://127.0.0.1:1", apiShape: "C" }, {})).to.throw(/"A", "B" or "auto"/);
  });
});

function restore(name: string, value: string | undefined): void {
  if (value === undefined) delete process.env[name];
  else process.env[name] = value;
}
