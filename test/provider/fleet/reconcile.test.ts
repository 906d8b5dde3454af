// reconcile.ts alone: which unrecorded servers of a fleet a run takes over and which it deletes,
// from the servers listed by the fleet's tag. Pure function, no API: the servers are written here.
import { expect } from "chai";
import { reconcile, type ReconcileInput } from "../../../provider/fleet/reconcile";
import { fleetTagOf, identityTags, instanceOf, memberIdempotencyKey, memberKeyOf } from "../../../provider/fleet/identity";
import type { Server } from "../../../provider/api/wire/types";
import type { MemberSpec, RecordedMember } from "../../../provider/fleet/types";

const TAG = fleetTagOf("proj/dev", "web");
const spec = (os = "ubuntu-24.04"): MemberSpec => ({ region: "ewr", plan: "vc2-1c-1gb", os, label: "x" });
const server = (id: string, key: string | undefined, over: Partial<Server> = {}): Server =>
  ({ id, label: key ?? id, status: "active", region: "ewr", plan: "vc2-1c-1gb", osSlug: "ubuntu-24.04", tags: key ? identityTags(TAG, key, "fleet-a") : [TAG], createdAt: `2026-11-27T10:00:0${id.slice(-1)}Z`, ...over }) as Server;
const member = (id: string): RecordedMember => ({ id, label: id, region: "ewr", plan: "vc2-1c-1gb", os: "ubuntu-24.04", mainIp: "", status: "active" }) as RecordedMember;
const input = (over: Partial<ReconcileInput>): ReconcileInput => ({
  found: [],
  members: {},
  leftovers: {},
  specs: { "web-ewr-1": spec(), "web-ewr-2": spec() },
  needed: ["web-ewr-1", "web-ewr-2"],
  fits: (s, sp) => (s.osSlug ?? "") === sp.os && s.region === sp.region && s.plan === sp.plan,
  ...over,
});

describe("fleet reconcile: what an interrupted run made", () => {
  it("reclaims a server made for a member that has none, by its member tag, and leaves the rest to create", () => {
    const r = reconcile(input({ found: [server("s1", "web-ewr-1")] }));
    expect(r.reclaim).to.deep.equal({ "web-ewr-1": "s1" });
    expect(r.strays).to.deep.equal([]);
  });

  it("ignores the servers the state records", () => {
    const r = reconcile(input({ found: [server("s1", "web-ewr-1")], members: { "web-ewr-1": member("s1") }, needed: ["web-ewr-2"] }));
    expect(r).to.deep.equal({ reclaim: {}, strays: [] });
  });

  it("makes strays of a member no longer declared, a member that needs no server, a spec since changed, one in error, and one with no member tag", () => {
    const found = [
      server("s1", "web-fra-9"),
      server("s2", "web-ewr-2"),
      server("s3", "web-ewr-1", { osSlug: "debian-12" }),
      server("s4", "web-ewr-1", { status: "error" }),
      server("s5", undefined),
    ];
    const r = reconcile(input({ found, members: { "web-ewr-2": member("m2") }, needed: ["web-ewr-1"] }));
    expect(r.reclaim).to.deep.equal({});
    expect(r.strays.map((s) => s.id)).to.deep.equal(["s1", "s2", "s3", "s4", "s5"]);
  });

  it("of two servers made for one member, takes the active one, then the older, and makes the other a stray", () => {
    const r = reconcile(input({ found: [server("s2", "web-ewr-1", { status: "pending" }), server("s1", "web-ewr-1")] }));
    expect(r.reclaim).to.deep.equal({ "web-ewr-1": "s1" });
    expect(r.strays.map((s) => s.id)).to.deep.equal(["s2"]);
    const older = reconcile(input({ found: [server("s4", "web-ewr-1"), server("s3", "web-ewr-1")] }));
    expect(older.reclaim).to.deep.equal({ "web-ewr-1": "s3" });
  });

  it("reclaims a recorded leftover that fits a member in need (a roll cancelled while it provisioned), and never calls a leftover a stray", () => {
    const leftovers = { s7: member("s7"), s8: member("s8") };
    const found = [server("s7", "web-ewr-1", { status: "pending" }), server("s8", "web-fra-3")];
    const r = reconcile(input({ found, leftovers, members: { "web-ewr-1": member("old") }, needed: ["web-ewr-1"] }));
    expect(r.reclaim).to.deep.equal({ "web-ewr-1": "s7" });
    expect(r.strays).to.deep.equal([]);
  });
});

describe("fleet identity", () => {
  it("tags name the fleet by stack and name, and the member by key", () => {
    expect(identityTags(TAG, "web-ewr-1", "fleet-a")).to.deep.equal(["hosting-fleet:proj/dev/web", "hosting-member:web-ewr-1", "hosting-owner:fleet-a"]);
    expect(memberKeyOf(["other", "hosting-member:db-fra-2", TAG])).to.equal("db-fra-2");
    expect(memberKeyOf(["other"])).to.equal(undefined);
  });

  it("a server with two member tags names no member (nobody can tell which it was made for)", () => {
    expect(memberKeyOf(["hosting-member:web-ewr-1", "hosting-member:web-ewr-2", TAG])).to.equal(undefined);
    expect(memberKeyOf(["hosting-member:web-ewr-1", "hosting-member:web-ewr-1"])).to.equal("web-ewr-1");
  });

  it("an imported fleet's instance is a short digest of its id; a created fleet's id is its instance", () => {
    const id = "fleet-0f8fad5b-d9cb-469f-a165-70867728950e";
    expect(instanceOf(id)).to.equal(id);
    const long = Array.from({ length: 200 }, (_, i) => `web-ewr-${i + 1}=srv-${i}`).join(",");
    expect(instanceOf(long)).to.match(/^imported-[0-9a-f]{32}$/);
    expect(instanceOf(long)).to.not.equal(instanceOf("tag:web"));
  });

  it("a member's Idempotency-Key is a UUID, the same for the same fleet id, member, generation and spec, and another for any change", () => {
    const k = memberIdempotencyKey("fleet-1", "web-ewr-1", 3, spec());
    expect(k).to.match(/^[0-9a-f]{8}-[0-9a-f]{4}-5[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/);
    expect(memberIdempotencyKey("fleet-1", "web-ewr-1", 3, spec())).to.equal(k);
    const others = [
      memberIdempotencyKey("fleet-1", "web-ewr-1", 4, spec()),
      memberIdempotencyKey("fleet-1", "web-ewr-2", 3, spec()),
      memberIdempotencyKey("fleet-2", "web-ewr-1", 3, spec()),
      memberIdempotencyKey("fleet-1", "web-ewr-1", 3, spec("debian-12")),
    ];
    expect(new Set([k, ...others]).size).to.equal(5);
  });
});
