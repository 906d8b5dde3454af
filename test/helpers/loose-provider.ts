// Provider tests feed the implementation hand-written, partial props (what a damaged or old
// state could hold), so they call it through an untyped view; the product itself is typed.
//
// The view is also the tests' face: like the dynamic host's entry, it gives each call the
// operation context it lacks (a context of the current test process, test-process.ts). A test
// that still names what the engine knows the way the program once did (`__adoptName`,
// `__fleetName`, `__fleetStack`, `__ownerTagDefault`, `__replaceOnChanges` beside the inputs)
// has it moved into the context's resource facts, as a face would; and an operation given as
// `{ signal, timeout, systemTags, idempotencyKey }` is laid over the context.

import type { OperationContext, OperationOverrides, ResourceFacts } from "../../provider/core/context";
import { testContext } from "./test-process";

type Loose<T> = { [K in keyof T]: T[K] extends (...args: any[]) => Promise<any> ? (...args: any[]) => Promise<any> : T[K] };

/** Where each call takes its context, and which argument holds the program's inputs. */
const CALLS: Record<string, { ctx: number; news?: number }> = {
  check: { ctx: 2, news: 1 },
  diff: { ctx: 3, news: 2 },
  create: { ctx: 1, news: 0 },
  read: { ctx: 2 },
  update: { ctx: 3, news: 2 },
  delete: { ctx: 2 },
  sendDelete: { ctx: 1 },
  confirmDeleted: { ctx: 2 },
  readFleet: { ctx: 2 },
  checkFleet: { ctx: 2, news: 1 },
  adoptServer: { ctx: 2, news: 0 },
};

const HIDDEN = ["__adoptName", "__fleetName", "__fleetStack", "__ownerTagDefault", "__replaceOnChanges"];

function isContext(v: unknown): v is OperationContext {
  return typeof v === "object" && v !== null && "claims" in v && "log" in v;
}

/** The facts an old-style input names, and the input without them. */
function factsOf(news: unknown): { facts: ResourceFacts; news: unknown } {
  if (typeof news !== "object" || news === null || !HIDDEN.some((k) => k in news)) return { facts: {}, news };
  const out = { ...(news as Record<string, unknown>) };
  const facts: ResourceFacts = {};
  const stack = (s: unknown) => {
    if (typeof s !== "string") return;
    const [project, name] = s.replace(/^[^:]*:/, "").split("/");
    facts.project = project;
    facts.stack = name;
  };
  stack(out.__ownerTagDefault);
  stack(out.__fleetStack);
  if (typeof out.__adoptName === "string") facts.name = out.__adoptName;
  if (typeof out.__fleetName === "string") facts.name = out.__fleetName;
  if (Array.isArray(out.__replaceOnChanges)) facts.replaceOnChanges = out.__replaceOnChanges as string[];
  for (const k of HIDDEN) delete out[k];
  return { facts, news: out };
}

export function loose<T extends object>(impl: T): Loose<T> {
  return new Proxy(impl, {
    get(target, prop, receiver) {
      const value = Reflect.get(target, prop, receiver);
      const call = typeof prop === "string" ? CALLS[prop] : undefined;
      if (typeof value !== "function" || !call) return value;
      return (...args: unknown[]) => {
        const given = args[call.ctx];
        if (!isContext(given)) {
          let facts: ResourceFacts = {};
          if (call.news !== undefined) ({ facts, news: args[call.news] } = factsOf(args[call.news]));
          const op = (given ?? {}) as OperationOverrides;
          args[call.ctx] = testContext(facts, { signal: op.signal, timeout: op.timeout, systemTags: op.systemTags, idempotencyKey: op.idempotencyKey });
        }
        return Reflect.apply(value, target, args);
      };
    },
  }) as Loose<T>;
}
