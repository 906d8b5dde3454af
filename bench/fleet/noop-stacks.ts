// The engines' own cost of K stacks at once: the same K stacks of M resources, with the lower
// bound's no-op resources (noop-resource.ts) instead of servers, so no API is involved. K CLIs,
// K language hosts and K provider processes start and run side by side on the machine's cores;
// against one no-op stack of K·M this shows what running K engines costs the machine's cores.
// The multi-stack table shows it beside each run and subtracts nothing: in a real run most of
// the engines' work overlaps the wait for the key's rate.

import { fleetProgram } from "./programs";
import { createBenchStack, type BenchStack } from "./pulumi-stack";

/** Seconds for `up` of K no-op stacks of M resources at once (K = 1: one stack). */
export async function noopStacksSeconds(repoRoot: string, k: number, m: number): Promise<number> {
  const stacks: BenchStack[] = [];
  try {
    for (let i = 0; i < k; i++) stacks.push(await createBenchStack(repoRoot, fleetProgram("bound", m, `s${i}-`), {}, {}));
    const started = Date.now();
    await Promise.all(stacks.map((s) => s.stack.up({ parallel: m, onOutput: () => undefined })));
    return (Date.now() - started) / 1000;
  } finally {
    for (const s of stacks) s.dispose();
  }
}
