// The calls a serialized shell forwards. The serialized `__provider` must stay under 1 KB,
// and every distinct function in it costs about 250 bytes, so a shell holds two functions
// instead of seven: `observe` (configure, check, read, diff: nothing changes in the world)
// and `change` (create, update, delete). Each tells its calls apart by how the dynamic-
// provider host calls them (@pulumi/pulumi cmd/dynamic-provider/index.js):
//   configure(req)            check(olds, news)        read(id, props)       diff(id, olds, news)
//   create(inputs)            delete(id, props)        update(id, olds, news)

import type * as pulumi from "@pulumi/pulumi";
import { startEngineWatchdog } from "./engine-watchdog";
import { configure, type ConfigSource } from "./settings";
import { failuresForEngine } from "./check-kinds";
import type { Operation } from "./operation";
import type { PlannedDiff } from "./detailed-diff";

/** What the engine hands a provider before `check` has vetted it: any property, any value. */
export type RawProps = Record<string, unknown>;

/**
 * Checked inputs or recorded outputs, plus the engine's own `__provider` and the hidden inputs
 * the faces add beside the user's: `__replaceOnChanges` (detailed-diff.ts REPLACE_ON_CHANGES_KEY)
 * and `__adoptName` (server/adopt-check.ts ADOPT_NAME).
 */
export type Recorded<T> = T & { __provider?: string; __replaceOnChanges?: unknown; __adoptName?: unknown; __fleetName?: unknown; __fleetStack?: unknown };

/**
 * What `read` returns: the SDK's ReadResult types `inputs` as outputs, but the engine takes
 * the inputs that reproduce them (which a later diff compares with the program).
 */
export interface ReadOutcome<I, O> {
  id: string;
  props?: O;
  inputs?: Partial<I>;
}

/**
 * One resource's implementation. `I` is its checked inputs, `O` its outputs. `check` takes
 * raw values (the user's, possibly mistyped or unknown at preview); the rest take what
 * `check` returned (news) and what create/update/read recorded (olds, props).
 */
export interface ProviderImpl<I, O> {
  check(olds: RawProps, news: RawProps): Promise<pulumi.dynamic.CheckResult<I | RawProps>>;
  /** The one diff both faces send: `changes`/`replaces` derived from `detailedDiff`. */
  diff(id: string, olds: Recorded<O>, news: Recorded<I>): Promise<PlannedDiff>;
  // `op`: the engine's Cancel and time-out (operation.ts). The dynamic-provider host forwards
  // neither, so from a shell these run with the process's signal, which nothing aborts there.
  create(inputs: Recorded<I>, op?: Operation): Promise<pulumi.dynamic.CreateResult<O>>;
  read(id: string, props: Recorded<O>): Promise<ReadOutcome<I, O>>;
  update(id: string, olds: Recorded<O>, news: Recorded<I>, op?: Operation): Promise<pulumi.dynamic.UpdateResult<O>>;
  delete(id: string, props: Recorded<O>, op?: Operation): Promise<void>;
}

// The engine's arguments are untyped at this boundary; each case below names what it is.
type Args = unknown[];

/** configure(req) | check(olds, news) | read(id, props) | diff(id, olds, news). */
export async function observe<I, O>(impl: ProviderImpl<I, O>, a: Args): Promise<unknown> {
  switch (a.length) {
    case 1:
      startEngineWatchdog();
      return configure((a[0] as { config?: ConfigSource } | undefined)?.config);
    case 2:
      return typeof a[0] === "string"
        ? impl.read(a[0], (a[1] ?? {}) as Recorded<O>)
        : checkForEngine(impl, (a[0] ?? {}) as RawProps, (a[1] ?? {}) as RawProps);
    case 3:
      return impl.diff(a[0] as string, (a[1] ?? {}) as Recorded<O>, (a[2] ?? {}) as Recorded<I>);
    default:
      throw new Error(`unexpected provider call with ${a.length} arguments`);
  }
}

/** check, with failures in the form the engine may print (both faces call this). */
export async function checkForEngine<I, O>(impl: ProviderImpl<I, O>, olds: RawProps, news: RawProps): Promise<pulumi.dynamic.CheckResult<I | RawProps>> {
  const res = await impl.check(olds, news);
  return res.failures ? { ...res, failures: failuresForEngine(res.failures) } : res;
}

/** create(inputs) | delete(id, props) | update(id, olds, news). */
export async function change<I, O>(impl: ProviderImpl<I, O>, a: Args): Promise<unknown> {
  switch (a.length) {
    case 1:
      return impl.create(a[0] as Recorded<I>);
    case 2:
      return impl.delete(a[0] as string, (a[1] ?? {}) as Recorded<O>);
    case 3:
      return impl.update(a[0] as string, (a[1] ?? {}) as Recorded<O>, (a[2] ?? {}) as Recorded<I>);
    default:
      throw new Error(`unexpected provider call with ${a.length} arguments`);
  }
}
