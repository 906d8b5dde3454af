// The provider tests' world: the real simulator of one shape (test/helpers/simulator.ts), and
// a provider process of the test's own pointed at it the way the dynamic-provider host does
// (`configure` with the stack config), with every wait shrunk to milliseconds
// (test/helpers/test-process.ts; calls through `loose` get a context of it).

import { forgetProcess, testProcess, useProcess } from "../helpers/test-process";
import type { HostingApi } from "../../provider/api/wire/types";
import type { Waiter } from "../../provider/core/waiter-types";
import { KEYS, lateSimulator, SHAPES, startTestSimulator, type TestShape, type TestSimulator } from "../helpers/simulator";

export { SHAPES, KEYS, countRequests } from "../helpers/simulator";

/** Provider timings for tests: first poll and intervals in tens of milliseconds. */
export const FAST_WAITS = { initialPollMs: 25, backoff: 1.5, maxPollMs: 80, batchSlackMs: 10, readBatchMs: 5, absenceGraceMs: 500 };

/** Stack config as the dynamic-provider host hands it to `configure`. */
export function stackConfig(values: Record<string, string | undefined>) {
  return { get: (key: string) => values[key] };
}

export async function startWorld(shape: "A" | "B"): Promise<TestSimulator> {
  const sim = await startTestSimulator({ shape });
  useSim(sim);
  return sim;
}

/** Points the provider process at `sim` through stack config, with fast waits. */
export function useSim(sim: TestSimulator, key: string = KEYS.full): void {
  useProcess({ "hosting:apiKey": key, "hosting:baseUrl": sim.url }, { waiterTimings: FAST_WAITS });
}

export function forgetSettings(): void {
  forgetProcess();
}

/** The current test process's client (what `ctx.api` gives its calls). */
export function testApi(): HostingApi {
  return testProcess().client();
}

/** The current test process's status waiter. */
export function testWaiter(): Waiter {
  return testProcess().waiter();
}

/** The usual inputs of a small server, as `check` receives them. */
export function serverNews(overrides: Record<string, unknown> = {}): Record<string, unknown> {
  return { __provider: "SHELL", region: "ewr", plan: "vc2-1c-1gb", os: "ubuntu-24.04", label: "web-1", ...overrides };
}

/** Expects the promise to reject and returns the error. */
export async function rejection(p: Promise<unknown>): Promise<any> {
  try {
    await p;
  } catch (e) {
    return e;
  }
  throw new Error("expected a rejection");
}

/**
 * Declares `title` once per shape against its own simulator, with the provider process
 * pointed at it before every test (and the simulator reset, unless `reset` is false).
 * `sim` always refers to the current shape's simulator.
 */
export function describeProviderShapes(
  title: (shape: TestShape) => string,
  body: (sim: TestSimulator, shape: TestShape) => void,
  { reset = true }: { reset?: boolean } = {},
): void {
  for (const shape of SHAPES) {
    describe(title(shape), () => {
      const sim = lateSimulator();
      before(async () => {
        sim.started(await startWorld(shape));
      });
      after(async () => {
        forgetSettings();
        await sim.current()?.close();
      });
      beforeEach(async () => {
        useSim(sim.handle);
        if (reset) await sim.handle.reset();
      });
      body(sim.handle, shape);
    });
  }
}
