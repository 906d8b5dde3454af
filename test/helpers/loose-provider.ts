// Provider tests feed the implementation hand-written, partial props (what a damaged or old
// state could hold), so they call it through an untyped view; the product itself is typed.
//
// The view is also the tests' face: like the dynamic host's entry, it gives each call the
// operation context it lacks (a context of the current test process, test-process.ts); an
// operation given as `{ signal, timeout, systemTags, idempotencyKey, clock }` is laid over it. A
// test that needs the resource's facts (its name, stack) passes `testContext(facts)` itself.
//
// The context goes to the parameter named `ctx`, read from the function's own parameter list,
// so a signature that moves it moves the harness with it; a function with no `ctx` is called as
// it is.

import type { OperationContext, OperationOverrides } from "../../provider/core/context";
import { testContext } from "./test-process";

type Loose<T> = { [K in keyof T]: T[K] extends (...args: any[]) => Promise<any> ? (...args: any[]) => Promise<any> : T[K] };

/** The name every operation of the core gives its context. */
const CONTEXT_PARAMETER = "ctx";

/**
 * The names of `fn`'s parameters, from its source: `function f(a, b = 1)`, `async (a, b) => ...`,
 * `a => ...`, a method `m(a, b) {...}`. A destructured or rest parameter has no name here.
 */
export function parameterNames(fn: (...args: never[]) => unknown): string[] {
  const source = Function.prototype.toString.call(fn);
  const single = /^\s*(?:async\s+)?([A-Za-z_$][\w$]*)\s*=>/.exec(source);
  if (single) return [single[1]!];
  const open = source.indexOf("(");
  if (open < 0) return [];
  // The list ends at the parenthesis that closes the first one (defaults may hold calls).
  let depth = 0;
  let close = open;
  for (; close < source.length; close++) {
    const c = source[close];
    if (c === "(" || c === "[" || c === "{") depth++;
    else if (c === ")" || c === "]" || c === "}") depth--;
    if (depth === 0) break;
  }
  const parts: string[] = [];
  depth = 0;
  let part = "";
  for (const c of source.slice(open + 1, close)) {
    if (c === "(" || c === "[" || c === "{") depth++;
    else if (c === ")" || c === "]" || c === "}") depth--;
    if (c === "," && depth === 0) {
      parts.push(part);
      part = "";
    } else part += c;
  }
  // No last part after a trailing comma, nor in an empty list.
  if (part.trim() !== "") parts.push(part);
  return parts.map((p) => /^\s*([A-Za-z_$][\w$]*)/.exec(p)?.[1] ?? "");
}

/** Where `fn` takes its context, or undefined when it takes none. */
export function contextPosition(fn: (...args: never[]) => unknown): number | undefined {
  const at = parameterNames(fn).indexOf(CONTEXT_PARAMETER);
  return at < 0 ? undefined : at;
}

function isContext(v: unknown): v is OperationContext {
  return typeof v === "object" && v !== null && "claims" in v && "log" in v;
}

export function loose<T extends object>(impl: T): Loose<T> {
  return new Proxy(impl, {
    get(target, prop, receiver) {
      const value = Reflect.get(target, prop, receiver);
      if (typeof value !== "function") return value;
      const at = contextPosition(value as (...args: never[]) => unknown);
      if (at === undefined) return value;
      return (...args: unknown[]) => {
        const given = args[at];
        if (!isContext(given)) {
          const op = (given ?? {}) as OperationOverrides;
          args[at] = testContext({}, { signal: op.signal, timeout: op.timeout, systemTags: op.systemTags, idempotencyKey: op.idempotencyKey, clock: op.clock });
        }
        return Reflect.apply(value, target, args);
      };
    },
  }) as Loose<T>;
}
