// Upgrades without a diff: every stack an earlier release recorded, on both faces and both shapes,
// previews with today's packed build against a simulator holding its servers with no change, no
// replacement and no request that mutates.
//
// Upgrades without a diff: every stack an earlier release recorded (test/upgrade/recordings/
// v<version>/<face>-<shape>, made by scripts/upgrade/record.sh: a Server with os, tags,
// powerState stopped and create-only fields, a Webhook and a Fleet of 2 groups, on the
// dynamic face (TypeScript) and the plugin face (Pulumi YAML), in both API shapes) is
// imported into a fresh backend, pointed at a simulator holding the same servers and webhook,
// and previewed with today's build (the packed tarball as users install it): no change, no
// replacement, and not one request that mutates (pulumi/providertest's upgrade test, the way
// Pulumi's own providers preview the previous release's recorded stacks). The model for the
// versioned state is Terraform's StateUpgraders; the recorded states carry no version, so
// each of them goes through every upgrade step (provider/core/state-version.ts).
import { expect } from "chai";
import { allRecordings, openRecording, type OpenedRecording } from "./support/recorded-project";
import { SHAPES } from "../helpers/simulator";

const MUTATING = /^(POST|PUT|PATCH|DELETE) /;

interface PreviewJson {
  steps?: Array<{ op: string; urn: string }>;
  changeSummary?: Record<string, number>;
}

for (const shape of SHAPES) describe(`upgrade: stacks recorded by earlier releases in shape ${shape} preview with no change under today's build`, function () {
  const recordings = allRecordings().filter((r) => r.shape === shape);

  it("has both faces' recordings of every release in this shape", () => {
    const releases = new Set(allRecordings().map((r) => r.version));
    expect(recordings.map((r) => `${r.version} ${r.face}`).sort()).to.deep.equal([...releases].flatMap((v) => [`${v} dynamic`, `${v} plugin`]).sort());
  });

  for (const rec of recordings) {
    describe(`${rec.name} (release ${rec.version}, ${rec.face} face, shape ${rec.shape})`, () => {
      let opened: OpenedRecording;
      before(async () => {
        opened = await openRecording(rec);
      });
      after(async () => opened?.close());

      it("holds a Server, a Webhook and a Fleet whose servers the seeded simulator has, under the same ids", async () => {
        const types = opened.state.deployment.resources.map((r) => r.type.split(/[:/]/).pop());
        expect(types).to.include.members(["Server", "Webhook", "Fleet"]);
        const live = (await opened.sim.liveServers()).map((s) => s.id).sort();
        const server = opened.state.deployment.resources.find((r) => r.type.endsWith("Server"))!;
        const fleet = opened.state.deployment.resources.find((r) => r.type.endsWith("Fleet"))!;
        const members = Object.values(fleet.outputs!.members as Record<string, { id: string }>).map((m) => m.id);
        expect(live).to.deep.equal([server.id!, ...members].sort());
        expect(members).to.have.length(3);
      });

      it("preview --expect-no-changes: every resource the same, nothing replaced, 0 mutating requests", async () => {
        await opened.sim.resetStats();
        const preview = JSON.parse(await opened.pulumi("preview", "--expect-no-changes", "--json")) as PreviewJson;
        const ops = [...new Set((preview.steps ?? []).map((s) => s.op))];
        expect(ops, JSON.stringify(preview.steps)).to.deep.equal(["same"]);
        expect(Object.keys(preview.changeSummary ?? {})).to.deep.equal(["same"]);
        const mutating = Object.entries((await opened.sim.stats()).byRoute).filter(([route, n]) => MUTATING.test(route) && n > 0);
        expect(mutating, "requests that change the API").to.deep.equal([]);
      });
    });
  }
});
