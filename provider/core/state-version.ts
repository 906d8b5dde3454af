// Versioned state: what a resource writes to its state carries `__stateVersion`, and a state
// written by an earlier release is upgraded in memory, one step per version, before any diff,
// update, read or delete sees it. Never by a replace: a step rewrites recorded fields into
// today's shape; the server behind them is not touched. The model is Terraform's
// `SchemaVersion` + `StateUpgraders` (one function per version step, each tested on a state
// the earlier release really wrote: test/upgrade/recordings/).
//
// The key starts with `__`, like the dynamic face's `__provider`: the engine hides such keys
// in every display (sdk resource.IsInternalPropertyKey), and no diff of ours compares it, so
// a state stamped by a newer build and one that is not preview alike. A state with no stamp
// is version 0: everything release 0.1.0 wrote.

import type { ProviderImpl, RawProps } from "./route";

export const STATE_VERSION_KEY = "__stateVersion";

/** Turns a state of version N into version N + 1 (the stamp itself is set by upgradeState). */
export type UpgradeStep = (state: RawProps) => RawProps;

/** A resource's state versions: `steps[n]` upgrades version n to n + 1; the current version is steps.length. */
export interface StateVersions {
  /** The resource's name in messages, e.g. "Server". */
  resource: string;
  steps: readonly UpgradeStep[];
}

function currentVersion(versions: StateVersions): number {
  return versions.steps.length;
}

/** The version a recorded state carries; 0 when it has none (written before versions existed). */
function versionOf(state: RawProps, versions: StateVersions): number {
  const v = state[STATE_VERSION_KEY];
  if (v === undefined || v === null) return 0;
  if (typeof v !== "number" || !Number.isInteger(v) || v < 0) {
    throw new Error(`${versions.resource} state: ${STATE_VERSION_KEY} is ${JSON.stringify(v)}; it must be a whole number from 0 to ${currentVersion(versions)}`);
  }
  return v;
}

/**
 * `state` in today's shape, stamped with today's version: each step from its version on, in
 * order. A state from a later release is refused (an older provider cannot know its shape).
 */
export function upgradeState(state: RawProps, versions: StateVersions): RawProps {
  const from = versionOf(state, versions);
  const to = currentVersion(versions);
  if (from > to) {
    throw new Error(
      `${versions.resource} state has ${STATE_VERSION_KEY} ${from}, written by a later release of pulumi-hosting; ` +
        `this one reads versions 0 to ${to}: install the release that wrote the stack, or a later one`,
    );
  }
  let out = { ...state };
  for (let v = from; v < to; v++) out = versions.steps[v]({ ...out });
  return stamp(out, versions);
}

/** The outputs with today's version. */
export function stamp<T>(outs: T, versions: StateVersions): T {
  if (outs === undefined || outs === null) return outs;
  return { ...outs, [STATE_VERSION_KEY]: currentVersion(versions) } as T;
}

/**
 * `impl` with the recorded state upgraded on the way in (diff, update, read, delete) and the
 * version stamped on the way out (create, update, read). `check` takes the recorded inputs,
 * which carry no version. Both faces call the wrapped implementation.
 */
export function withStateVersions<I, O>(impl: ProviderImpl<I, O>, versions: StateVersions): ProviderImpl<I, O> {
  // An empty state is no state (a read for `pulumi import`): nothing to upgrade.
  const up = <T>(state: T): T => (state && Object.keys(state).length > 0 ? (upgradeState(state as RawProps, versions) as T) : state);
  // A partial create's properties go to the state as well (server/resource-init-failed.ts): stamped alike.
  const stamping = async <T>(run: () => Promise<T>): Promise<T> => {
    try {
      return await run();
    } catch (e) {
      const properties = (e as { properties?: unknown } | undefined)?.properties;
      if (properties !== null && typeof properties === "object") (properties as RawProps)[STATE_VERSION_KEY] = currentVersion(versions);
      throw e;
    }
  };
  return {
    check: (olds, news, ctx) => impl.check(olds, news, ctx),
    diff: (id, olds, news, ctx) => impl.diff(id, up(olds), news, ctx),
    create: (inputs, ctx) => stamping(async () => {
      const res = await impl.create(inputs, ctx);
      return { ...res, outs: stamp(res.outs, versions) };
    }),
    read: async (id, props, ctx) => {
      const res = await impl.read(id, up(props), ctx);
      return res.props ? { ...res, props: stamp(res.props, versions) } : res;
    },
    update: (id, olds, news, ctx) => stamping(async () => {
      const res = await impl.update(id, up(olds), news, ctx);
      return { ...res, outs: stamp(res.outs, versions) };
    }),
    delete: (id, props, ctx) => impl.delete(id, up(props), ctx),
  };
}
