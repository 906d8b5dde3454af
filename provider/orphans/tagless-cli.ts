// `hosting-orphans --stack <stack> [--stack <other>...] [--cwd <dir>] [--adopt | --delete [--yes]]`:
// the tagless mode (tagless.ts). Lists by default; `--adopt` records the matches in each
// stack's `hosting:adopt` config and imports the killed Fleet creates it can
// (import-killed-creates.ts), `--delete-killed-creates` deletes the servers of the killed creates
// no import can take, `--delete` deletes every one found; both after a confirmation (`--yes` for CI). Ambiguous matches are only reported. The key and base URL come from HOSTING_API_KEY and
// HOSTING_BASE_URL, else from the first stack's config; the shape and the Redis coordinator
// likewise from that stack's config, else the environment.
import type { Stack } from "@pulumi/pulumi/automation";
import type { HostingApi } from "../api/wire/types";
import * as readline from "readline";
import { clientFromSettings } from "../core/client-factory";
import { toolLogger } from "../core/command";
import { cliSettings, KEY_FROM_CONFIG, KEY_FROM_ENV, processEnvironment, resolveSettings, SETTINGS, type ResolvedSettings } from "../core/settings";
import { ADOPT_CONFIG_KEY } from "../server/types";
import { deleteOrphans } from "./find-orphans";
import { importKilledCreates } from "./import-killed-creates";
import { orphanJson, orphansOutput, type OrphansOutput } from "./output";
import { previewStack, type PreviewedStack } from "./preview-stack";
import { renderMatches } from "./render-matches";
import { findTaglessOrphans, importable, type TaglessResult } from "./tagless";

const ADOPT_KEY = `hosting:${ADOPT_CONFIG_KEY}`;

/**
 * Writes matched orphans into the stack config as `hosting:adopt` (resource name → server id),
 * which the `Server` class reads as `adoptId` (server/registration.ts): the next `up` adopts
 * them without an edit to the program, in CI as well. Entries already there are kept.
 */
async function recordAdoptions(stack: Stack, adoptions: { name: string; id: string }[]): Promise<Record<string, string>> {
  const all = await stack.getAllConfig();
  const current: Record<string, string> = all[ADOPT_KEY]?.value ? JSON.parse(all[ADOPT_KEY].value) : {};
  const next = { ...current, ...Object.fromEntries(adoptions.map((a) => [a.name, a.id])) };
  await stack.setConfig(ADOPT_KEY, { value: JSON.stringify(next) });
  return next;
}

export interface TaglessArgs {
  stacks: string[];
  cwd: string;
  adopt: boolean;
  delete: boolean;
  deleteKilledCreates: boolean;
  yes: boolean;
}

/**
 * The settings of the tagless mode: the key and base URL of the environment win over the first
 * stack's (the operator running the tool names them), the rest as the provider resolves them.
 */
export function taglessSettings(first: PreviewedStack, env: NodeJS.ProcessEnv): ResolvedSettings {
  const given = cliSettings(env);
  const apiKey = given.apiKey ?? first.config.apiKey;
  const baseUrl = given.baseUrl ?? first.config.baseUrl;
  if (!apiKey || !baseUrl) {
    throw new Error(`set ${SETTINGS.apiKey.env} and ${SETTINGS.baseUrl.env} (or ${SETTINGS.apiKey.config} and ${SETTINGS.baseUrl.config} in stack ${first.name})`);
  }
  const settings = resolveSettings({ ...first.config, apiKey, baseUrl }, env);
  return { ...settings, keySource: given.apiKey ? KEY_FROM_ENV : `${KEY_FROM_CONFIG} of ${first.name}` };
}

