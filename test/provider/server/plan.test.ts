// The plan table of a server (provider/server/plan.ts) on its own: old outputs against new
// checked inputs, no simulator. Each case names the row of the table it proves.
import { expect } from "chai";
import type { CatalogueSnapshot } from "../../../provider/core/catalogue";
import { UNKNOWN_VALUE } from "../../../provider/core/unknown";
import { planServer, rebootTriggered } from "../../../provider/server/plan";

type Props = Record<string, any>;

const UBUNTU = { id: 2284, slug: "ubuntu-24.04", name: "Ubuntu 24.04 LTS x64", family: "ubuntu" };
const DEBIAN = { id: 2136, slug: "debian-12", name: "Debian 12 x64", family: "debian" };
const CAT: CatalogueSnapshot = { regions: [], plans: [], osImages: [UBUNTU, DEBIAN] };

const STABLES = ["region", "plan", "os", "osId", "hostname", "sshKeyIds", "backups", "ddosProtection"];

/** Outputs of an active server as create wrote them (defaults explicit, as normalize makes them). */
const OLDS: Props = {
  region: "ewr", plan: "vc2-1c-1gb", os: "ubuntu-24.04", osId: 2284, label: "web-1", hostname: "srv-1",
  tags: ["app", "web"], sshKeyIds: ["k1"], backups: false, ddosProtection: false, powerState: "running",
  waitTimeoutSeconds: 600, ownerTag: "pulumi-stack:p/s", status: "active", mainIp: "1.2.3.4",
};
/** The checked inputs that reproduce OLDS. */
const NEWS: Props = {
  region: "ewr", plan: "vc2-1c-1gb", os: "ubuntu-24.04", osId: 2284, label: "web-1",
  tags: ["app", "web"], sshKeyIds: ["k1"], backups: false, ddosProtection: false, powerState: "running",
  waitTimeoutSeconds: 600, ownerTag: "pulumi-stack:p/s",
};

const plan = (olds: Props, news: Props, cat?: CatalogueSnapshot) => planServer(olds, news, cat);

