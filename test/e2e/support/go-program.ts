// examples/go-fleet built as a user builds it: its go.mod with a `replace` of the SDK module by
// the release's Go SDK archive, unpacked (the module is on no module server yet), then
// `go mod tidy` (the rest from the Go module proxy) and `go build`.

import { execFileSync } from "child_process";
import * as fs from "fs";
import * as path from "path";
import { REPO_ROOT } from "../pulumi-env";

const GO_SDK_MODULE = "github.com/pulumi-hosting/pulumi-hosting/sdk";

/** Builds examples/go-fleet against the Go SDK archive; returns the executable's path. */
export function buildGoFleet(goSdkArchive: string, workDir: string): string {
  const sdk = path.join(workDir, "go-sdk");
  const program = path.join(workDir, "go-fleet");
  fs.mkdirSync(sdk, { recursive: true });
  execFileSync("tar", ["-xzf", goSdkArchive, "-C", sdk]);
  fs.cpSync(path.join(REPO_ROOT, "examples", "go-fleet"), program, { recursive: true });
  fs.appendFileSync(path.join(program, "go.mod"), `\nreplace ${GO_SDK_MODULE} => ${sdk}\n`);
  const env = { ...process.env, GOFLAGS: "-mod=mod", GOTOOLCHAIN: "local" };
  const go = (...args: string[]) => {
    try {
      execFileSync("go", args, { cwd: program, env, stdio: "pipe" });
    } catch (e) {
      throw new Error(`go ${args.join(" ")} in ${program} failed: ${(e as { stderr?: Buffer }).stderr?.toString() ?? e}`);
    }
  };
  go("mod", "tidy");
  go("build", "-o", "go-fleet", ".");
  return path.join(program, "go-fleet");
}
