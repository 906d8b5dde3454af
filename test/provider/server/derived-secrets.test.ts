// The dynamic face's derived secrets (provider/server/derived-secrets.ts): a secret os or plan
// adds the outputs derived from it to additionalSecretOutputs by the time the SDK has awaited
// the inputs; plain inputs add nothing. No engine: the SDK's Outputs alone.
import { expect } from "chai";
import * as pulumi from "@pulumi/pulumi";
import { addDerivedSecrets } from "../../../provider/server/derived-secrets";

/** Waits as the SDK's serializer does: for each input's secret flag. */
async function settled(args: Record<string, unknown>): Promise<void> {
  for (const v of Object.values(args)) if (pulumi.Output.isInstance(v)) await (v as unknown as { isSecret: Promise<boolean> }).isSecret;
}

describe("derived secrets on the dynamic face (addDerivedSecrets)", () => {
  it("a secret os adds osId and osName (the engine marks os itself); a secret plan adds vcpus, ramGb, diskGb and pricePerHour", async () => {
    const args = { region: "ewr", os: pulumi.secret("ubuntu-24.04"), plan: pulumi.secret("vc2-1c-1gb") };
    const list = ["userData"];
    addDerivedSecrets(args, list);
    await settled(args);
    expect(list).to.deep.equal(["userData", "osId", "osName", "vcpus", "ramGb", "diskGb", "pricePerHour"]);
  });

  it("plain values and plain Outputs add nothing; an osId Output that is secret adds os and osName", async () => {
    const plain = { os: "ubuntu-24.04", plan: pulumi.output("vc2-1c-1gb") };
    const list: string[] = [];
    addDerivedSecrets(plain, list);
    await settled(plain);
    expect(list).to.deep.equal([]);
    const byId = { osId: pulumi.secret(2284) };
    addDerivedSecrets(byId, list);
    await settled(byId);
    expect(list).to.deep.equal(["os", "osName"]);
  });
});
