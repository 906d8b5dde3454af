// A mocha run of this repository leaves nothing in the system's temporary folder: what its tests
// and their processes make there (the catalogue cache, npm installs, projects, state) goes with the
// run, also from the workers of a parallel run, which end without an `exit` event.
import { expect } from "chai";
import { spawnSync } from "child_process";
import * as fs from "fs";
import * as os from "os";
import * as path from "path";

const ROOT = path.resolve(__dirname, "..", "..", "..");
const MOCHA = path.join(ROOT, "node_modules", "mocha", "bin", "mocha.js");
// A test file that makes a folder in the temporary folder and leaves it there.
const LEAVES_A_FOLDER = `const fs = require("fs"), os = require("os"), path = require("path");
it("makes a folder and leaves it", () => { fs.writeFileSync(path.join(fs.mkdtempSync(path.join(os.tmpdir(), "left-")), "f"), "x"); });
`;

describe("the folders of a test run", () => {
  it("the run's folder is the temporary folder, traversable by other users and not listable: a throw-away PostgreSQL, run as the postgres user, reaches its folder in it", () => {
    const runDir = process.env.HOSTING_TEST_RUN_DIR;
    expect(os.tmpdir()).to.equal(runDir);
    expect(fs.statSync(runDir!).mode & 0o777).to.equal(0o711);
  });

  it("a parallel run of two files removes what its tests and workers made in the temporary folder", () => {
    const tmp = fs.mkdtempSync(path.join(os.tmpdir(), "system-tmp-"));
    const files = fs.mkdtempSync(path.join(os.tmpdir(), "test-files-"));
    for (const name of ["a.test.js", "b.test.js"]) fs.writeFileSync(path.join(files, name), LEAVES_A_FOLDER);
    const env: NodeJS.ProcessEnv = { ...process.env, TMPDIR: tmp };
    for (const k of Object.keys(env)) if (k.startsWith("HOSTING_")) delete env[k];
    const run = spawnSync(process.execPath, [MOCHA, "--config", ".mocharc.json", "--parallel", "--jobs", "2", path.join(files, "*.test.js")], {
      cwd: ROOT, env, encoding: "utf8", timeout: 60_000,
    });
    expect(run.status, `${run.stdout}\n${run.stderr}`).to.equal(0);
    expect(run.stdout).to.include("2 passing");
    expect(fs.readdirSync(tmp)).to.deep.equal([]);
  });
});
