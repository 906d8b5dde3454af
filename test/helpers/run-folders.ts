// Loaded by mocha before any test (.mocharc.json `require`), in the runner and in each worker of a
// parallel run. The runner makes one folder for the whole run and points TMPDIR at it, so every
// temporary folder its tests and their processes make (npm installs, projects, state, the
// catalogue cache) is inside it, and removes it at the end. The workers inherit it
// (HOSTING_TEST_RUN_DIR): they end without an `exit` event, so nothing of theirs could be removed
// otherwise.
// Each process keeps the catalogue file cache in a folder of its own in there. Without it the
// tests wrote into the developer's ~/.cache/pulumi-hosting, and a file of an earlier run, fresh
// for 15 minutes, could answer a test whose simulator took the same loopback port with another
// catalogue or shape. Tests that need a particular folder still pass their own.
import * as fs from "fs";
import * as os from "os";
import * as path from "path";

const RUN_DIR = "HOSTING_TEST_RUN_DIR";
const inherited = process.env[RUN_DIR];
const runDir = inherited ?? fs.mkdtempSync(path.join(os.tmpdir(), "hosting-test-run-"));
if (inherited === undefined) {
  // Traversable, not listable, as the system's temporary folder is to other users: a throw-away
  // PostgreSQL runs as the postgres user and must reach its folder in here (scripts/postgres.sh).
  fs.chmodSync(runDir, 0o711);
  process.env[RUN_DIR] = runDir;
  process.env.TMPDIR = runDir;
}

const dir = fs.mkdtempSync(path.join(os.tmpdir(), "hosting-test-catalogue-"));
process.env.HOSTING_CATALOGUE_CACHE_DIR = dir;

/**
 * Runs in the runner only: the run's folder goes, with everything in it. A process still writing
 * there (one a failed test left running) can keep it from going: that is said, and the run's
 * result stays the tests'.
 */
export function mochaGlobalTeardown(): void {
  const folder = inherited === undefined ? runDir : dir;
  try {
    fs.rmSync(folder, { recursive: true, force: true, maxRetries: 3 });
  } catch (e) {
    console.warn(`the test run's temporary folder ${folder} was not removed: ${e instanceof Error ? e.message : String(e)}`);
  }
}
