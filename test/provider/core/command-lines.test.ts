// Each command's own flags, read the way its bin reads them (protocol/command-line.ts under
// the command's spec): what each mode takes, and what each refuses with a UsageError (exit 2).
import { expect } from "chai";
import { readCommandLine, UsageError, type CommandSpec } from "../../../protocol/command-line";
import { GITOPS_COMMAND, gitopsArgs, parseArgs as gitopsParse } from "../../../provider/gitops/args";
import { IMPORT_COMMAND, importArgs } from "../../../provider/import/args";
import { ORPHANS_COMMAND, orphansArgs } from "../../../provider/orphans/args";
import { engineAddress, PLUGIN_COMMAND } from "../../../provider/plugin/main";
import { SIMULATOR_COMMAND } from "../../../simulator/cli-args";

const VERSION: string = require("../../../../package.json").version;

function values(spec: CommandSpec, argv: string[]) {
  const line = readCommandLine(spec, argv);
  if (line.done) throw new Error(`${argv.join(" ")} asked for help or the version`);
  return line;
}

describe("each command's flags", () => {
  for (const spec of [GITOPS_COMMAND, ORPHANS_COMMAND, IMPORT_COMMAND, SIMULATOR_COMMAND, PLUGIN_COMMAND]) {
    it(`${spec.name}: --help is its usage with its exit codes, --version is package.json's`, () => {
      const help = readCommandLine(spec, ["--help"]);
      const text = help.done ? help.stdout : "";
      expect(text).to.match(/^usage: /);
      const codes = text.slice(text.indexOf("exit codes:"));
      for (const code of ["0", "1", "2"]) expect(codes, `exit code ${code} in --help`).to.match(new RegExp(`\\b${code} `));
      expect(readCommandLine(spec, ["--version"])).to.deep.equal({ done: true, stdout: `${VERSION}\n` });
      expect(() => readCommandLine(spec, ["--no-such-flag"])).to.throw(UsageError, /^unknown flag --no-such-flag$/);
    });
  }

  describe("pulumi-resource-hosting", () => {
    it("takes every argument pulumi's plugin launcher passes: --logtostderr, -v=N, --tracing <url>, the engine's address", () => {
      const line = values(PLUGIN_COMMAND, ["--logtostderr", "-v=9", "--tracing", "http://127.0.0.1:4317", "127.0.0.1:45678"]);
      expect(line.values).to.deep.equal({ logtostderr: true, v: "=9", tracing: "http://127.0.0.1:4317" });
      expect(engineAddress(line.positionals)).to.equal("127.0.0.1:45678");
      expect(engineAddress(values(PLUGIN_COMMAND, ["-v", "3", "[::1]:45678"]).positionals)).to.equal("[::1]:45678");
      expect(engineAddress(values(PLUGIN_COMMAND, []).positionals), "started by hand").to.equal(undefined);
    });
  });

  describe("hosting-import", () => {
    it("reads the filters, the files and --json", () => {
      const line = values(IMPORT_COMMAND, ["--tag", "web", "--label-prefix=db-", "--region", "ewr", "--program", "p.ts", "--fleet", "f.yaml", "--pulumi-import", "i.json", "--json"]);
      expect(importArgs(line.values)).to.deep.equal({
        filter: { tag: "web", labelPrefix: "db-", region: "ewr" }, programFile: "p.ts", fleetFile: "f.yaml", importFile: "i.json", json: true,
      });
    });

    it("refuses a bare word and a filter without its value (a missing filter would widen the selection)", () => {
      expect(() => readCommandLine(IMPORT_COMMAND, ["ewr"])).to.throw(UsageError, /unexpected argument ewr/);
      expect(() => readCommandLine(IMPORT_COMMAND, ["--region", "--tag", "x"])).to.throw(UsageError, /^--region needs a value/);
    });
  });

  describe("hosting-orphans", () => {
    it("--stack mode: stacks in order, --cwd (default the current directory), --adopt, --delete, --yes, --json", () => {
      const line = values(ORPHANS_COMMAND, ["--stack", "a", "--stack=b", "--delete", "--yes", "--json"]);
      expect(orphansArgs(line.values, "/here")).to.deep.equal({ mode: "stacks", stacks: ["a", "b"], cwd: "/here", adopt: false, delete: true, deleteKilledCreates: false, yes: true, json: true });
      const killed = values(ORPHANS_COMMAND, ["--stack", "a", "--adopt", "--delete-killed-creates", "--yes"]);
      expect(orphansArgs(killed.values, "/here")).to.include({ adopt: true, delete: false, deleteKilledCreates: true, yes: true });
      expect(orphansArgs(values(ORPHANS_COMMAND, ["--stack", "a", "--cwd", "/p"]).values, "/here")).to.include({ cwd: "/p" });
    });

    it("--state mode: the file and every --tag", () => {
      const line = values(ORPHANS_COMMAND, ["--state", "s.json", "--tag", "pulumi-stack:p/s", "--tag", "hosting-fleet:p/s/f", "--adopt"]);
      expect(orphansArgs(line.values, "/here")).to.deep.equal({ mode: "state", stateFile: "s.json", tags: ["pulumi-stack:p/s", "hosting-fleet:p/s/f"], adopt: true, delete: false, json: false });
    });

    it("refuses no mode, both modes, half a mode, --adopt with --delete, and --delete-killed-creates with --delete or without --stack, naming what to give", () => {
      const refuse = (argv: string[], message: RegExp) => expect(() => orphansArgs(values(ORPHANS_COMMAND, argv).values, "/")).to.throw(UsageError, message);
      refuse([], /give --stack <stack>, or --state <file> with --tag <tag>/);
      refuse(["--stack", "a", "--state", "s.json"], /give --stack, or --state with --tag, not both/);
      refuse(["--state", "s.json"], /--state needs at least one --tag/);
      refuse(["--tag", "t"], /--tag needs --state/);
      refuse(["--stack", "a", "--adopt", "--delete"], /give --adopt or --delete, not both/);
      refuse(["--stack", "a", "--delete", "--delete-killed-creates"], /give --delete or --delete-killed-creates, not both/);
      refuse(["--state", "s.json", "--tag", "t", "--delete-killed-creates"], /--delete-killed-creates needs --stack/);
    });
  });

  describe("hosting-gitops", () => {
    it("reads --json beside the options, which stay the runner's GitopsOptions", () => {
      expect(gitopsParse(["drift", "--stack", "p", "--json"])).to.deep.equal({ verb: "drift", options: { stack: "p" }, json: true });
    });

    it("refuses no verb, an unknown verb, a second word, and a bad number, naming each", () => {
      const refuse = (argv: string[], message: RegExp) => expect(() => gitopsParse(argv)).to.throw(UsageError, message);
      refuse(["--stack", "p"], /no command: give one of plan, apply, drift, cost/);
      refuse(["deploy", "--stack", "p"], /unknown command 'deploy'/);
      refuse(["plan", "extra", "--stack", "p"], /unexpected argument 'extra' after plan/);
      refuse(["plan", "--stack", "p", "--parallel", "0"], /--parallel must be a whole number above 0, got '0'/);
      refuse(["plan", "--stack", "p", "--summary="], /--summary needs a value/);
      expect(gitopsArgs({ stack: "p" }, ["cost"]).verb).to.equal("cost");
    });
  });
});
