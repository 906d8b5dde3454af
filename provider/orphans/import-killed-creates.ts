// `hosting-orphans --stack ... --adopt` for the Fleet creates killed after their last mark
// (killed-creates.ts): the `pulumi import` each `killed-create` line prints, run through the
// Automation API in that stack, so a CI recovery needs no hand-run command. Only an importable
// one (tagless.ts `importable`: the plugin's Fleet, not yet in the state) is imported.
import type { PreviewedStack } from "./preview-stack";
import { importable, type KilledFleetCreate } from "./tagless";
import { urnName } from "../core/urn";

export interface ImportedCreate {
  stack: string;
  name: string;
  instance: string;
  servers: string[];
}

/** Imports each importable killed create into its stack; the ones imported. */
export async function importKilledCreates(stacks: PreviewedStack[], killed: KilledFleetCreate[]): Promise<ImportedCreate[]> {
  const imported: ImportedCreate[] = [];
  for (const k of killed.filter(importable)) {
    const stack = stacks.find((s) => s.name === k.stack)!.stack;
    const parent = k.fleet.parent ? urnName(k.fleet.parent) : undefined;
    await stack.import({
      resources: [{ type: k.fleet.type, name: k.fleet.name, id: k.importId, ...(parent ? { parent } : {}) }],
      ...(parent ? { nameTable: { [parent]: k.fleet.parent! } } : {}),
      protect: false,
      generateCode: false,
    });
    imported.push({ stack: k.stack, name: k.fleet.name, instance: k.instance, servers: k.servers });
  }
  return imported;
}
