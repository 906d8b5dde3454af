// The one validation of a fleet definition (provider/fleet/definition.ts): the fleet file
// (examples/fleet/fleet-file.ts, fleet.yaml) refuses what the Fleet resource's check refuses,
// with the same reason; defaults apply, tags merge, and the repository's fleet.yaml passes.
import { expect } from "chai";
import * as fs from "fs";
import * as os from "os";
import * as path from "path";
import { checkFleetDefinition } from "../../../provider/fleet/definition";
import { readFleetFile } from "../../../examples/fleet/fleet-file";

const REPO_ROOT = path.resolve(__dirname, "../../../..");

function fileWith(text: string): string {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), "fleet-def-"));
  const file = path.join(dir, "fleet.yaml");
  fs.writeFileSync(file, text);
  return file;
}

describe("fleet definition: one validation for the file and the resource", () => {
  it("applies defaults, merges tags once, and keeps per-region counts", () => {
    const res = checkFleetDefinition({ plan: "vc2-1c-1gb", os: "ubuntu-24.04", tags: ["a"] }, [{ name: "web", regions: ["ewr", "fra"], count: 2, counts: { fra: 3 }, tags: ["a", "b"] }]);
    expect(res.failures).to.deep.equal([]);
    expect(res.groups).to.deep.equal([{ name: "web", regions: ["ewr", "fra"], count: 2, counts: { fra: 3 }, plan: "vc2-1c-1gb", os: "ubuntu-24.04",
      tags: ["a", "b"], label: "{key}", sshKeyIds: [], backups: false, ddosProtection: false }]);
  });

  it("names each bad field with its path", () => {
    const res = checkFleetDefinition({ plan: "vc2-1c-1gb" }, [{ name: "web", regions: ["ewr", "ewr"], colour: "red" }, { name: "web", regions: "ewr", count: -1 }]);
    expect(res.failures.map((f) => f.property)).to.deep.equal(["groups[0].colour", "groups[0].regions", "groups[0].os", "groups[1].name", "groups[1].count", "groups[1].regions", "groups[1].os"]);
  });

  it("the fleet file fails with the reason the resource's check gives", () => {
    const groups = [{ name: "Web", regions: ["ewr"] }];
    const reason = checkFleetDefinition({ plan: "vc2-1c-1gb", os: "ubuntu-24.04" }, groups).failures[0].reason;
    const file = fileWith("defaults: { plan: vc2-1c-1gb, os: ubuntu-24.04 }\ngroups:\n  - { name: Web, regions: [ewr] }\n");
    expect(() => readFleetFile(file)).to.throw(`${file}: ${reason}`);
  });

  it("the repository's fleet.yaml passes", () => {
    const fleet = readFleetFile(path.join(REPO_ROOT, "fleet.yaml"));
    expect(fleet.groups.map((g) => g.name)).to.deep.equal(["web", "db"]);
  });
});
