// What README and docs/plugin.md say about the release's platforms, against the one list the
// release builds (scripts/release/targets.ts): every target named, one row per target in the
// platform table, and the Node version every executable embeds.
import { expect } from "chai";
import * as fs from "fs";
import * as path from "path";
import { NODE_VERSION, TARGETS } from "../../scripts/release/targets";

const REPO_ROOT = path.resolve(__dirname, "../../..");
const read = (file: string): string => fs.readFileSync(path.join(REPO_ROOT, file), "utf8");

describe("README and docs/plugin.md name the release's platforms and Node version as the release builds them", () => {
  const readme = read("README.md");
  const plugin = read("docs/plugin.md");

  it("README names every target the release builds", () => {
    for (const t of TARGETS) expect(readme, t.name).to.include(t.name);
  });

  it("docs/plugin.md's platform table has one row per target, each with its archive in the release's file list", () => {
    const rows = plugin.split("\n").filter((l) => /^\| (linux|darwin|windows)-/.test(l));
    const named = rows.flatMap((r) => r.split("|")[1]!.split(",").map((c) => c.trim()));
    expect([...named].sort()).to.deep.equal(TARGETS.map((t) => t.name).sort());
    const archives = /pulumi-resource-hosting-v[\d.]+-\{([^}]+)\}\.tar\.gz/.exec(plugin);
    expect(archives?.[1]?.split(",").sort()).to.deep.equal(TARGETS.map((t) => t.name).sort());
  });

  it("docs/plugin.md states the Node version the executables embed, and each target's npm package", () => {
    const stated = [...plugin.matchAll(/Node (\d+\.\d+\.\d+)/g)].map((m) => m[1]);
    expect(stated, "versions stated").to.have.length.at.least(1);
    for (const v of stated) expect(v).to.equal(NODE_VERSION);
    for (const t of TARGETS) expect(plugin, t.nodePackage).to.include(`\`${t.nodePackage}\``);
  });
});
