// docs/guide/command-line-tools.md's table of exit codes against what each command's --help says: the same
// commands, and for each the same codes.
import { expect } from "chai";
import * as fs from "fs";
import * as path from "path";
import { readCommandLine } from "../../protocol/command-line";
import { GITOPS_COMMAND } from "../../provider/gitops/args";
import { IMPORT_COMMAND } from "../../provider/import/args";
import { ORPHANS_COMMAND } from "../../provider/orphans/args";
import { PLUGIN_COMMAND } from "../../provider/plugin/main";
import { SIMULATOR_COMMAND } from "../../simulator/cli-args";

const PAGE = fs.readFileSync(path.resolve(__dirname, "../../../docs/guide/command-line-tools.md"), "utf8");
const COMMANDS = [GITOPS_COMMAND, ORPHANS_COMMAND, IMPORT_COMMAND, SIMULATOR_COMMAND, PLUGIN_COMMAND];

/** The exit codes a --help names after "exit codes:", sorted. */
function helpCodes(help: string): string[] {
  const text = help.slice(help.indexOf("exit codes:") + "exit codes:".length);
  return [...text.matchAll(/(?:^|[,:])\s*(\d) /g)].map((m) => m[1]).sort();
}

describe("docs/guide/command-line-tools.md: the commands' exit codes", () => {
  const section = PAGE.slice(PAGE.indexOf("## Exit codes"));
  const rows = section.split("\n").filter((l) => /^\| `[\w-]+` \|/.test(l)).map((l) => l.split("|").slice(1, -1).map((c) => c.trim()));
  const header = section.split("\n").find((l) => l.startsWith("| command | 0 |"))!.split("|").slice(2, -1).map((c) => c.trim());

  it("has one row per command", () => {
    expect(rows.map((r) => r[0].replace(/`/g, ""))).to.include.members(COMMANDS.map((c) => c.name));
  });

  for (const spec of COMMANDS) {
    it(`${spec.name}: the codes of its row are the codes its --help names`, () => {
      const row = rows.find((r) => r[0] === `\`${spec.name}\``)!;
      const documented = row.slice(1).flatMap((cell, i) => (cell === "–" ? [] : [header[i]])).sort();
      const help = readCommandLine(spec, ["--help"]);
      expect(documented).to.deep.equal(helpCodes(help.done ? help.stdout : ""));
    });
  }
});
