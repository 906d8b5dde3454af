#!/usr/bin/env node
// hosting-gitops: plan (pull requests, Read key), apply (main, Write key), drift (schedule,
// Read key) for a Pulumi project that uses pulumi-hosting. See examples/gitops/README.md.
import { parseArgs } from "./args";
import { runGitops } from "./run";

async function main(): Promise<number> {
  let parsed;
  try {
    parsed = parseArgs(process.argv.slice(2));
  } catch (e) {
    process.stderr.write(`hosting-gitops: ${e instanceof Error ? e.message : e}\n`);
    return 1;
  }
  return runGitops(parsed.verb, parsed.options);
}

main().then((code) => {
  process.exitCode = code;
});
