// The warning for a secret setting kept as plain stack config (the API key, the Redis URL): it
// names the stack's config file and the --secret command, never the value, says nothing for a
// secret or absent value, and comes once per setting and value.
import { expect } from "chai";
import { SECRET_CONFIG_KEYS, plainSecretWarner, plainSecretWarning, type StackConfigView } from "../../../provider/core/plain-secret-warning";

/** A stack config as the program process sees it; `secret` undefined: the SDK cannot tell. */
function view(values: Record<string, string>, secret: (key: string) => boolean | undefined, stack = "dev"): StackConfigView {
  return { get: (k) => values[k], isSecret: secret, stack: () => stack };
}
const plain = () => false;

describe("the plain secret setting warning", () => {
  it("covers the settings declared secret: the API key and the Redis URL (it may hold a password)", () => {
    expect([...SECRET_CONFIG_KEYS].sort()).to.deep.equal(["hosting:apiKey", "hosting:rateLimitRedis"]);
  });

  it("names the stack's config file and the --secret command, never the value", () => {
    const message = plainSecretWarning(view({ "hosting:apiKey": "k-123456" }, plain, "prod"), "hosting:apiKey");
    expect(message).to.equal(
      "hosting:apiKey is stored in plain text in the stack config (Pulumi.prod.yaml), set without --secret: " +
        "anyone who can read that file can use it. Store it encrypted: `pulumi config set --secret hosting:apiKey <value>`",
    );
  });

  it("says nothing for a secret value, an absent or blank one, or when the SDK cannot tell", () => {
    const key = "hosting:apiKey";
    expect(plainSecretWarning(view({ [key]: "k" }, () => true), key)).to.equal(undefined);
    expect(plainSecretWarning(view({}, plain), key)).to.equal(undefined);
    expect(plainSecretWarning(view({ [key]: "  " }, plain), key)).to.equal(undefined);
    expect(plainSecretWarning(view({ [key]: "k" }, () => undefined), key)).to.equal(undefined);
    expect(plainSecretWarning(view({ [key]: "k", "hosting:baseUrl": "u" }, plain), key)).to.be.a("string");
  });

  it("warns once per setting and value however often it is called, and again for a new plain value", () => {
    const seen: string[] = [];
    const values: Record<string, string> = { "hosting:apiKey": "first", "hosting:baseUrl": "http://127.0.0.1:1" };
    const check = plainSecretWarner(view(values, plain), (m) => seen.push(m));
    check();
    check();
    expect(seen.map((m) => m.split(" ")[0])).to.deep.equal(["hosting:apiKey"]);
    values["hosting:apiKey"] = "second";
    values["hosting:rateLimitRedis"] = "redis://:pw@127.0.0.1:6379";
    check();
    check();
    expect(seen.map((m) => m.split(" ")[0])).to.deep.equal(["hosting:apiKey", "hosting:apiKey", "hosting:rateLimitRedis"]);
  });

  it("warns only for the setting that is plain, and spends nothing on a call that had nothing to say", () => {
    const seen: string[] = [];
    const values: Record<string, string> = { "hosting:apiKey": "k", "hosting:rateLimitRedis": "redis://127.0.0.1:6379" };
    let secretKeys = ["hosting:apiKey", "hosting:rateLimitRedis"];
    const check = plainSecretWarner(view(values, (k) => secretKeys.includes(k)), (m) => seen.push(m));
    check();
    expect(seen).to.deep.equal([]);
    secretKeys = ["hosting:rateLimitRedis"];
    check();
    expect(seen.map((m) => m.split(" ")[0])).to.deep.equal(["hosting:apiKey"]);
  });
});
