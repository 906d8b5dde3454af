// The provider tests' harness (test/helpers/loose-provider.ts) gives each call its operation
// context at the parameter named `ctx`, found in the function's own parameter list: a signature
// that moves the context moves the harness with it, and one that renames it is caught here.
import { expect } from "chai";
import * as serverTyped from "../../provider/server/provider";
import * as webhookTyped from "../../provider/webhook/provider";
import * as fleetTyped from "../../provider/fleet/provider";
import { contextPosition, loose, parameterNames } from "../helpers/loose-provider";
import { testContext } from "../helpers/test-process";

const OPERATIONS = ["check", "diff", "create", "read", "update", "delete"] as const;

describe("the provider tests' harness (loose)", () => {
  it("reads a function's parameter names from its source, whatever its form", () => {
    expect(parameterNames(async function create(inputs: unknown, ctx: unknown, memberOps = String(1)) { return [inputs, ctx, memberOps]; })).to.deep.equal(["inputs", "ctx", "memberOps"]);
    expect(parameterNames(async (id: unknown, props: unknown, ctx: unknown) => [id, props, ctx])).to.deep.equal(["id", "props", "ctx"]);
    expect(parameterNames(async (ctx: unknown) => ctx)).to.deep.equal(["ctx"]);
    expect(parameterNames(({ a }: { a: number }, ctx: unknown, ...rest: unknown[]) => [a, ctx, rest])).to.deep.equal(["", "ctx", ""]);
    expect(parameterNames(() => undefined)).to.deep.equal([]);
    expect(parameterNames({ m(olds: unknown, news: unknown, ctx: unknown) { return [olds, news, ctx]; } }.m)).to.deep.equal(["olds", "news", "ctx"]);
  });

  it("gives the context at the parameter named ctx wherever it stands, lays an operation given there over it, and leaves a function without one alone", async () => {
    const impl = {
      first: async (ctx: any, x: string) => ({ ctx, x }),
      last: async (a: number, b: number, ctx: any) => ({ ctx, sum: a + b }),
      none: async (...args: unknown[]) => args,
    };
    const view = loose(impl);
    const first = await view.first(undefined, "x");
    expect(first.x).to.equal("x");
    expect(first.ctx).to.have.property("claims");
    const last = await view.last(1, 2, { idempotencyKey: "op-1" });
    expect(last.sum).to.equal(3);
    expect(last.ctx).to.have.property("claims");
    expect(last.ctx.idempotencyKey).to.equal("op-1");
    const own = testContext({ name: "given" });
    expect((await view.last(1, 2, own)).ctx, "a context given is passed as it is").to.equal(own);
    expect(await view.none(1, undefined)).to.deep.equal([1, undefined]);
  });

  it("every operation of the Server, Webhook and Fleet implementations takes a ctx, so none is called without one", () => {
    const missing = [["server", serverTyped], ["webhook", webhookTyped], ["fleet", fleetTyped]].flatMap(([name, mod]) => {
      const m = mod as unknown as Record<string, (...args: never[]) => unknown> & { impl: Record<string, (...args: never[]) => unknown> };
      return OPERATIONS.flatMap((op) => [
        ...(contextPosition(m[op]!) === undefined ? [`${name}.${op}`] : []),
        ...(contextPosition(m.impl[op]!) === undefined ? [`${name}.impl.${op}`] : []),
      ]);
    });
    expect(missing).to.deep.equal([]);
  });
});
