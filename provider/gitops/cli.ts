#!/usr/bin/env node
// hosting-gitops: plan (pull requests, Read key), apply (main, Write key), drift (schedule,
// Read key) for a Pulumi project that uses pulumi-hosting. See examples/gitops/README.md.
// The command line and its exit codes: args.ts (`hosting-gitops --help`).
import { runCommand } from "../core/command";
import { GITOPS_COMMAND, gitopsArgs } from "./args";
import { runGitops } from "./run";

runCommand(GITOPS_COMMAND, (values, positionals) => {
  const { verb, options, json } = gitopsArgs(values, positionals);
  return runGitops(verb, options, json ? "json" : "markdown");
});
