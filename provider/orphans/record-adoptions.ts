// Writes matched orphans into the stack config as `hosting:adopt` (resource name → server id),
// which the `Server` class reads as `adoptId` (provider/server/adopt-config.ts): the next `up`
// adopts them without an edit to the program, in CI as well. Entries already there are kept.
import type { Stack } from "@pulumi/pulumi/automation";
import { ADOPT_CONFIG_KEY } from "../server/types";

const KEY = `hosting:${ADOPT_CONFIG_KEY}`;

export async function recordAdoptions(stack: Stack, adoptions: { name: string; id: string }[]): Promise<Record<string, string>> {
  const all = await stack.getAllConfig();
  const current: Record<string, string> = all[KEY]?.value ? JSON.parse(all[KEY].value) : {};
  const next = { ...current, ...Object.fromEntries(adoptions.map((a) => [a.name, a.id])) };
  await stack.setConfig(KEY, { value: JSON.stringify(next) });
  return next;
}
