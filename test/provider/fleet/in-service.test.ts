// Which unrecorded servers an update records as members before it plans (provider/fleet/in-service.ts):
// only its own (or an import's) one server in service for a declared member with none recorded,
// whose spec changed, so that the roll replaces it within maxUnavailable. What the API shows
// proves the change, or for backups and DDoS protection the server's spec mark.
import { expect } from "chai";
import { catalogue, type CatalogueSnapshot } from "../../../provider/core/catalogue";
import { inServiceToReplace } from "../../../provider/fleet/in-service";
import { memberTagOf, ownerMarkOf, specMarkOf } from "../../../provider/fleet/identity";
import type { Claimable } from "../../../provider/fleet/ownership";
import type { MemberSpec, RecordedMember } from "../../../provider/fleet/types";
import type { Server } from "../../../provider/api/wire/types";
import { useClientSimulator } from "../../helpers/client-simulator";
import { planServer } from "../../../provider/server/plan";
import { serverInputsOf } from "../../../provider/fleet/specs";

const INSTANCE = "fleet-1";
const spec = (os: string): MemberSpec => ({ region: "ewr", plan: "vc2-1c-1gb", os, label: "web-ewr-2" });
const OLD = spec("ubuntu-24.04");
const NEW = spec("debian-12");

function made(id: string, key: string, madeWith: MemberSpec, status: Server["status"] = "active"): Server {
  return {
    id, label: key, status, region: "ewr", plan: "vc2-1c-1gb", mainIp: "", vcpus: 1, ramGb: 1, diskGb: 25, osSlug: madeWith.os,
    tags: [memberTagOf(key), ownerMarkOf(INSTANCE), specMarkOf(madeWith)], backups: false, ddosProtection: false, sshKeyIds: [], createdAt: "2026-11-29T00:00:00Z",
  };
}
const own = (server: Server): Claimable => ({ server, kind: "own" });

describe("an update records a killed update's server in service as its member, for the roll to replace", () => {
  const sim = useClientSimulator("A");
  let cat: CatalogueSnapshot;
  before(async () => (cat = await catalogue(sim().client())));
  const members: Record<string, RecordedMember> = {};

  it("its one active server on the old image: recorded as the member, and the plan will replace it", async () => {
    const out = await inServiceToReplace([own(made("s1", "web-ewr-2", OLD))], members, { "web-ewr-2": NEW }, () => Promise.resolve(cat));
    expect(Object.keys(out)).to.deep.equal(["web-ewr-2"]);
    expect(out["web-ewr-2"]).to.include({ id: "s1", os: "ubuntu-24.04" });
  });

  it("one an import holds (the former owner's mark): recorded with that owner, so the roll may delete it", async () => {
    const imported: Claimable = { server: made("s1", "web-ewr-2", OLD), kind: "own", owner: "fleet-0" };
    const out = await inServiceToReplace([imported], members, { "web-ewr-2": NEW }, () => Promise.resolve(cat));
    expect(out["web-ewr-2"]).to.include({ id: "s1", owner: "fleet-0" });
  });

  // The API's server record names no backups nor DDoS protection (the simulator adds them): a
  // server made with backups reads as without, so only its spec mark says that the spec changed.
  it("one made with backups, now declared without, on an API that does not show them: recorded with backups, and the plan will replace it", async () => {
    const out = await inServiceToReplace([own(made("s1", "web-ewr-2", { ...NEW, backups: true, ddosProtection: true }))], members, { "web-ewr-2": NEW }, () => Promise.resolve(cat));
    expect(out["web-ewr-2"]).to.include({ id: "s1", backups: true, ddosProtection: true });
    expect(planServer(out["web-ewr-2"], serverInputsOf(NEW), cat).replaces).to.have.members(["backups", "ddosProtection"]);
  });

  it("leaves a server that fits the spec (reconcile.ts takes it over), one not active, two for one member, another owner's, and a recorded member", async () => {
    const specs = { "web-ewr-2": NEW };
    expect(await inServiceToReplace([own(made("s1", "web-ewr-2", NEW))], members, specs, () => Promise.resolve(cat)), "fits").to.deep.equal({});
    expect(await inServiceToReplace([own(made("s1", "web-ewr-2", OLD, "pending"))], members, specs, () => Promise.resolve(cat)), "pending").to.deep.equal({});
    expect(await inServiceToReplace([own(made("s1", "web-ewr-2", OLD)), own(made("s2", "web-ewr-2", OLD))], members, specs, () => Promise.resolve(cat)), "two").to.deep.equal({});
    const interrupted: Claimable = { server: made("s1", "web-ewr-2", OLD), kind: "interrupted", owner: "fleet-0" };
    expect(await inServiceToReplace([interrupted], members, specs, () => Promise.resolve(cat)), "another owner's").to.deep.equal({});
    const recorded = { "web-ewr-2": { id: "s0" } as RecordedMember };
    expect(await inServiceToReplace([own(made("s1", "web-ewr-2", OLD))], recorded, specs, () => Promise.resolve(cat)), "recorded").to.deep.equal({});
    expect(await inServiceToReplace([own(made("s1", "web-ewr-3", OLD))], members, specs, () => Promise.resolve(cat)), "no longer declared").to.deep.equal({});
  });
});
