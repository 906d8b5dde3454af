// hosting-orphans run as a user runs it on a healthy stack, in both of its modes, and the answer
// every healthy stack must give: 0 orphans. By exported state and tag (the API key and URL from
// the environment), and by preview of the named stacks of a project (the key from their config).
import { expect } from "chai";
import { execFile } from "child_process";
import * as fs from "fs";
import * as path from "path";
import { promisify } from "util";
import { API_KEY, type World } from "../fixtures";
import { TOOLS_DIR } from "../pulumi-env";
import { packageBin } from "./package-bin";
import type { PluginProject } from "./plugin-project";

const ORPHANS_CLI = packageBin("hosting-orphans");

/** `hosting-orphans --state <export of stack> --tag pulumi-stack:<project>/<stack>` reports 0 orphans. */
export async function expectNoOrphansByState(world: World, project: PluginProject, projectName: string, stack: string): Promise<void> {
  const stateFile = path.join(project.dir, `state-${stack}.json`);
  fs.writeFileSync(stateFile, await project.raw("stack", "export", "--stack", stack));
  const { stdout } = await promisify(execFile)("node", [ORPHANS_CLI, "--state", stateFile, "--tag", `pulumi-stack:${projectName}/${stack}`], {
    env: { ...process.env, HOSTING_API_KEY: API_KEY, HOSTING_BASE_URL: world.sim.url },
  });
  expect(stdout, `hosting-orphans --state of ${stack}`).to.match(/^0 orphaned server\(s\) carry /m);
  expect(stdout, `hosting-orphans --state of ${stack}`).to.not.match(/^orphan /m);
}

/** `hosting-orphans --stack <each> --cwd <project>` (a preview of each) reports 0 unrecorded servers and 0 matches. */
export async function expectNoOrphansByPreview(project: PluginProject, stacks: string[]): Promise<void> {
  const { stdout } = await promisify(execFile)("node", [ORPHANS_CLI, ...stacks.flatMap((s) => ["--stack", s]), "--cwd", project.dir], {
    env: { ...process.env, ...project.env.envVars, PATH: `${path.join(TOOLS_DIR, "bin")}:${process.env.PATH}` },
    maxBuffer: 64 * 1024 * 1024,
  });
  expect(stdout, `hosting-orphans --stack ${stacks.join(" ")}`).to.match(/^0 unrecorded fleet server\(s\)/m);
  expect(stdout, `hosting-orphans --stack ${stacks.join(" ")}`).to.match(/^0 match\(es\), 0 ambiguous, 0 unmatchable/m);
}
