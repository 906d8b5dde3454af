// How a serialized shell's two functions reach the seven methods (provider/dynamic/host.ts):
// by the number and types of the engine's arguments, each with a context of the dynamic face's
// process carrying the facts the shell passed. The configure case (one argument to `observe`)
// starts the engine watchdog and is proven by the provider tests that configure.
import { expect } from "chai";
import type { OperationContext } from "../../../provider/core/context";
import type { ProviderImpl } from "../../../provider/core/route";
import { change, dynamicProcess, observe } from "../../../provider/dynamic/host";

type Call = [string, ...unknown[]];

/** The calls made (without their contexts), and each call's context in `contexts`. */
function recorder(checkResult: unknown = { inputs: { ok: true } }): { impl: ProviderImpl<any, any>; calls: Call[]; contexts: OperationContext[] } {
  const calls: Call[] = [];
  const contexts: OperationContext[] = [];
  const impl: ProviderImpl<any, any> = {
    check: async (olds, news, ctx) => (calls.push(["check", olds, news]), contexts.push(ctx), checkResult as any),
    diff: async (id, olds, news, ctx) => (calls.push(["diff", id, olds, news]), contexts.push(ctx), { changes: false, replaces: [], detailedDiff: {} }),
    create: async (inputs, ctx) => (calls.push(["create", inputs]), contexts.push(ctx), { id: "new", outs: {} }),
    read: async (id, props, ctx) => (calls.push(["read", id, props]), contexts.push(ctx), { id }),
    update: async (id, olds, news, ctx) => (calls.push(["update", id, olds, news]), contexts.push(ctx), { outs: {} }),
    delete: async (id, props, ctx) => void (calls.push(["delete", id, props]), contexts.push(ctx)),
  };
  return { impl, calls, contexts };
}

describe("the shell's routing (observe, change)", () => {
  it("observe: two arguments are read(id, props) when the first is an id, else check(olds, news)", async () => {
    const { impl, calls } = recorder();
    expect(await observe(impl, ["srv-1", { a: 1 }])).to.deep.equal({ id: "srv-1" });
    expect(await observe(impl, [{ o: 1 }, { n: 2 }])).to.deep.equal({ inputs: { ok: true } });
    await observe(impl, ["srv-2", undefined]);
    await observe(impl, [undefined, null]);
    expect(calls).to.deep.equal([
      ["read", "srv-1", { a: 1 }], ["check", { o: 1 }, { n: 2 }], ["read", "srv-2", {}], ["check", {}, {}],
    ]);
  });

  it("observe: three arguments are diff(id, olds, news); missing ones are empty", async () => {
    const { impl, calls } = recorder();
    expect(await observe(impl, ["srv-1", { o: 1 }, { n: 1 }])).to.deep.equal({ changes: false, replaces: [], detailedDiff: {} });
    await observe(impl, ["srv-2", undefined, null]);
    expect(calls).to.deep.equal([["diff", "srv-1", { o: 1 }, { n: 1 }], ["diff", "srv-2", {}, {}]]);
  });

  it("observe: check failures reach the engine without the property of a secret input", async () => {
    const failures = [{ property: "userData", reason: "too long" }, { property: "label", reason: "too long" }];
    const { impl } = recorder({ inputs: { x: 1 }, failures });
    expect(await observe(impl, [{}, {}])).to.deep.equal({
      inputs: { x: 1 }, failures: [{ property: "", reason: "too long" }, { property: "label", reason: "too long" }],
    });
  });

  it("change: one argument is create, two delete, three update; missing ones are empty", async () => {
    const { impl, calls } = recorder();
    expect(await change(impl, [{ in: 1 }])).to.deep.equal({ id: "new", outs: {} });
    expect(await change(impl, ["srv-1", { p: 1 }])).to.equal(undefined);
    expect(await change(impl, ["srv-1", { o: 1 }, { n: 1 }])).to.deep.equal({ outs: {} });
    await change(impl, ["srv-2", undefined]);
    await change(impl, ["srv-3", null, undefined]);
    expect(calls).to.deep.equal([
      ["create", { in: 1 }], ["delete", "srv-1", { p: 1 }], ["update", "srv-1", { o: 1 }, { n: 1 }],
      ["delete", "srv-2", {}], ["update", "srv-3", {}, {}],
    ]);
  });

  it("gives every call a context of the dynamic face's process with the facts the shell passed, and none for a shell of release 0.1.0", async () => {
    const { impl, calls, contexts } = recorder();
    const facts = { name: "web", project: "fleet", stack: "dev", replaceOnChanges: ["region"] };
    await observe(impl, [{}, {}], facts);
    await observe(impl, ["srv-1", {}], facts);
    await observe(impl, ["srv-1", {}, {}], facts);
    await change(impl, [{}], facts);
    await change(impl, ["srv-1", {}], facts);
    await change(impl, ["srv-1", {}, {}], facts);
    expect(calls.map(([name]) => name)).to.deep.equal(["check", "read", "diff", "create", "delete", "update"]);
    expect(contexts).to.have.length(6);
    for (const [i, ctx] of contexts.entries()) {
      expect(ctx.resource, calls[i]![0]).to.deep.equal(facts);
      expect(ctx.signal, "the process's Cancel").to.equal(dynamicProcess.signal);
      expect(ctx.claims, "the process's adoption claims").to.equal(dynamicProcess.claims);
      expect(ctx.timeout, "the host forwards no customTimeouts").to.equal(undefined);
    }
    const old = recorder();
    await observe(old.impl, ["srv-1", {}]);
    await change(old.impl, [{}]);
    expect(old.contexts.map((ctx) => ctx.resource)).to.deep.equal([{}, {}]);
  });

  it("refuses a call with another number of arguments, naming it", async () => {
    const { impl, calls } = recorder();
    for (const args of [[], [1, 2, 3, 4]]) {
      let observed: Error | undefined;
      let changed: Error | undefined;
      await observe(impl, args).catch((e: Error) => (observed = e));
      await change(impl, args).catch((e: Error) => (changed = e));
      expect(observed?.message).to.equal(`unexpected provider call with ${args.length} arguments`);
      expect(changed?.message).to.equal(`unexpected provider call with ${args.length} arguments`);
    }
    expect(calls).to.deep.equal([]);
  });
});
