// CI runs `.ci/run`; a newcomer runs the README's test command. Both must install the same
// things, or CI is green where a newcomer's first `npm test` is red: so `.ci/run` may run only
// `npm ci` and that command, and everything else is installed by the scripts `npm test` runs.
import { expect } from "chai";
import * as fs from "fs";
import * as path from "path";

const ROOT = path.resolve(__dirname, "..", "..", "..");
const read = (rel: string) => fs.readFileSync(path.join(ROOT, rel), "utf8");
const pkg = JSON.parse(read("package.json"));

/** A shell script's commands: its lines without comments and blank lines. */
function commandLines(script: string): string[] {
  return script.split("\n").map((l) => l.replace(/(^|\s)#.*$/, "").trim()).filter((l) => l.length > 0);
}

/** The repository scripts a shell text runs with `bash scripts/...` (paths relative to the root). */
function scriptsRun(text: string): string[] {
  return [...text.matchAll(/\bbash\s+(?:"\$[A-Z_]+\/)?(scripts\/[\w./-]+\.sh)/g)].map((m) => m[1]);
}

/** Every script reachable from `start` through `bash scripts/...` lines, itself included. */
function reachableScripts(start: string[], readScript: (rel: string) => string): Set<string> {
  const seen = new Set<string>();
  const queue = [...start];
  while (queue.length > 0) {
    const next = queue.shift()!;
    if (seen.has(next)) continue;
    seen.add(next);
    queue.push(...scriptsRun(readScript(next)));
  }
  return seen;
}

/** The README's test command: the `npm ...` line of its "two commands" block that runs the tests. */
function readmeTestCommand(readme: string): string {
  const block = /## In this repository: two commands\n+```sh\n([\s\S]*?)```/.exec(readme)?.[1];
  if (!block) throw new Error('README has no "## In this repository: two commands" block');
  const line = commandLines(block).find((l) => /^npm (run )?test\b/.test(l));
  if (!line) throw new Error("README's two commands name no test command");
  return line;
}

/**
 * What `.ci/run` does beyond `npm ci` and the test command that the test command's own set-up
 * does not: each entry names the line. Empty when CI installs nothing a newcomer's run lacks.
 */
function ciRunExtras(ciRun: string, testCommand: string, pretest: string, readScript: (rel: string) => string): string[] {
  const byTest = reachableScripts(scriptsRun(pretest), readScript);
  const installsNpm = [...byTest].some((s) => /\bnpm ci\b/.test(readScript(s)));
  const extras: string[] = [];
  for (const line of commandLines(ciRun)) {
    for (const script of scriptsRun(line)) if (!byTest.has(script)) extras.push(`${line} (runs ${script}, which \`${testCommand}\` does not)`);
    if (/\b(apt-get|apt|pip3?|cargo|go|gem|curl|wget)\s+(install|get)\b/.test(line) || /\bnpm\s+(install|i|add)\b/.test(line)) {
      extras.push(`${line} (installs outside \`${testCommand}\`)`);
    }
    if (/\bnpm ci\b/.test(line) && !installsNpm) extras.push(`${line} (\`${testCommand}\` does not install the npm packages itself)`);
    if (/\bnpm\s+(run\s+)?[\w:-]+/.test(line) && !/\bnpm ci\b/.test(line)) {
      const run = /\bnpm\s+(?:run\s+)?[\w:-]+/.exec(line)![0];
      if (run !== testCommand.replace(/^npm run test$/, "npm test")) extras.push(`${line} (an npm script other than \`${testCommand}\`)`);
    }
  }
  return extras;
}

describe(".ci/run installs nothing that the README's test command does not", () => {
  const testCommand = readmeTestCommand(read("README.md"));
  const ciRun = read(".ci/run");

  it("runs the README's test command", () => {
    expect(testCommand).to.equal("npm test");
    expect(commandLines(ciRun).some((l) => l.startsWith(testCommand))).to.equal(true);
  });

  it("runs nothing but `npm ci` and that command: every installer is in the test command's set-up", () => {
    expect(ciRunExtras(ciRun, testCommand, pkg.scripts.pretest, read)).to.deep.equal([]);
  });

  it("the test command's set-up reaches every tool installer of scripts/ and scripts/release/", () => {
    const byTest = reachableScripts(scriptsRun(pkg.scripts.pretest), read);
    for (const installer of ["scripts/postgres.sh", "scripts/redis.sh", "scripts/setup-pulumi.sh", "scripts/schemathesis.sh", "scripts/gen-docs.sh",
      "scripts/release/python-tools.sh", "scripts/release/java-tools.sh", "scripts/release/rcodesign.sh", "scripts/release/wine.sh"]) {
      expect(byTest.has(installer), installer).to.equal(true);
    }
  });

  it("would name a line that installs a tool outside the test command (a .ci/run from before this check)", () => {
    const older = `${ciRun}\nbash scripts/release/wine.sh >/dev/null\nbash scripts/not-in-setup.sh\napt-get install -y foo\nnpm run test:unit\n`;
    const readWith = (rel: string) => (rel === "scripts/not-in-setup.sh" ? "" : read(rel));
    const extras = ciRunExtras(older, testCommand, pkg.scripts.pretest, readWith);
    expect(extras).to.have.length(3);
    expect(extras[0]).to.contain("scripts/not-in-setup.sh");
    expect(extras[1]).to.contain("apt-get install");
    expect(extras[2]).to.contain("npm run test:unit");
    const withoutSetup = ciRunExtras(older, testCommand, "bash scripts/install-if-missing.sh", read);
    expect(withoutSetup.some((e) => e.includes("scripts/release/wine.sh"))).to.equal(true);
  });
});
