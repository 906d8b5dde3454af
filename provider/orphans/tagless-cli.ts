// `hosting-orphans --stack <stack> [--stack <other>...] [--cwd <dir>] [--adopt | --delete [--yes]]`:
// the tagless mode (tagless.ts). Lists by default; `--adopt` records the matches in each
// stack's `hosting:adopt` config, `--delete` deletes them after a confirmation (`--yes` for
// CI). Ambiguous matches are only reported. The key and base URL come from HOSTING_API_KEY and
// HOSTING_BASE_URL, else from the first stack's config.
import * as readline from "readline";
import { createClient } from "../api";
import { cliSettings, KEY_FROM_CONFIG, KEY_FROM_ENV, processEnvironment, SETTINGS } from "../core/settings";
import { deleteOrphans } from "./find-orphans";
import { previewStack, type PreviewedStack } from "./preview-stack";
import { recordAdoptions } from "./record-adoptions";
import { renderMatches } from "./render-matches";
import { findTaglessOrphans } from "./tagless";

export interface TaglessArgs {
  stacks: string[];
  cwd: string;
  adopt: boolean;
  delete: boolean;
  yes: boolean;
}

export async function runTagless(args: TaglessArgs, env: NodeJS.ProcessEnv = processEnvironment()): Promise<void> {
  if (args.adopt && args.delete) throw new Error("give --adopt or --delete, not both");
  const stacks: PreviewedStack[] = [];
  for (const name of args.stacks) stacks.push(await previewStack(name, args.cwd));
  const given = cliSettings(env);
  const envKey = given.apiKey;
  const apiKey = envKey ?? stacks[0].config.apiKey;
  const baseUrl = given.baseUrl ?? stacks[0].config.baseUrl;
  if (!apiKey || !baseUrl) {
    throw new Error(`set ${SETTINGS.apiKey.env} and ${SETTINGS.baseUrl.env} (or ${SETTINGS.apiKey.config} and ${SETTINGS.baseUrl.config} in stack ${args.stacks[0]})`);
  }
  const keySource = envKey ? KEY_FROM_ENV : `${KEY_FROM_CONFIG} of ${args.stacks[0]}`;
  // One process, one client: the provider's shared clients (getClient) are not needed here.
  const api = createClient({ apiKey, baseUrl, keySource });
  const result = await findTaglessOrphans(api, stacks);
  for (const line of renderMatches(result)) console.log(line);
  if (result.matches.length === 0 && result.fleetMembers.length === 0) return;
  if (args.adopt) {
    if (result.fleetMembers.length > 0) {
      console.log(`nothing to record for ${result.fleetMembers.length} fleet server(s): each fleet takes its own over on its next \`pulumi up\` (no POST)`);
    }
    for (const s of stacks) {
      const mine = result.matches.filter((m) => m.planned.stack === s.name).map((m) => ({ name: m.planned.name, id: m.server.id }));
      if (mine.length === 0) continue;
      await recordAdoptions(s.stack, mine);
      console.log(`recorded ${mine.length} adoption(s) in hosting:adopt of stack ${s.name}; the next \`pulumi up\` adopts them`);
    }
  } else if (args.delete) {
    const servers = [...result.matches.map((m) => m.server), ...result.fleetMembers];
    if (!args.yes && !(await confirm(`delete ${servers.length} matched or fleet server(s)? type "yes": `))) {
      console.log("nothing deleted");
      return;
    }
    const deleted = await deleteOrphans(api, servers);
    console.log(`deleted ${deleted.length}: ${deleted.join(", ")}`);
  } else {
    console.log("nothing changed; run again with --adopt to record the adoptions in the stack config, or --delete to delete the matched servers and the fleet servers in no state");
  }
}

/** Asks on the terminal; without one (CI), refuses: `--yes` is the explicit answer there. */
async function confirm(question: string): Promise<boolean> {
  if (!process.stdin.isTTY) throw new Error("--delete needs a confirmation: run it in a terminal, or add --yes");
  const rl = readline.createInterface({ input: process.stdin, output: process.stdout });
  const answer = await new Promise<string>((resolve) => rl.question(question, resolve));
  rl.close();
  return answer.trim() === "yes";
}
