// The tagless orphan check from code: which planned creates a preview's events name, how they
// pair with the servers no state holds (one-to-one only; anything else is reported, never
// guessed), and, against the real simulator in both shapes, which servers are candidates.
import { expect } from "chai";
import type { EngineEvent } from "@pulumi/pulumi/automation";
import { createClient } from "../../../provider/api";
import type { Server } from "../../../provider/api/wire/types";
import { matchPlanned, plannedCreates, SERVER_TYPE, untrackedServers, type PlannedCreate } from "../../../provider/orphans";
import { renderMatches } from "../../../provider/orphans/render-matches";
import { UNKNOWN_VALUE } from "../../../provider/core/unknown";
import { describeShapes, KEYS } from "../../helpers/simulator";

const URN = (name: string) => `urn:pulumi:dev::proj::${SERVER_TYPE}::${name}`;

function step(op: string, name: string, inputs: Record<string, unknown>, type: string = SERVER_TYPE): EngineEvent {
  return { sequence: 0, timestamp: 0, resourcePreEvent: { metadata: { op, urn: URN(name), type, new: { inputs } } } } as unknown as EngineEvent;
}

const planned = (name: string, label: string, extra: Partial<PlannedCreate> = {}): PlannedCreate =>
  ({ stack: "dev", urn: URN(name), name, label, region: "ewr", plan: "vc2-1c-1gb", osId: 2284, ...extra });

const server = (id: string, label: string, extra: Partial<Server> = {}): Server =>
  ({ id, label, region: "ewr", plan: "vc2-1c-1gb", osId: 2284, status: "active", tags: [], createdAt: "2026-11-24T00:00:00Z", ...extra }) as Server;

describe("hosting-orphans --stack: planned creates from a preview's engine events", () => {
  it("takes creates and replacements' creates of Servers, once each, and leaves out adoptions, other types and other steps", () => {
    const inputs = (label: string) => ({ label, region: "ewr", plan: "vc2-1c-1gb", osId: 2284, __provider: "SHELL" });
    const events = [
      step("create", "web-1", inputs("web-1")),
      step("create", "web-1", inputs("web-1")),
      step("create-replacement", "web-2", inputs("web-2")),
      step("same", "web-3", inputs("web-3")),
      step("update", "web-4", inputs("web-4")),
      step("create", "web-5", { ...inputs("web-5"), adoptId: "srv-5" }),
      step("create", "hook", inputs("hook"), "pulumi-nodejs:dynamic/hosting:Webhook"),
      { sequence: 1, timestamp: 0, diagnosticEvent: { message: "hi" } } as unknown as EngineEvent,
    ];
    expect(plannedCreates("dev", events)).to.deep.equal([planned("web-1", "web-1"), planned("web-2", "web-2")]);
  });

  it("marks a create whose label is not known before the up as unmatchable", () => {
    const [p] = plannedCreates("dev", [step("create", "web-1", { label: UNKNOWN_VALUE, region: "ewr", plan: "vc2-1c-1gb" })]);
    expect(p.unmatchable).to.equal("label not known before the up");
  });
});

describe("hosting-orphans --stack: pairing planned creates with untracked servers", () => {
  it("pairs one-to-one by label, region, plan and OS image", () => {
    const r = matchPlanned(
      [planned("a", "web-1"), planned("b", "web-2"), planned("c", "web-3")],
      [server("s1", "web-1"), server("s2", "web-2", { region: "fra" }), server("s3", "web-3", { osId: 2136 }), server("s4", "db-1")],
    );
    expect(r.matches.map((m) => [m.planned.name, m.server.id])).to.deep.equal([["a", "s1"]]);
    expect(r.ambiguous).to.deep.equal([]);
    expect(r.unclaimed.map((s) => s.id)).to.deep.equal(["s2", "s3", "s4"]);
  });

  it("reports two candidates for one planned create as ambiguous, never guessing", () => {
    const r = matchPlanned([planned("a", "web-1"), planned("b", "web-2")], [server("s1", "web-1"), server("s2", "web-1"), server("s3", "web-2")]);
    expect(r.matches.map((m) => m.server.id)).to.deep.equal(["s3"]);
    expect(r.ambiguous.map((a) => [a.planned.name, a.servers.map((s) => s.id)])).to.deep.equal([["a", ["s1", "s2"]]]);
    const lines = renderMatches({ ...r, fleetMembers: [], killedCreates: [] });
    expect(lines.some((l) => /^ambiguous dev:a .*candidates s1 .*s2 .*not guessed/.test(l))).to.equal(true);
    expect(lines).to.include('  adoptId: "s3",  // add to new hosting.Server("b", ...) of stack dev');
    expect(lines.at(-1)).to.match(/^1 match\(es\), 1 ambiguous, 0 unmatchable; 0 other server/);
  });

  it("reports one server that two planned creates could be as ambiguous for both", () => {
    const r = matchPlanned([planned("a", ""), planned("b", "")], [server("s1", "")]);
    expect(r.matches).to.deep.equal([]);
    expect(r.ambiguous.map((a) => [a.planned.name, a.rivals.map((q) => q.name)])).to.deep.equal([["a", ["b"]], ["b", ["a"]]]);
  });

  it("leaves unmatchable creates out of the pairing", () => {
    const r = matchPlanned([planned("a", "", { unmatchable: "label not known before the up" })], [server("s1", "")]);
    expect(r.matches).to.deep.equal([]);
    expect(r.unmatchable.map((p) => p.name)).to.deep.equal(["a"]);
    expect(r.unclaimed.map((s) => s.id)).to.deep.equal(["s1"]);
  });
});

describeShapes("hosting-orphans --stack: the candidates", {}, (sim) => {
  it("are the live servers no named state holds, with no other stack's ownership tag, listed with a Read key", async () => {
    const inState = await sim.seedServer({ label: "in-state" });
    const untagged = await sim.seedServer({ label: "untagged" });
    const ours = await sim.seedServer({ label: "ours", tags: ["pulumi-stack:p/dev"] });
    await sim.seedServer({ label: "theirs", tags: ["pulumi-stack:p/prod"] });
    const gone = await sim.seedServer({ label: "gone" });
    await sim.admin("PATCH", `/servers/${gone}`, { status: "terminated" });
    const api = createClient({ apiKey: KEYS.read, baseUrl: sim.url, keySource: "test" });
    const ids = (await untrackedServers(api, new Set([inState]), ["pulumi-stack:p/dev"])).map((s) => s.id).sort();
    expect(ids).to.deep.equal([untagged, ours].sort());
  });
});
