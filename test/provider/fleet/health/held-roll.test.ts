// A held roll holds exactly the replacements whose target failed: the same target in the same
// group and region, whatever the count; another group's replacement proceeds while it is held.
import { expect } from "chai";
import { applyHold, fingerprint, stillHeld } from "../../../../provider/fleet/health/held-roll";
import { planMembers } from "../../../../provider/fleet/plan";
import type { CheckedHealthCheck, HeldRoll } from "../../../../provider/fleet/health/types";
import type { MemberSpec, RecordedMember } from "../../../../provider/fleet/types";

const CHECK: CheckedHealthCheck = { kind: "http", url: "http://{mainIp}/", healthyStatusCodes: [200], intervalSeconds: 1, timeoutSeconds: 1, graceSeconds: 0, healthyThreshold: 1, deadlineSeconds: 5 };
const spec = (key: string, os: string): MemberSpec => ({ region: key.split("-")[1], plan: "vc2-1c-1gb", os, label: key, tags: [] } as MemberSpec);
const member = (key: string, os: string): RecordedMember =>
  ({ id: `id-${key}`, label: key, region: key.split("-")[1], plan: "vc2-1c-1gb", os, osId: 0, mainIp: "203.0.113.1", status: "active", tags: [] } as RecordedMember);
const keys = (group: string, n: number) => Array.from({ length: n }, (_, i) => `${group}-ewr-${i + 1}`);
const specsOf = (entries: [string, string][]) => Object.fromEntries(entries.map(([k, os]) => [k, spec(k, os)]));
const checksOf = (specs: Record<string, MemberSpec>) => Object.fromEntries(Object.keys(specs).map((k) => [k, CHECK]));

describe("a held roll holds the replacements whose target failed, and only those", () => {
  // 4 web members on ubuntu, rolled to debian-12; the first batch (web-ewr-1, -2) failed and was rolled back.
  const members = Object.fromEntries([...keys("web", 4), ...keys("api", 2)].map((k) => [k, member(k, "ubuntu-24.04")]));
  const failing = specsOf([...keys("web", 4).map((k): [string, string] => [k, "debian-12"]), ...keys("api", 2).map((k): [string, string] => [k, "ubuntu-24.04"])]);
  const held: HeldRoll = { members: ["web-ewr-1", "web-ewr-2"], target: fingerprint({ memberSpecs: failing }, checksOf(failing), ["web-ewr-1", "web-ewr-2"]), reason: "not healthy" };

  it("a count-down that drops a held key keeps the hold: the rest of the group is not rolled to the failing image", () => {
    const fewer = specsOf(keys("web", 1).map((k): [string, string] => [k, "debian-12"]));
    expect(stillHeld(held, { memberSpecs: fewer }, checksOf(fewer))).to.equal(true);
  });

  it("a count-up on the same target keeps the hold", () => {
    const more = specsOf(keys("web", 6).map((k): [string, string] => [k, "debian-12"]));
    expect(stillHeld(held, { memberSpecs: more }, checksOf(more))).to.equal(true);
  });

  it("another image for the held group releases it", () => {
    const other = specsOf(keys("web", 4).map((k): [string, string] => [k, "rocky-9"]));
    expect(stillHeld(held, { memberSpecs: other }, checksOf(other))).to.equal(false);
  });

  it("another group's replacement proceeds while the held group's wait", () => {
    const news = { ...failing, ...specsOf(keys("api", 2).map((k): [string, string] => [k, "rocky-9"])) };
    expect(stillHeld(held, { memberSpecs: news }, checksOf(news))).to.equal(true);
    const plan = planMembers(members, news);
    applyHold(plan, held, members, news, (m) => spec(m.label, m.os));
    expect(plan.replace.map((r) => r.key)).to.deep.equal(["api-ewr-1", "api-ewr-2"]);
  });
});
