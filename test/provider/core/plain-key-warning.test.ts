import { expect } from "chai";
import { plainKeyWarner, plainKeyWarning, type StackConfigView } from "../../../provider/core/plain-key-warning";

/** A stack config as the program process sees it; `secret` undefined: the SDK cannot tell. */
function view(values: Record<string, string>, secret: boolean | undefined, stack = "dev"): StackConfigView & { values: Record<string, string> } {
  return { values, get: (k) => values[k], isSecret: () => secret, stack: () => stack };
}

describe("the plain hosting:apiKey warning", () => {
  it("names the stack's config file and the --secret command, never the key", () => {
    const message = plainKeyWarning(view({ "hosting:apiKey": "k-123456" }, false, "prod"));
    expect(message).to.equal(
      "hosting:apiKey is stored in plain text in the stack config (Pulumi.prod.yaml), set without --secret: " +
        "anyone who can read that file can use the key. Store it encrypted: `pulumi config set --secret hosting:apiKey <key>`",
    );
  });

  it("says nothing for a secret key, an absent or blank key, or when the SDK cannot tell", () => {
    expect(plainKeyWarning(view({ "hosting:apiKey": "k" }, true))).to.equal(undefined);
    expect(plainKeyWarning(view({}, false))).to.equal(undefined);
    expect(plainKeyWarning(view({ "hosting:apiKey": "  " }, false))).to.equal(undefined);
    expect(plainKeyWarning(view({ "hosting:apiKey": "k" }, undefined))).to.equal(undefined);
    expect(plainKeyWarning(view({ "hosting:apiKey": "k", "hosting:baseUrl": "u" }, false))).to.be.a("string");
  });

  it("warns once per key however often it is called, and again for another plain key", () => {
    const seen: string[] = [];
    const config = view({ "hosting:apiKey": "first" }, false);
    const check = plainKeyWarner(config, (m) => seen.push(m));
    check();
    check();
    expect(seen).to.have.length(1);
    config.values["hosting:apiKey"] = "second";
    check();
    check();
    expect(seen).to.have.length(2);
  });

  it("does not spend its one warning on a call that had nothing to say", () => {
    const seen: string[] = [];
    const values: Record<string, string> = {};
    let secret: boolean | undefined = true;
    const check = plainKeyWarner({ get: (k) => values[k], isSecret: () => secret, stack: () => "dev" }, (m) => seen.push(m));
    values["hosting:apiKey"] = "k";
    check();
    expect(seen).to.deep.equal([]);
    secret = false;
    check();
    expect(seen).to.have.length(1);
  });
});
