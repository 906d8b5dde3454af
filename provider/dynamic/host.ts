// The dynamic face's side in the provider process: what the serialized shells of `Server`,
// `Webhook` and `Fleet` (provider/*/resource.ts) call once the dynamic-provider host has
// deserialized them. It builds each call's operation context from the process's one
// `dynamicProcess` and what the host gives (docs/architecture.md#the-operation-context);
// `dynamicEntries` is the same dispatch over another process (bench/naive/provider.ts).
// The serialized `__provider` must stay under 1 KB and each distinct function in it costs about
// 250 bytes, so a shell holds two: `observe` (configure, check, read, diff) and `change`
// (create, update, delete). Each tells its calls apart by how the host calls them
// (@pulumi/pulumi cmd/dynamic-provider/index.js):
//   configure(req)            check(olds, news)        read(id, props)       diff(id, olds, news)
//   create(inputs)            delete(id, props)        update(id, olds, news)

import type { ResourceFacts } from "../core/context";
import { startEngineWatchdog } from "../core/engine-watchdog";
import { ProviderProcess } from "../core/provider-process";
import { checkForEngine, type ProviderImpl, type RawProps, type Recorded } from "../core/route";
import type { ConfigSource } from "../core/settings";
import type { StatusSink } from "../core/progress";
import { EngineLog } from "../plugin/engine-log";
import { dynamicStatus } from "./engine-status";

/** The provider process of the dynamic face: one per process the engine starts. */
export const dynamicProcess = new ProviderProcess();

// The engine's arguments are untyped at this boundary; each case below names what it is.
type Args = unknown[];

/** The two entries of a dynamic face, serving every call with contexts of `providerProcess`. */
export interface DynamicEntries {
  /** configure(req) | check(olds, news) | read(id, props) | diff(id, olds, news). */
  observe<I, O>(impl: ProviderImpl<I, O>, a: Args, facts?: ResourceFacts): Promise<unknown>;
  /** create(inputs) | delete(id, props) | update(id, olds, news). */
  change<I, O>(impl: ProviderImpl<I, O>, a: Args, facts?: ResourceFacts): Promise<unknown>;
}

/**
 * The dispatch of `observe` and `change` over one provider process: the product's below, over
 * `dynamicProcess`; the benchmark's naive baseline (bench/naive/provider.ts) has its own process.
 */
export function dynamicEntries(providerProcess: ProviderProcess, status: (facts: ResourceFacts | undefined) => StatusSink | undefined = () => undefined): DynamicEntries {
  /** A shell written before its facts existed (release 0.1.0's state) passes none. */
  const contextOf = (facts: ResourceFacts | undefined) => providerProcess.context({ resource: facts ?? {}, status: status(facts) });
  return {
    async observe<I, O>(impl: ProviderImpl<I, O>, a: Args, facts?: ResourceFacts): Promise<unknown> {
      switch (a.length) {
        case 1:
          startEngineWatchdog();
          return providerProcess.configure((a[0] as { config?: ConfigSource } | undefined)?.config);
        case 2:
          return typeof a[0] === "string"
            ? impl.read(a[0], (a[1] ?? {}) as Recorded<O>, contextOf(facts))
            : checkForEngine(impl, (a[0] ?? {}) as RawProps, (a[1] ?? {}) as RawProps, contextOf(facts));
        case 3:
          return impl.diff(a[0] as string, (a[1] ?? {}) as Recorded<O>, (a[2] ?? {}) as Recorded<I>, contextOf(facts));
        default:
          throw new Error(`unexpected provider call with ${a.length} arguments`);
      }
    },

    async change<I, O>(impl: ProviderImpl<I, O>, a: Args, facts?: ResourceFacts): Promise<unknown> {
      switch (a.length) {
        case 1:
          return impl.create(a[0] as Recorded<I>, contextOf(facts));
        case 2:
          return impl.delete(a[0] as string, (a[1] ?? {}) as Recorded<O>, contextOf(facts));
        case 3:
          return impl.update(a[0] as string, (a[1] ?? {}) as Recorded<O>, (a[2] ?? {}) as Recorded<I>, contextOf(facts));
        default:
          throw new Error(`unexpected provider call with ${a.length} arguments`);
      }
    },
  };
}

/** The connection of this process to the engine's log, for progress lines (engine-status.ts). */
const dynamicEngine = new EngineLog();

const product = dynamicEntries(dynamicProcess, dynamicStatus(dynamicEngine));

/** The product's observe, over `dynamicProcess`: configure(req) | check(olds, news) | read(id, props) | diff(id, olds, news). */
export const observe: DynamicEntries["observe"] = product.observe;
/** The product's change, over `dynamicProcess`: create(inputs) | delete(id, props) | update(id, olds, news). */
export const change: DynamicEntries["change"] = product.change;
