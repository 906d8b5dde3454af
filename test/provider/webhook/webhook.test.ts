// The Webhook provider against the simulator: a generated secret kept stable, an import that
// invents no secret, replaceOnChanges on the dynamic face, check's refusals naming the field,
// in-place updates, and warnings instead of failures on a deployment with only POST /v1/webhooks.
import type { CheckFailure } from "../../../provider/core/check-kinds";
import { expect } from "chai";
import * as webhookTyped from "../../../provider/webhook/provider";
import { UNKNOWN_VALUE } from "../../../provider/core/unknown";
import { countRequests, describeProviderShapes, FAST_WAITS, KEYS } from "../harness";
import { startPostOnlyProxy, type TestProxy } from "../../helpers/proxy";
import { loose } from "../../helpers/loose-provider";
import { recentWarnings, testContext, useProcess } from "../../helpers/test-process";

const webhook = loose(webhookTyped);

type Props = Record<string, any>;
const EVENTS = ["server.status_changed", "server.created"];
/** The keys of checked inputs that the user did not write, beside the engine's `__provider`. */
const hiddenKeys = (inputs: unknown): string[] => Object.keys(inputs as object).filter((k) => k.startsWith("__") && k !== "__provider");

describeProviderShapes((shape) => `Webhook provider against the simulator, shape ${shape}`, (sim) => {
  async function checked(news: Props, olds: Props = {}): Promise<Props> {
    const res = await webhook.check(olds, { __provider: "SHELL", ...news });
    expect(res.failures ?? []).to.deep.equal([]);
    return { ...(res.inputs as Props), __provider: "SHELL" };
  }

  async function secretOnSim(id: string): Promise<string> {
    const { webhooks } = await sim.admin("GET", "/webhooks");
    return webhooks.find((w: any) => w.id === id).secret;
  }

  it("check generates a secret when none is given and keeps it stable afterwards", async () => {
    const first = await checked({ url: "http://127.0.0.1:9/a", events: EVENTS, secret: "" });
    expect(first.secret).to.match(/^[0-9a-f]{64}$/);
    expect(first.events).to.deep.equal(["server.created", "server.status_changed"]);
    const again = await checked({ url: "http://127.0.0.1:9/b", events: EVENTS }, first);
    expect(again.secret).to.equal(first.secret);
    const given = await checked({ url: "http://127.0.0.1:9/a", events: EVENTS, secret: "mine" }, first);
    expect(given.secret).to.equal("mine");
    const other = await checked({ url: "http://127.0.0.1:9/a", events: EVENTS });
    expect(other.secret).to.not.equal(first.secret);
  });

  it("an imported webhook (read with nothing recorded): no secret invented, the API's kept, a declared one added", async () => {
    const made = await webhook.create(await checked({ url: "http://127.0.0.1:9/i", events: EVENTS, secret: "receivers" }));
    const read = await webhook.read(made.id, { __provider: "SHELL" });
    expect(read.props.secret).to.equal("");
    expect(read.inputs).to.deep.equal({ url: "http://127.0.0.1:9/i", events: [...EVENTS].sort() });
    const kept = await checked(read.inputs, read.inputs);
    expect(kept.secret).to.equal("");
    expect((await webhook.diff(made.id, read.props, kept)).changes).to.equal(false);
    await webhook.update(made.id, read.props, { ...kept, url: "http://127.0.0.1:9/j" });
    expect(await secretOnSim(made.id)).to.equal("receivers");
    const declared = await checked({ ...read.inputs, secret: "receivers" }, read.inputs);
    expect((await webhook.diff(made.id, read.props, declared)).detailedDiff).to.deep.equal({ secret: { kind: "add", replace: false } });
    // A new webhook (nothing recorded) still gets a generated secret.
    expect((await checked({ url: "http://127.0.0.1:9/k", events: EVENTS })).secret).to.match(/^[0-9a-f]{64}$/);
    await webhook.delete(made.id, read.props);
  });

  it("the dynamic face's replaceOnChanges (a fact of the resource's context, not an input) makes a url change a replace", async () => {
    const olds = { url: "http://127.0.0.1:9/a", events: EVENTS, secret: "s", createdAt: "" };
    const replacing = testContext({ name: "hook", replaceOnChanges: ["url"] });
    const res = await webhook.check({}, { __provider: "SHELL", url: "http://127.0.0.1:9/b", events: EVENTS, secret: "s" }, replacing);
    expect(res.failures ?? []).to.deep.equal([]);
    const news = { ...(res.inputs as Props), __provider: "SHELL" };
    expect(hiddenKeys(news), "the option stays in the context").to.deep.equal([]);
    expect(await webhook.diff("id", olds, news, replacing)).to.deep.include({ changes: true, replaces: ["url"] });
    expect(await webhook.diff("id", olds, news, testContext({ name: "hook" }))).to.deep.include({ changes: true, replaces: [] });
  });

  it("check names the field and what is allowed for bad events, URLs and types", async () => {
    const res = await webhook.check({}, { url: "ftp://x", events: ["server.created", "server.exploded"], secret: 7, color: "red" });
    const by = Object.fromEntries((res.failures ?? []).map((f: CheckFailure) => [f.property, f.reason]));
    expect(by.url).to.include("http:// or https://");
    expect(by.events).to.include('"server.exploded"').and.include("payment.processed");
    expect(by.secret).to.include("must be a string");
    expect(by.color).to.include("unknown property");
    const empty = await webhook.check({}, { url: "https://x.example", events: [] });
    expect(empty.failures?.[0]).to.deep.include({ property: "events" });
    const unknown = await webhook.check({}, { url: UNKNOWN_VALUE, events: [UNKNOWN_VALUE], secret: UNKNOWN_VALUE });
    expect(unknown.failures ?? []).to.deep.equal([]);
  });

  it("creates, reads, updates in place and deletes a webhook", async () => {
    const inputs = await checked({ url: "http://127.0.0.1:9/a", events: EVENTS });
    const made = await webhook.create(inputs);
    const outs = { ...made.outs, __provider: "SHELL" };
    expect(outs).to.include({ url: "http://127.0.0.1:9/a", secret: inputs.secret });
    expect(outs.events).to.deep.equal(["server.created", "server.status_changed"]);
    expect(await secretOnSim(made.id)).to.equal(inputs.secret);

    const read = await webhook.read(made.id, outs);
    expect(read.id).to.equal(made.id);
    expect(read.props).to.deep.equal(made.outs);
    expect(await webhook.diff(made.id, outs, await checked({ url: "http://127.0.0.1:9/a", events: [...EVENTS].reverse() }, inputs)))
      .to.deep.include({ changes: false });

    const news = await checked({ url: "http://127.0.0.1:9/b", events: ["invoice.created"], secret: "rotated" }, inputs);
    const plan = await webhook.diff(made.id, outs, news);
    expect(plan).to.deep.include({ changes: true, replaces: [] });
    await sim.admin("POST", "/stats/reset");
    const updated = await webhook.update(made.id, outs, news);
    expect(updated.outs).to.include({ url: "http://127.0.0.1:9/b", secret: "rotated" });
    expect(countRequests(await sim.stats(), "PATCH /v1/webhooks/:id")).to.equal(1);
    expect(await secretOnSim(made.id)).to.equal("rotated");

    await webhook.delete(made.id, updated.outs);
    expect((await webhook.read(made.id, updated.outs)).id).to.equal("");
    await webhook.delete(made.id, updated.outs); // 404: already gone
  });

  describe("on a deployment with only POST /v1/webhooks", () => {
    let proxy: TestProxy;
    before(async () => {
      proxy = await startPostOnlyProxy(sim.url);
    });
    after(() => proxy.close());
    // A provider process configured for that deployment, as the host's `configure` would make it.
    beforeEach(() => void useProcess({ "hosting:apiKey": KEYS.full, "hosting:baseUrl": proxy.url }, { waiterTimings: FAST_WAITS }));

    it("warns instead of failing on read, update and delete", async () => {
      const inputs = await checked({ url: "http://127.0.0.1:9/a", events: EVENTS });
      const made = await webhook.create(inputs);
      const outs = { ...made.outs, __provider: "SHELL" };
      const before = recentWarnings().length;

      const read = await webhook.read(made.id, outs);
      expect(read.id).to.equal(made.id);
      expect(read.props).to.deep.equal(outs);

      const news = await checked({ url: "http://127.0.0.1:9/b", events: EVENTS }, inputs);
      const updated = await webhook.update(made.id, outs, news);
      expect(updated.outs.url).to.equal("http://127.0.0.1:9/a");

      await webhook.delete(made.id, outs);
      const warnings = recentWarnings().slice(before);
      expect(warnings).to.have.length(3);
      expect(warnings[0]).to.include("no endpoint to read webhooks");
      expect(warnings[1]).to.include("no endpoint to update webhooks").and.include("not applied");
      expect(warnings[2]).to.include("control panel");
    });
  });
});
