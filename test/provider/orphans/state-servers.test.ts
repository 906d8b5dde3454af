// hosting-orphans reads every resource that owns a server: Servers and Fleets (members
// and leftovers) on both faces, Webhooks own none, and a type of this provider it does not
// know stops it. A preview's Fleets give their tags, and the plugin face's Server creates count.
// Pure functions over written states and engine events, no API.
import { expect } from "chai";
import type { EngineEvent } from "@pulumi/pulumi/automation";
import { plannedCreates, plannedFleetTags, serversInState, fleetMemberOf } from "../../../provider/orphans";
import { renderMatches } from "../../../provider/orphans/render-matches";
import type { Server } from "../../../provider/api/wire/types";

const resource = (type: string, name: string, fields: Record<string, unknown>) => ({ urn: `urn:pulumi:dev::proj::${type}::${name}`, type, ...fields });
const state = (...resources: unknown[]) => ({ version: 3, deployment: { resources } });
const member = (id: string) => ({ id, label: id, region: "ewr", plan: "vc2-1c-1gb", os: "ubuntu-24.04", mainIp: "", status: "active" });

describe("hosting-orphans: the servers an exported state records", () => {
  it("reads Servers and Fleets of both faces (members and leftovers) and the fleets' tags; Webhooks and the provider own none", () => {
    const s = state(
      resource("pulumi:pulumi:Stack", "proj-dev", {}),
      resource("pulumi:providers:hosting", "default", { id: "p1" }),
      resource("pulumi-nodejs:dynamic/hosting:Server", "a", { id: "s1" }),
      resource("hosting:index:Server", "b", { id: "s2" }),
      resource("hosting:index:Webhook", "hook", { id: "w1" }),
      resource("pulumi-nodejs:dynamic/hosting:Webhook", "hook2", { id: "w2" }),
      resource("hosting:index:Fleet", "web", { id: "f1", outputs: { members: { "web-ewr-1": member("s3") }, leftovers: { s4: member("s4") }, fleetTag: "hosting-fleet:proj/dev/web" } }),
      resource("pulumi-nodejs:dynamic/hosting:Fleet", "db", { id: "f2", outputs: { members: { "db-ewr-1": member("s5") }, leftovers: {} } }),
      resource("aws:s3/bucket:Bucket", "other", { id: "bucket" }),
    );
    const r = serversInState(s);
    expect([...r.ids].sort()).to.deep.equal(["s1", "s2", "s3", "s4", "s5"]);
    expect(r.fleetTags).to.deep.equal(["hosting-fleet:proj/dev/web"]);
  });

  it("refuses a state holding a type of this provider it does not understand, naming it, instead of calling its servers orphans", () => {
    const s = state(resource("hosting:index:Volume", "v", { id: "v1" }));
    expect(() => serversInState(s)).to.throw(/urn:pulumi:dev::proj::hosting:index:Volume::v of type hosting:index:Volume, which this version of hosting-orphans does not understand/);
  });
});

describe("hosting-orphans: what a preview plans", () => {
  const event = (op: string, type: string, name: string, inputs: Record<string, unknown> = {}) =>
    ({ sequence: 0, timestamp: 0, resourcePreEvent: { metadata: { op, urn: `urn:pulumi:dev::proj::${type}::${name}`, type, new: { inputs } } } }) as unknown as EngineEvent;

  it("counts the plugin face's Server creates as the dynamic face's", () => {
    const planned = plannedCreates("dev", [event("create", "hosting:index:Server", "web-1", { label: "web-1", region: "ewr", plan: "vc2-1c-1gb" })]);
    expect(planned.map((p) => p.name)).to.deep.equal(["web-1"]);
  });

  it("gives the tag of every Fleet it names, whatever the step, on both faces", () => {
    const tags = plannedFleetTags([
      event("create", "hosting:index:Fleet", "web"),
      event("same", "pulumi-nodejs:dynamic/hosting:Fleet", "db"),
      event("create", "hosting:index:Server", "x"),
    ]);
    expect(tags).to.deep.equal(["hosting-fleet:proj/dev/db", "hosting-fleet:proj/dev/web"]);
  });

  it("names an unrecorded fleet server by member and fleet, and counts them apart from the Servers' matches", () => {
    const s = { id: "s9", label: "web-ewr-1", status: "active", createdAt: "2026-11-27T10:00:00Z", tags: ["hosting-fleet:proj/dev/web", "hosting-member:web-ewr-1"] } as Server;
    expect(fleetMemberOf(s)).to.equal("member web-ewr-1 of fleet proj/dev/web");
    expect(fleetMemberOf({ ...s, tags: ["web"] })).to.equal(undefined);
    const lines = renderMatches({ matches: [], ambiguous: [], unmatchable: [], unclaimed: [], fleetMembers: [s], killedCreates: [] });
    expect(lines[0]).to.equal("fleet-member s9: member web-ewr-1 of fleet proj/dev/web, active, created 2026-11-27T10:00:00Z; in no state");
    expect(lines).to.include("1 unrecorded fleet server(s); each fleet takes its tagged ones over on its next `pulumi up` (no POST) and deletes the untagged ones and those it no longer declares");
  });
});
