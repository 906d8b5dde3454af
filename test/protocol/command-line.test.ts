// The conventions every command of the package shares (protocol/command-line.ts), on a small
// command of its own: --help and --version answer on stdout with exit 0, anything unreadable
// exits 2 with one line naming the flag.
import { expect } from "chai";
import { commandLine, EXIT_USAGE, readCommandLine, UsageError, type CommandSpec } from "../../protocol/command-line";

const SPEC: CommandSpec = {
  name: "tool",
  usage: "usage: tool [--name N] [--tag T...] [--dry] <verb>",
  flags: { name: { type: "string" }, tag: { type: "string", multiple: true }, dry: { type: "boolean" } },
  positionals: true,
  version: () => "9.8.7",
};

/** Runs commandLine with a recording io. */
function run(argv: string[], spec: CommandSpec = SPEC) {
  const io = { out: "", err: "" };
  const result = commandLine(spec, argv, { stdout: (t) => (io.out += t), stderr: (t) => (io.err += t) });
  return { result, ...io };
}

describe("protocol/command-line: the conventions of every command", () => {
  it("--help and -h print the usage on stdout and exit 0, whatever else is on the line", () => {
    for (const argv of [["--help"], ["-h"], ["plan", "--name", "x", "--help"], ["--bogus", "--help"]]) {
      const r = run(argv);
      expect(r.result, argv.join(" ")).to.deep.equal({ exit: 0 });
      expect(r.out).to.equal(`${SPEC.usage}\n`);
      expect(r.err).to.equal("");
    }
  });

  it("--version prints the version only, and exit 0", () => {
    const r = run(["--version"]);
    expect(r.result).to.deep.equal({ exit: 0 });
    expect(r.out).to.equal("9.8.7\n");
  });

  it("a --help after `--` is a positional, not a request for help", () => {
    expect(readCommandLine(SPEC, ["--", "--help"])).to.deep.equal({ done: false, values: {}, positionals: ["--help"] });
  });

  it("an unknown flag exits 2 with one line on stderr naming it, nothing on stdout", () => {
    const r = run(["plan", "--nmae", "x"]);
    expect(r.result).to.deep.equal({ exit: EXIT_USAGE });
    expect(EXIT_USAGE).to.equal(2);
    expect(r.err).to.equal("tool: unknown flag --nmae (see tool --help)\n");
    expect(r.out).to.equal("");
    expect(run(["-x"]).err).to.equal("tool: unknown flag -x (see tool --help)\n");
  });

  it("names a flag without its value, a value given to a switch, and a flag taken for a value", () => {
    expect(() => readCommandLine(SPEC, ["--name"])).to.throw(UsageError, /^--name needs a value$/);
    expect(() => readCommandLine(SPEC, ["--dry=yes"])).to.throw(UsageError, /^--dry takes no value$/);
    expect(() => readCommandLine(SPEC, ["--name", "--dry"])).to.throw(UsageError, /^--name needs a value \(to give one that starts with a dash, write --name=<value>\)$/);
  });

  it("a command without positionals refuses a bare word, naming it", () => {
    const spec = { ...SPEC, positionals: false };
    expect(() => readCommandLine(spec, ["plan"])).to.throw(UsageError, /unexpected argument plan/);
  });

  it("reads values in --flag value and --flag=value forms, repeated flags in order, positionals apart", () => {
    const r = run(["plan", "--name=a", "--tag", "t1", "--dry", "--tag=t2"]);
    expect(r.result).to.deep.equal({ values: { name: "a", tag: ["t1", "t2"], dry: true }, positionals: ["plan"] });
    expect(r.out + r.err).to.equal("");
  });
});
