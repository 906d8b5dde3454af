// hosting-orphans tells a Fleet create killed after its last mark from a live Fleet by the named
// stacks' states (killed-creates.ts), and prints the `pulumi import` that keeps its servers.
// Pure functions over servers, states and plans, no API.
import { expect } from "chai";
import type { Server } from "../../../provider/api/wire/types";
import { killedCreates } from "../../../provider/orphans/killed-creates";
import { renderMatches } from "../../../provider/orphans/render-matches";
import { serversInState } from "../../../provider/orphans/state-servers";
import type { KilledFleetCreate } from "../../../provider/orphans/tagless";
import { stateFleetTags } from "../../../provider/orphans/preview-stack";

const TAG = "hosting-fleet:proj/dev/web";
const A = "fleet-aaaaaaaa-aaaa-4aaa-8aaa-aaaaaaaaaaaa";
const B = "fleet-bbbbbbbb-bbbb-4bbb-8bbb-bbbbbbbbbbbb";
const server = (id: string, owner: string, key: string, live = false, tag = TAG) =>
  ({ id, label: key, status: "active", createdAt: "2026-12-01T08:00:00Z", tags: [tag, `hosting-member:${key}`, `hosting-owner:${owner}`, ...(live ? [`hosting-live:${owner}`] : [])] }) as Server;

describe("hosting-orphans: the Fleet creates killed after their last mark", () => {
  it("names an instance that one of its unrecorded servers marks live and no state holds, with every server of it", () => {
    const found = killedCreates([server("s2", A, "web-ewr-2"), server("s1", A, "web-ewr-1", true)], new Set());
    expect(found).to.deep.equal([{ instance: A, fleetTag: TAG, servers: ["s2", "s1"], importId: `tag:hosting-owner:${A}` }]);
  });

  it("leaves out an instance no server marks live (the next up takes its servers) and one a state holds", () => {
    expect(killedCreates([server("s1", A, "web-ewr-1")], new Set()), "no live mark: an interrupted run's").to.deep.equal([]);
    expect(killedCreates([server("s1", A, "web-ewr-1", true)], new Set([A])), "held: a live instance's killed update").to.deep.equal([]);
    expect(killedCreates([server("s1", "server", "web-ewr-1", true), { ...server("s2", A, "web-ewr-1"), tags: [`hosting-live:${A}`] }], new Set()), "a Server's, and one with no fleet tag").to.deep.equal([]);
  });

  it("counts the owner marks a state's Fleets hold servers by: each instance and an imported member's recorded owner", () => {
    const exported = {
      deployment: {
        resources: [{ type: "hosting:index:Fleet", urn: "urn:pulumi:dev::proj::hosting:index:Fleet::web", id: B, outputs: { members: { "web-ewr-1": { id: "s1", owner: A } }, leftovers: {} } }],
      },
    };
    expect([...serversInState(exported).fleetOwners].sort()).to.deep.equal([A, B]);
    expect(killedCreates([server("s9", A, "web-ewr-2", true)], serversInState(exported).fleetOwners)).to.deep.equal([]);
  });

  it("knows a renamed Fleet of the state under its first name's tag too, as a Fleet no import can take (seed 9502)", () => {
    const exported = {
      deployment: {
        resources: [{
          type: "hosting:index:Fleet", urn: "urn:pulumi:dev::proj::hosting:index:Fleet::web-blue", id: B,
          outputs: { members: {}, leftovers: {}, fleetTag: TAG, nameTag: "hosting-fleet:proj/dev/web-blue" },
        }],
      },
    };
    const { fleets } = serversInState(exported);
    expect(fleets).to.deep.equal([{ name: "web-blue", type: "hosting:index:Fleet", tags: [TAG, "hosting-fleet:proj/dev/web-blue"] }]);
    const declared = [{ tag: "hosting-fleet:proj/dev/web-blue", type: "hosting:index:Fleet", name: "web-blue", created: false }];
    expect(stateFleetTags(fleets, declared)).to.deep.equal([{ tag: TAG, type: "hosting:index:Fleet", name: "web-blue", created: false }]);
  });

  it("prints the plugin's import (with the parent when there is one); for the dynamic face, and for a Fleet the state holds, that only a delete is left", () => {
    const killed = (type: string, parent?: string, created = true): KilledFleetCreate => ({
      instance: A, fleetTag: TAG, servers: ["s1", "s2"], importId: `tag:hosting-owner:${A}`, stack: "dev",
      fleet: { tag: TAG, type, name: "web", created, ...(parent ? { parent } : {}) },
    });
    const render = (k: KilledFleetCreate) => renderMatches({ matches: [], ambiguous: [], unmatchable: [], unclaimed: [], fleetMembers: [server("s1", A, "web-ewr-1", true), server("s2", A, "web-ewr-2")], killedCreates: [k] });
    const plugin = render(killed("hosting:index:Fleet"));
    expect(plugin).to.include(`killed-create ${A}: 2 server(s) of fleet proj/dev/web (dev:web) mark their instance live and no named stack holds it: a create killed after its last mark, whose servers the Fleet's \`pulumi up\` leaves alone; to keep them, before the up (or --adopt):`);
    expect(plugin).to.include(`  pulumi import hosting:index:Fleet web tag:hosting-owner:${A} --stack dev --protect=false --yes`);
    expect(plugin.at(-2)).to.match(/^2 unrecorded fleet server\(s\); .*, but for the 2 of 1 killed create\(s\) above, which it leaves alone$/);
    const parented = render(killed("hosting:index:Fleet", "urn:pulumi:dev::proj::hosting:index:Webhook::hooks"));
    expect(parented).to.include(`  pulumi import hosting:index:Fleet web tag:hosting-owner:${A} --stack dev --protect=false --yes --parent hooks=urn:pulumi:dev::proj::hosting:index:Webhook::hooks`);
    const dynamic = render(killed("pulumi-nodejs:dynamic/hosting:Fleet"));
    expect(dynamic.find((l) => l.startsWith("killed-create "))).to.match(/; hosting-orphans imports the plugin's Fleet only: delete them before the up with --delete-killed-creates$/);
    expect(dynamic.some((l) => l.includes("pulumi import hosting"))).to.equal(false);
    const held = render(killed("hosting:index:Fleet", undefined, false));
    expect(held.find((l) => l.startsWith("killed-create "))).to.match(/; the stack holds the Fleet \(a replacement's create was killed, or an `up` ran since\), so no import can take them: delete them before the up with --delete-killed-creates$/);
    expect(held.some((l) => l.includes("pulumi import hosting"))).to.equal(false);
  });
});
