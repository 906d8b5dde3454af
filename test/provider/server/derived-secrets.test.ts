// The dynamic face's derived secrets (provider/server/derived-secrets.ts): a secret os or plan
// adds the outputs derived from it to additionalSecretOutputs by the time the SDK has awaited
// the inputs; plain inputs add nothing. Beside it, a lookup's Output form (getPlanOutput and
// the like, provider/functions/client.ts outputOf) answers a secret for a secret argument. No
// engine: the SDK's Outputs alone.
import { expect } from "chai";
import * as pulumi from "@pulumi/pulumi";
import { addDerivedSecrets } from "../../../provider/server/derived-secrets";
import { outputOf } from "../../../provider/functions/client";

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

describe("a lookup's Output form on the dynamic face (outputOf)", () => {
  const isSecret = (o: pulumi.Output<unknown>) => (o as unknown as { isSecret: Promise<boolean> }).isSecret;
  it("answers a secret when an argument is secret, and a plain value otherwise", async () => {
    const lookup = async (args: { id: string }) => ({ id: args.id, vcpus: 1 });
    expect(await isSecret(outputOf(lookup, { id: pulumi.secret("vc2-1c-1gb") }))).to.equal(true);
    expect(await isSecret(outputOf(lookup, { id: "vc2-1c-1gb" }))).to.equal(false);
  });
});
