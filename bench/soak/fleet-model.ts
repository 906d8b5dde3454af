// `npm run soak:fleet-model`: the Fleet's model-based test (test/provider/fleet/model/) for long:
//   --sequences N   sequences per shape (default 200)
//   --seed S        fast-check's seed (default: random, printed)
//   --shape A|B     one shape (default both, one after the other)
//   --steps N       steps per sequence at most (default 8)
//   --no-shrink     report a failing sequence as found, without shrinking it
//   --without F,G   leave these families of steps out (commands.ts FAMILIES), to look past a known failure
//   --log           print each sequence's steps and outcomes
// Prints per shape the sequences, steps, operations, kills and Ctrl-Cs run and the seed, then
// fast-check's report of a violation (the shrunk sequence, its seed and path), if any; exits 1
// on a violation. Not part of `npm test`; run `npm run build` first (the npm script does).
import { SHAPES, type TestShape } from "../../test/helpers/simulator";
import { runModel, startModelSimulator } from "../../test/provider/fleet/model/run";
import type { Family } from "../../test/provider/fleet/model/arbitraries";

function arg(name: string): string | undefined {
  const i = process.argv.indexOf(`--${name}`);
  return i >= 0 ? process.argv[i + 1] : undefined;
}

interface Options {
  seed: number;
  sequences: number;
  steps: number;
  shrink: boolean;
  without: Family[];
  log: boolean;
}

async function shapeRun(shape: TestShape, o: Options): Promise<boolean> {
  const { seed, sequences, steps, shrink, without } = o;
  const sim = await startModelSimulator(shape);
  const started = Date.now();
  let figures = { sequences: 0, steps: 0, operations: 0, kills: 0, ctrlCs: 0 };
  const line = (verdict: string) =>
    console.log(`shape ${shape} seed ${seed}${without.length > 0 ? ` without ${without.join(",")}` : ""}: ${figures.sequences} sequences, ${figures.steps} steps, ${figures.operations} operations, ${figures.kills} kills, ${figures.ctrlCs} Ctrl-Cs in ${((Date.now() - started) / 1000).toFixed(0)} s: ${verdict}`);
  try {
    await runModel(sim, {
      seed, numRuns: sequences, maxCommands: steps, shrink, without,
      onSequence: (w) => {
        figures = { ...w.figures };
        if (o.log) console.log(`sequence ${figures.sequences}:\n  ${w.log.join("\n  ")}`);
        if (figures.sequences % 25 === 0) line("running");
      },
    });
    line("0 violations");
    return true;
  } catch (e) {
    line("VIOLATION");
    console.log((e as Error).message);
    const cause = (e as { cause?: unknown }).cause;
    if (cause) console.log(cause instanceof Error ? cause.message : String(cause));
    return false;
  } finally {
    await sim.close();
  }
}

async function main(): Promise<void> {
  const sequences = Number(arg("sequences") ?? 200);
  const steps = Number(arg("steps") ?? 8);
  const seed = Number(arg("seed") ?? Math.floor(Math.random() * 2 ** 31));
  const shapes = arg("shape") ? [arg("shape") as TestShape] : [...SHAPES];
  const shrink = !process.argv.includes("--no-shrink");
  const without = (arg("without") ?? "").split(",").filter((f) => f !== "") as Family[];
  let ok = true;
  for (const shape of shapes) ok = (await shapeRun(shape, { seed, sequences, steps, shrink, without, log: process.argv.includes("--log") })) && ok;
  process.exit(ok ? 0 : 1);
}

void main();
