// One client factory from resolved settings: the provider process and every command-line tool
// make their client through provider/core/client-factory.ts, so each gets the shape, the Redis
// coordinator, the cooperation switch, the catalogue cache and the key's source the same way.
import { expect } from "chai";
import { providerFilesMatching } from "../../helpers/provider-sources";
import { clientOptionsFrom } from "../../../provider/core/client-factory";
import { environmentClient } from "../../../provider/core/command";
import { KEY_FROM_CONFIG, KEY_FROM_ENV, resolveSettings } from "../../../provider/core/settings";
import { taglessSettings } from "../../../provider/orphans/tagless-cli";
import type { PreviewedStack } from "../../../provider/orphans/preview-stack";

const REDIS = "redis://127.0.0.1:6399/3";
describe("one client factory from resolved settings", () => {
  it("a tool's client (hosting-import, hosting-orphans --state) takes the shape and the Redis coordinator from its environment", () => {
    const env = { HOSTING_API_KEY: "k", HOSTING_BASE_URL: "http://127.0.0.1:8080", HOSTING_API_SHAPE: "b", HOSTING_RATE_LIMIT_REDIS: REDIS, HOSTING_RATE_LIMIT_COOPERATION: "off", HOSTING_CATALOGUE_CACHE: "off" };
    const client = environmentClient(env, "hosting-import");
    expect(client.options).to.include({ shape: "B", rateLimitRedis: REDIS, keySource: KEY_FROM_ENV, cooperate: false, catalogueCacheDir: "" });
  });

  it("hosting-orphans --stack takes the shape and the Redis coordinator from the first stack's config, the key from the environment first", () => {
    const first = { name: "prod", config: { apiKey: "from-config", baseUrl: "http://127.0.0.1:8080", apiShape: "A", rateLimitRedis: REDIS } } as PreviewedStack;
    const fromConfig = clientOptionsFrom(taglessSettings(first, {}));
    expect(fromConfig).to.include({ apiKey: "from-config", shape: "A", rateLimitRedis: REDIS, keySource: `${KEY_FROM_CONFIG} of prod` });
    const fromEnv = clientOptionsFrom(taglessSettings(first, { HOSTING_API_KEY: "from-env" }));
    expect(fromEnv).to.include({ apiKey: "from-env", shape: "A", rateLimitRedis: REDIS, keySource: KEY_FROM_ENV });
  });

  it("the provider's settings give the same options: shape, Redis, key source, the cooperation switch", () => {
    const s = resolveSettings({ apiKey: "k", baseUrl: "http://127.0.0.1:8080", apiShape: "B", rateLimitRedis: REDIS }, { HOSTING_RATE_LIMIT_COOPERATION: "0" });
    expect(clientOptionsFrom(s, { env: { HOSTING_RATE_LIMIT_COOPERATION: "0" } })).to.include({ shape: "B", rateLimitRedis: REDIS, keySource: KEY_FROM_CONFIG, cooperate: false });
  });

  it("a tool without a key or a base URL names both variables", () => {
    expect(() => environmentClient({ HOSTING_API_KEY: "k" }, "hosting-import", " (a Read key is enough)")).to.throw(/^set HOSTING_API_KEY and HOSTING_BASE_URL \(a Read key is enough\)$/);
  });

  it("grep finds one client construction in provider/: the factory (and the public createClient it calls)", () => {
    const constructing = providerFilesMatching(/\bcreateClient\(|new HostingClient\(/);
    expect(constructing).to.deep.equal(["api/client-registry.ts", "core/client-factory.ts"]);
  });
});
