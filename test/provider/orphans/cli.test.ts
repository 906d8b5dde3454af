// hosting-orphans's command line as a user types it (the bin, run by node): the exported-state
// mode with --json, whose document a pipeline reads, and the lines for people on stderr.
import { expect } from "chai";
import * as fs from "fs";
import * as os from "os";
import * as path from "path";
import { runScript } from "../../helpers/run-script";
import { describeProviderShapes, KEYS } from "../harness";

const CLI = path.resolve(__dirname, "../../../provider/orphans/cli.js");

const run = (args: string[], env: Record<string, string>) => runScript(CLI, args, env);

describeProviderShapes((shape) => `hosting-orphans command line, shape ${shape}`, (sim) => {
  const env = () => ({ HOSTING_API_KEY: KEYS.read, HOSTING_BASE_URL: sim.url });
  const TAG = "pulumi-stack:proj/dev";

  it("--state --tag --json: the orphans as one JSON document on stdout, the lines for people on stderr", async () => {
    const kept = await sim.seedServer({ label: "kept", tags: [TAG] });
    const orphan = await sim.seedServer({ label: "lost", tags: [TAG] });
    const state = path.join(fs.mkdtempSync(path.join(os.tmpdir(), "orphans-cli-")), "state.json");
    fs.writeFileSync(state, JSON.stringify({ deployment: { resources: [{ urn: "urn:pulumi:dev::proj::hosting:index:Server::kept", type: "hosting:index:Server", id: kept }] } }));
    const res = await run(["--state", state, "--tag", TAG, "--json"], env());
    expect(res.code, res.stderr).to.equal(0);
    const doc = JSON.parse(res.stdout);
    expect(doc).to.deep.include({ mode: "state", tags: [TAG] });
    expect(doc.orphans.map((o: { id: string; label: string; fleet: string | null }) => [o.id, o.label, o.fleet])).to.deep.equal([[orphan, "lost", null]]);
    expect(res.stderr).to.include(`orphan ${orphan} lost`).and.to.include(`1 orphaned server(s) carry ${TAG}`);
  });

  it("refuses --state without --tag with exit 2, before any request", async () => {
    await sim.resetStats();
    const res = await run(["--state", "state.json"], env());
    expect(res.code).to.equal(2);
    expect(res.stderr).to.equal("hosting-orphans: --state needs at least one --tag (see hosting-orphans --help)\n");
    expect((await sim.stats()).total).to.equal(0);
  });
});
