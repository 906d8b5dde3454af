// Provider tests feed the implementation hand-written, partial props (what a damaged or old
// state could hold), so they call it through an untyped view; the product itself is typed.
//
// The view is also the tests' face: like the dynamic host's entry, it gives each call the
// operation context it lacks (a context of the current test process, test-process.ts); an
// operation given as `{ signal, timeout, systemTags, idempotencyKey }` is laid over it. A test
// that needs the resource's facts (its name, stack) passes `testContext(facts)` itself.

import type { OperationContext, OperationOverrides } from "../../provider/core/context";
import { testContext } from "./test-process";

type Loose<T> = { [K in keyof T]: T[K] extends (...args: any[]) => Promise<any> ? (...args: any[]) => Promise<any> : T[K] };

/** The argument each call takes its context at. */
const CONTEXT_AT: Record<string, number> = {
  check: 2, diff: 3, create: 1, read: 2, update: 3, delete: 2, sendDelete: 1, confirmDeleted: 2, readFleet: 2, checkFleet: 2, adoptServer: 2,
};

function isContext(v: unknown): v is OperationContext {
  return typeof v === "object" && v !== null && "claims" in v && "log" in v;
}

export function loose<T extends object>(impl: T): Loose<T> {
  return new Proxy(impl, {
    get(target, prop, receiver) {
      const value = Reflect.get(target, prop, receiver);
      const at = typeof prop === "string" ? CONTEXT_AT[prop] : undefined;
      if (typeof value !== "function" || at === undefined) return value;
      return (...args: unknown[]) => {
        const given = args[at];
        if (!isContext(given)) {
          const op = (given ?? {}) as OperationOverrides;
          args[at] = testContext({}, { signal: op.signal, timeout: op.timeout, systemTags: op.systemTags, idempotencyKey: op.idempotencyKey });
        }
        return Reflect.apply(value, target, args);
      };
    },
  }) as Loose<T>;
}