export async function runTagless(args: TaglessArgs, env: NodeJS.ProcessEnv = processEnvironment(), out: OrphansOutput = orphansOutput("stacks", false)): Promise<void> {
  if (args.adopt && args.delete) throw new Error("give --adopt or --delete, not both");
  const stacks: PreviewedStack[] = [];
  for (const name of args.stacks) stacks.push(await previewStack(name, args.cwd));
  const api = clientFromSettings(taglessSettings(stacks[0], env), { env, log: toolLogger("hosting-orphans") });
  const result = await findTaglessOrphans(api, stacks);
  Object.assign(out.result, taglessJson(result));
  for (const line of renderMatches(result)) out.say(line);
  if (result.matches.length === 0 && result.fleetMembers.length === 0) return;
  if (args.adopt) {
    if (result.fleetMembers.length > 0) {
      out.say(`nothing to record for ${result.fleetMembers.length} fleet server(s): each fleet takes its tagged ones over on its next \`pulumi up\` (no POST) and deletes the untagged ones`);
    }
    const imported = await importKilledCreates(stacks, result.killedCreates);
    for (const i of imported) out.say(`imported the killed create ${i.instance} as ${i.stack}:${i.name}, its ${i.servers.length} server(s) recorded; the next \`pulumi up\` makes none of them again`);
    out.result.imported = imported;
    const recorded: Array<{ stack: string; name: string; id: string }> = [];
    for (const s of stacks) {
      const mine = result.matches.filter((m) => m.planned.stack === s.name).map((m) => ({ name: m.planned.name, id: m.server.id }));
      if (mine.length === 0) continue;
      await recordAdoptions(s.stack, mine);
      recorded.push(...mine.map((m) => ({ stack: s.name, ...m })));
      out.say(`recorded ${mine.length} adoption(s) in hosting:adopt of stack ${s.name}; the next \`pulumi up\` adopts them`);
    }
    out.result.recorded = recorded;
  }
  if (args.deleteKilledCreates) {
    const servers = result.killedCreates.filter((k) => !importable(k)).flatMap((k) => k.servers.map((id) => ({ id })));
    await deleteAfterConfirming(api, args, out, servers, "killed create");
  } else if (args.delete) {
    await deleteAfterConfirming(api, args, out, [...result.matches.map((m) => m.server), ...result.fleetMembers], "matched or fleet");
  } else if (!args.adopt) {
    out.say("nothing changed; run again with --adopt to record the adoptions in the stack config and import the killed Fleet creates, --delete-killed-creates to delete the killed creates no import can take, or --delete to delete the matched servers and the fleet servers in no state");
  }
}

/** Deletes `servers` once `--yes` or the terminal's answer says so. */
async function deleteAfterConfirming(api: HostingApi, args: TaglessArgs, out: OrphansOutput, servers: Array<{ id: string }>, what: string): Promise<void> {
  if (servers.length > 0 && !args.yes && !(await confirm(`delete ${servers.length} ${what} server(s)? type "yes": `))) {
    out.say("nothing deleted");
    out.result.deleted = [];
    return;
  }
  const deleted = await deleteOrphans(api, servers);
  out.result.deleted = deleted;
  out.say(`deleted ${deleted.length}: ${deleted.join(", ")}`);
}

/** What --json prints of a tagless search: every match, ambiguity and unrecorded fleet server. */
function taglessJson(r: TaglessResult): Record<string, unknown> {
  const planned = (p: TaglessResult["matches"][number]["planned"]) => ({ stack: p.stack, name: p.name, label: p.label, region: p.region, plan: p.plan });
  return {
    matches: r.matches.map((m) => ({ planned: planned(m.planned), server: orphanJson(m.server) })),
    ambiguous: r.ambiguous.map((a) => ({ planned: planned(a.planned), candidates: a.servers.map(orphanJson), rivals: a.rivals.map((q) => ({ stack: q.stack, name: q.name })) })),
    unmatchable: r.unmatchable.map((p) => ({ stack: p.stack, name: p.name, reason: p.unmatchable })),
    fleetMembers: r.fleetMembers.map(orphanJson),
    killedCreates: r.killedCreates.map((k) => ({
      stack: k.stack, name: k.fleet.name, type: k.fleet.type, instance: k.instance, fleetTag: k.fleetTag, servers: k.servers, importId: k.importId, importable: importable(k),
    })),
    unclaimed: r.unclaimed.length,
  };
}

/** Asks on the terminal; without one (CI), refuses: `--yes` is the explicit answer there. */
async function confirm(question: string): Promise<boolean> {
  if (!process.stdin.isTTY) throw new Error("--delete needs a confirmation: run it in a terminal, or add --yes");
  // The question goes to stderr: with --json, stdout holds only the JSON document.
  const rl = readline.createInterface({ input: process.stdin, output: process.stderr });
  const answer = await new Promise<string>((resolve) => rl.question(question, resolve));
  rl.close();
  return answer.trim() === "yes";
}
