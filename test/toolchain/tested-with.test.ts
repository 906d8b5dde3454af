// README's "Tested with" table is the lanes CI runs (scripts/lanes.json), and the
// package's declared ranges cover every lane, so neither can drift from the other.
import { expect } from "chai";
import * as fs from "fs";
import * as path from "path";

const ROOT = path.resolve(__dirname, "..", "..", "..");
const matrix = JSON.parse(fs.readFileSync(path.join(ROOT, "scripts", "lanes.json"), "utf8"));
const pkg = JSON.parse(fs.readFileSync(path.join(ROOT, "package.json"), "utf8"));
const readme = fs.readFileSync(path.join(ROOT, "README.md"), "utf8");

/** The rows of the first table under `## <title>`, as arrays of trimmed cells without backticks. */
function tableUnder(title: string): string[][] {
  const section = readme.split(/^## /m).find((s) => s.startsWith(`${title}\n`));
  if (!section) throw new Error(`README has no "## ${title}" section`);
  const rows = section.split("\n").filter((line) => line.startsWith("|"));
  return rows.slice(2).map((line) => line.split("|").slice(1, -1).map((cell) => cell.trim().replace(/`/g, "")));
}

describe("README 'Tested with' and package.json follow the lanes CI runs", () => {
  it("has one row per lane: name, Node, @pulumi/pulumi, Pulumi CLI, what runs", () => {
    const expected = matrix.lanes.map((l: any) => [l.name, `${l.node}.x`, l.sdk, matrix.cli, l.runs]);
    expect(tableUnder("Tested with")).to.deep.equal(expected);
  });

  it("declares a peer range from the oldest lane's SDK up to the next major", () => {
    const oldest = matrix.lanes[0];
    expect(pkg.peerDependencies["@pulumi/pulumi"]).to.equal(`>=${oldest.sdk} <4.0.0`);
    expect(pkg.devDependencies["@pulumi/pulumi"], "the repository itself is the oldest lane").to.equal(oldest.sdk);
  });

  it("declares engines.node from the oldest lane's Node (20.19, for require of ES modules)", () => {
    expect(pkg.engines.node).to.equal(`>=${matrix.lanes[0].node}.19.0`);
  });
});