describe("the server plan table (planServer)", () => {
  it("no change: the inputs that reproduce the outputs, with every field stable", () => {
    expect(plan(OLDS, NEWS)).to.deep.equal({ changes: false, replaces: [], stables: STABLES, deleteBeforeReplace: false, detailedDiff: {} });
  });

  for (const [field, value] of [
    ["region", "fra"], ["plan", "vc2-2c-4gb"], ["hostname", "web-1.example"], ["sshKeyIds", ["k2"]],
    ["userData", "#!/bin/sh"], ["backups", true], ["ddosProtection", true],
  ] as const) {
    it(`replace: ${field} changed, and nothing is stable then`, () => {
      // userData was never recorded (OLDS has none): declaring it adds it.
      const kind = field === "userData" ? "add" : "update";
      expect(plan(OLDS, { ...NEWS, [field]: value })).to.deep.equal({
        changes: true, replaces: [field], stables: [], deleteBeforeReplace: false, detailedDiff: { [field]: { kind, replace: true } },
      });
    });
  }

  it("replace: several fields at once are all named, in table order, the image last", () => {
    const res = plan(OLDS, { ...NEWS, ddosProtection: true, region: "fra", os: "debian-12", osId: 2136 });
    expect(res.replaces).to.deep.equal(["region", "ddosProtection", "os", "osId"]);
  });

  it("hostname: none declared (absent or empty) is no change, whatever the API chose", () => {
    expect(plan(OLDS, NEWS).changes).to.equal(false);
    expect(plan(OLDS, { ...NEWS, hostname: "" }).changes).to.equal(false);
    expect(plan(OLDS, { ...NEWS, hostname: "srv-1" }).changes).to.equal(false);
    expect(plan({ ...OLDS, hostname: undefined }, { ...NEWS, hostname: "srv-1" }).replaces).to.deep.equal(["hostname"]);
  });

  it("absent values compare as their defaults: no change for an output written before the field existed", () => {
    const { backups: _b, ddosProtection: _d, sshKeyIds: _s, label: _l, tags: _t, powerState: _p, ...older } = OLDS;
    expect(plan(older, { ...NEWS, label: "", tags: [], sshKeyIds: [] }).changes).to.equal(false);
    expect(plan(OLDS, { ...NEWS, userData: undefined }).changes).to.equal(false);
    expect(plan({ ...OLDS, userData: "#!/bin/sh" }, { ...NEWS, userData: "#!/bin/sh" }).changes).to.equal(false);
    expect(plan({ ...OLDS, userData: "#!/bin/sh" }, NEWS).replaces).to.deep.equal(["userData"]);
    expect(plan(older, { ...NEWS, sshKeyIds: [], backups: true }).replaces).to.deep.equal(["backups"]);
  });

  it("no change: tags and SSH keys in another order or listed twice", () => {
    expect(plan(OLDS, { ...NEWS, tags: ["web", "app"], sshKeyIds: ["k1", "k1"] }).changes).to.equal(false);
    expect(plan({ ...OLDS, tags: ["web", "app", "app"] }, NEWS).changes).to.equal(false);
  });

  it("replace: a server whose status is error, even with inputs unchanged", () => {
    expect(plan({ ...OLDS, status: "error" }, NEWS)).to.deep.include({ changes: true, replaces: ["status"], stables: [] });
    expect(plan({ ...OLDS, status: "stopped" }, NEWS).changes).to.equal(false);
  });

  for (const [field, value] of [
    ["label", "web-1-renamed"], ["tags", ["app"]], ["ownerTag", "pulumi-stack:p/other"], ["ownerTag", ""],
    ["powerState", "stopped"], ["stopMode", "hard"], ["rebootTriggers", ["v2"]], ["waitTimeoutSeconds", 60],
  ] as const) {
    it(`update in place: ${field} ${JSON.stringify(value)}, everything stays stable`, () => {
      // OLDS records no stopMode or rebootTriggers (defaults never written): declaring one adds it.
      const kind = field === "stopMode" || field === "rebootTriggers" ? "add" : "update";
      expect(plan(OLDS, { ...NEWS, [field]: value })).to.deep.equal({
        changes: true, replaces: [], stables: STABLES, deleteBeforeReplace: false, detailedDiff: { [field]: { kind, replace: false } },
      });
    });
  }

  it("no change: stopMode and rebootTriggers declared at their defaults on a server that never named them", () => {
    expect(plan(OLDS, { ...NEWS, stopMode: "graceful", rebootTriggers: [] }).changes).to.equal(false);
    expect(plan({ ...OLDS, stopMode: "hard" }, { ...NEWS, stopMode: "hard" }).changes).to.equal(false);
  });

  it("no change: waitTimeoutSeconds or ownerTag left out of the inputs keep what the outputs hold", () => {
    const { waitTimeoutSeconds: _w, ownerTag: _o, ...bare } = NEWS;
    expect(plan({ ...OLDS, waitTimeoutSeconds: 300 }, bare).changes).to.equal(false);
    // The other update fields left out compare as their defaults.
    const { label: _l, ...noLabel } = NEWS;
    expect(plan(OLDS, noLabel).changes).to.equal(true);
  });

  describe("the image: os and osId", () => {
    it("no change: os and osId naming the same image, whichever the inputs give", () => {
      expect(plan(OLDS, { ...NEWS, os: undefined }).changes).to.equal(false);
      expect(plan(OLDS, { ...NEWS, osId: undefined }, CAT).changes).to.equal(false);
      expect(plan(OLDS, { ...NEWS, osId: undefined }).changes, "a slug names one image, even without the catalogue").to.equal(false);
      expect(plan({ ...OLDS, osId: 0 }, { ...NEWS, osId: undefined }).changes).to.equal(false);
      expect(plan({ ...OLDS, osId: 0 }, { ...NEWS, os: undefined }, CAT).changes, "old osId 0: the catalogue finds it by slug").to.equal(false);
      expect(plan(OLDS, { ...NEWS, os: undefined, osId: undefined }).changes, "no image given: nothing to compare").to.equal(false);
    });

    it("replace: another image names the fields that differ", () => {
      expect(plan(OLDS, { ...NEWS, os: "debian-12", osId: 2136 }).replaces).to.deep.equal(["os", "osId"]);
      expect(plan(OLDS, { ...NEWS, os: undefined, osId: 2136 }).replaces).to.deep.equal(["osId"]);
      expect(plan(OLDS, { ...NEWS, os: "debian-12", osId: undefined }, CAT).replaces).to.deep.equal(["os"]);
      expect(plan(OLDS, { ...NEWS, os: "debian-12", osId: undefined }).replaces, "no catalogue: slugs compared").to.deep.equal(["os"]);
      expect(plan({ ...OLDS, osId: 0 }, { ...NEWS, os: undefined, osId: 2136 }, CAT).replaces).to.deep.equal(["osId"]);
    });

    it("replace: ids that differ while the given fields equal the outputs' name every given field", () => {
      // Outputs whose slug and id disagree (an image re-numbered): the id decides.
      expect(plan({ ...OLDS, os: "debian-12" }, { ...NEWS, os: "debian-12", osId: undefined }, CAT).replaces).to.deep.equal(["os"]);
    });

    it("replace: an unknown image at preview is named as given, even beside a known slug that is the same", () => {
      expect(plan(OLDS, { ...NEWS, os: UNKNOWN_VALUE, osId: undefined }).replaces).to.deep.equal(["os"]);
      expect(plan(OLDS, { ...NEWS, os: UNKNOWN_VALUE, osId: UNKNOWN_VALUE }).replaces).to.deep.equal(["os", "osId"]);
      expect(plan(OLDS, { ...NEWS, os: "ubuntu-24.04", osId: UNKNOWN_VALUE }).replaces).to.deep.equal(["os", "osId"]);
    });

    it("the id decides when both sides have one, and only the differing field is named", () => {
      // Inputs whose slug and id disagree: the slug equals the outputs', the id does not.
      expect(plan(OLDS, { ...NEWS, os: "ubuntu-24.04", osId: 2136 }).replaces).to.deep.equal(["osId"]);
      expect(plan(OLDS, { ...NEWS, os: "ubuntu-24.04", osId: 2136 }, CAT).replaces).to.deep.equal(["osId"]);
    });

    it("the slug decides when an id is missing on either side (an old record's osId 0, no catalogue)", () => {
      expect(plan({ ...OLDS, osId: 0 }, NEWS).changes).to.equal(false);
      const { os: _o, ...idOnly }: Props = { ...OLDS, osId: 0 };
      expect(plan(idOnly, { ...NEWS, os: undefined, osId: 2136 }).replaces, "nothing to compare with: the given id is a change").to.deep.equal(["osId"]);
    });

    it("an image the catalogue does not list, on either side, is another image", () => {
      expect(plan(OLDS, { ...NEWS, os: "arch-linux", osId: undefined }, CAT).replaces).to.deep.equal(["os"]);
      expect(plan({ ...OLDS, os: "arch-linux", osId: 0 }, { ...NEWS, os: "debian-12", osId: undefined }, CAT).replaces).to.deep.equal(["os"]);
    });

    it("replace: an old server with no image on record against a declared one", () => {
      const { os: _o, osId: _i, ...noImage } = OLDS;
      expect(plan(noImage, NEWS).replaces).to.deep.equal(["os", "osId"]);
      expect(plan(noImage, { ...NEWS, os: undefined, osId: undefined }).changes).to.equal(false);
    });
  });

  describe("unknown values at preview: the honest worst case", () => {
    it("a replace field unknown is a replacement", () => {
      expect(plan(OLDS, { ...NEWS, region: UNKNOWN_VALUE }).replaces).to.deep.equal(["region"]);
      expect(plan(OLDS, { ...NEWS, sshKeyIds: ["k1", UNKNOWN_VALUE] }).replaces).to.deep.equal(["sshKeyIds"]);
    });

    it("an update field unknown is an update, even when the old value is the sentinel's text", () => {
      expect(plan(OLDS, { ...NEWS, label: UNKNOWN_VALUE })).to.deep.include({ changes: true, replaces: [] });
      expect(plan({ ...OLDS, label: UNKNOWN_VALUE }, { ...NEWS, label: UNKNOWN_VALUE }).changes).to.equal(true);
      expect(plan(OLDS, { ...NEWS, tags: [UNKNOWN_VALUE] })).to.deep.include({ changes: true, replaces: [] });
      expect(plan(OLDS, { ...NEWS, rebootTriggers: [{ v: UNKNOWN_VALUE }] })).to.deep.include({ changes: true, replaces: [] });
      const unknownInside = [{ v: UNKNOWN_VALUE }];
      expect(plan({ ...OLDS, rebootTriggers: unknownInside }, { ...NEWS, rebootTriggers: unknownInside }).changes).to.equal(true);
    });
  });

  describe("the detailed diff: every changed property with its kind", () => {
    it("a label and an OS change: label an update in place, os and osId the cause of the replace", () => {
      const res = plan(OLDS, { ...NEWS, label: "renamed", os: "debian-12", osId: 2136 });
      expect(res.detailedDiff).to.deep.equal({
        label: { kind: "update", replace: false }, os: { kind: "update", replace: true }, osId: { kind: "update", replace: true },
      });
      expect(res.replaces).to.deep.equal(["os", "osId"]);
    });

    it("a property removed from the program is a delete, never a change with no property", () => {
      const res = plan({ ...OLDS, userData: "#!/bin/sh" }, { ...NEWS, userData: undefined, label: "" });
      expect(res.detailedDiff).to.deep.equal({ userData: { kind: "delete", replace: true }, label: { kind: "update", replace: false } });
      const tags = plan(OLDS, { ...NEWS, tags: [] });
      expect(tags.detailedDiff).to.deep.equal({ tags: { kind: "update", replace: false } });
    });

    it("changes and replaces are derived from it: a change always names its property", () => {
      for (const news of [{ ...NEWS, label: "x" }, { ...NEWS, region: "fra" }, { ...NEWS, ownerTag: undefined, tags: ["z"] }, NEWS]) {
        const res = plan(OLDS, news);
        expect(res.changes).to.equal(Object.keys(res.detailedDiff).length > 0);
        expect(res.replaces).to.deep.equal(Object.keys(res.detailedDiff).filter((k) => res.detailedDiff[k].replace));
      }
    });

    it("an unknown input (another resource's output) is an update, or a replace in a replace field", () => {
      expect(plan(OLDS, { ...NEWS, label: UNKNOWN_VALUE }).detailedDiff).to.deep.equal({ label: { kind: "update", replace: false } });
      expect(plan(OLDS, { ...NEWS, region: UNKNOWN_VALUE }).detailedDiff).to.deep.equal({ region: { kind: "update", replace: true } });
    });

    it("a server in error: status is named as the cause", () => {
      expect(plan({ ...OLDS, status: "error" }, NEWS).detailedDiff).to.deep.equal({ status: { kind: "update", replace: true } });
    });
  });

  describe("rebootTriggered", () => {
    it("is true only when the triggers changed; absent and empty are the same", () => {
      expect(rebootTriggered({}, {})).to.equal(false);
      expect(rebootTriggered({}, { rebootTriggers: [] })).to.equal(false);
      expect(rebootTriggered({ rebootTriggers: [] }, {})).to.equal(false);
      expect(rebootTriggered({ rebootTriggers: ["a", 1] }, { rebootTriggers: ["a", 1] })).to.equal(false);
      expect(rebootTriggered({ rebootTriggers: ["a"] }, { rebootTriggers: ["b"] })).to.equal(true);
      expect(rebootTriggered({}, { rebootTriggers: ["a"] })).to.equal(true);
      // Order matters for triggers (they are not a set): a reordered list is a change.
      expect(rebootTriggered({ rebootTriggers: ["a", "b"] }, { rebootTriggers: ["b", "a"] })).to.equal(true);
      expect(rebootTriggered({ rebootTriggers: ["a"] }, { rebootTriggers: [UNKNOWN_VALUE] })).to.equal(true);
    });
  });
});
