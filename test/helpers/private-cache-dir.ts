// Loaded by mocha before any test (.mocharc.json `require`): the test process and every provider,
// plugin or CLI it starts keep the catalogue file cache in a folder of their own, removed at the end.
// Without it the tests wrote into the developer's ~/.cache/pulumi-hosting, and a file of an earlier
// run, fresh for 15 minutes, could answer a test whose simulator took the same loopback port with
// another catalogue or shape. Tests that need a particular folder still pass their own.
import * as fs from "fs";
import * as os from "os";
import * as path from "path";

const dir = fs.mkdtempSync(path.join(os.tmpdir(), "hosting-test-catalogue-"));
process.env.HOSTING_CATALOGUE_CACHE_DIR = dir;

export function mochaGlobalTeardown(): void {
  fs.rmSync(dir, { recursive: true, force: true });
}
