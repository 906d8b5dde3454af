// The GitOps pipeline, end to end: hosting-gitops (real Pulumi CLI, the example
// project examples/gitops/project) against the simulator, with the stack state in PostgreSQL
// through Pulumi's DIY backend. Two runners are two working copies run as separate processes;
// they share only the backend and the API. Plan and drift run with a Read-only key and the
// simulator counts their requests by method.
import { expect } from "chai";
import { startPostgres, type TestPostgres } from "../helpers/postgres";
import { KEYS, SHAPES, startTestSimulator, type TestSimulator } from "../helpers/simulator";
import { WorkingCopy, type RunOutcome } from "./support/gitops-copy";
import { given } from "./support/given";

const PASSPHRASE = "gitops-e2e-passphrase-not-a-secret";
const MUTATING = ["POST", "PUT", "PATCH", "DELETE"];

type Stats = { byRoute: Record<string, number> };

/** Requests by method (and by "METHOD /route" for the mutating ones). */
function byMethod(stats: Stats): Record<string, number> {
  const out: Record<string, number> = {};
  for (const [key, n] of Object.entries(stats.byRoute)) {
    const [method, route] = key.split(" ");
    out[method] = (out[method] ?? 0) + n;
    if (MUTATING.includes(method)) out[`${method} ${route}`] = (out[`${method} ${route}`] ?? 0) + n;
  }
  return out;
}

const mutating = (counts: Record<string, number>) => MUTATING.reduce((n, m) => n + (counts[m] ?? 0), 0);

/** Fails with the runner's output, so a failing step says why. */
function expectExit(run: RunOutcome, code: number): void {
  if (run.code !== code) {
    throw new Error(`expected exit ${code}, got ${run.code}\n--- summary\n${run.summary}\n--- stderr (end)\n${run.stderr.slice(-3000)}\n--- stdout (end)\n${run.stdout.slice(-2000)}`);
  }
}

describe("GitOps pipeline: hosting-gitops on a PostgreSQL backend, two runners", function () {
  this.timeout(600_000);
  let pg: TestPostgres;

  before(async () => {
    pg = await startPostgres();
  });
  after(() => pg?.stop());

  for (const shape of SHAPES) {
    describe(`shape ${shape}`, () => {
      const stack = `fleet-${shape.toLowerCase()}`;
      let sim: TestSimulator;
      let main: WorkingCopy;
      let pr: WorkingCopy;
      const log = (step: string, counts: Record<string, number>) => console.log(`      [${shape}] ${step}: ${JSON.stringify(counts)}`);

      /** Runs `step` and returns the simulator's counts of its requests by method. */
      async function counted<T>(step: string, fn: () => Promise<T>): Promise<{ value: T; counts: Record<string, number> }> {
        await sim.resetStats();
        const value = await fn();
        const counts = byMethod(await sim.stats());
        log(step, counts);
        if (process.env.GITOPS_E2E_SHOW) show(step, value);
        return { value, counts };
      }

      /** Prints what a step printed (GITOPS_E2E_SHOW=1): the README's expected output comes from here. */
      const show = (step: string, value: unknown) => {
        for (const run of (Array.isArray(value) ? value : [value]) as RunOutcome[]) {
          const notes = run.stderr.split("\n").filter((l) => /^hosting-gitops|created by|violates plan|Run `hosting-gitops/.test(l));
          console.log(`\n----- ${step}: exit ${run.code}\n${notes.join("\n")}\n${run.summary}`);
        }
      };

      const serverNamed = async (label: string) => (await sim.liveServers()).find((s) => s.label === label);

      before(async () => {
        sim = await startTestSimulator({ shape, provisionMs: 300, transitionMs: 100 });
        main = WorkingCopy.create(`main-${shape}`, pg.url, PASSPHRASE);
        // The stack is made once and its settings file committed: the other runner gets it by cloning.
        expectExit(await main.pulumi(["stack", "init", stack]), 0);
        expectExit(await main.pulumi(["config", "set", "hosting:baseUrl", sim.url, "--stack", stack]), 0);
        pr = WorkingCopy.create(`pr-${shape}`, pg.url, PASSPHRASE);
        pr.pullFrom(main, `Pulumi.${stack}.yaml`);
      });

      after(async () => {
        main?.dispose();
        pr?.dispose();
        await sim?.close();
      });

      /** main's first apply, which makes the fleet every later case stands on. */
      const applied = given(() => counted("apply (create)", () => main.gitops("apply", stack, KEYS.write)));
      /** After the first apply, the pull request's edits: a tag on web-1 and another OS for db-1. */
      const prEdited = given(async () => {
        await applied();
        pr.editFleet((f) => {
          f.servers["web-1"].tags.push("canary");
          f.servers["db-1"].os = "debian-12";
        });
      });

      it("1. main: apply creates the fleet", async () => {
        const { value: run, counts } = await applied();
        expectExit(run, 0);
        expect(counts["POST /v1/servers"]).to.equal(3);
        const live = await sim.liveServers();
        expect(live.map((s) => s.label).sort()).to.deep.equal(["db-1", "web-1", "web-2"]);
        expect(run.summary).to.contain("3 created");
        // The program's lookup (getPlan: 5.00 + 5.00 + 20.00 a month) ran; it runs in every plan and drift too.
        const price = await main.pulumi(["stack", "output", "monthlyPrice", "--stack", stack]);
        expect(price.stdout.trim()).to.equal("30.00");
      });

      it("2. a pull request (a tag, an OS): plan with the Read key exits 2, names the update and the replace, sends 0 mutating requests", async () => {
        await prEdited();
        const db = await serverNamed("db-1");
        const { value: run, counts } = await counted("plan (Read key)", () => pr.gitops("plan", stack, KEYS.read));
        expectExit(run, 2);
        expect(mutating(counts)).to.equal(0);
        expect(counts.GET ?? 0).to.be.greaterThan(0);
        expect(run.summary).to.match(/\| `web-1` \| update in place \| `tags`: `\[managed-by-pulumi, web\]` → `\[canary, managed-by-pulumi, web\]`/);
        expect(run.summary).to.match(/\| `db-1` \| \*\*replace\*\* \|[^\n]*`os`: `"ubuntu-24.04"` → `"debian-12"` \(forces replace\)/);
        expect(run.summary).to.contain(`server ${db.id} is destroyed with its 80 GB disk and all data on it and its IP address ${db.main_ip}`);
        expect(run.summary).to.contain("flagged (exit code 2)");
      });

      it("3. the replace allowed: plan exits 0; apply without the reviewed plan refuses; with it, one PATCH and one replace", async () => {
        await prEdited();
        const planFile = pr.path("plan.json");
        const { value: allowed, counts } = await counted("plan --allow-replace", () =>
          pr.gitops("plan", stack, KEYS.read, ["--plan-file", planFile], { HOSTING_GITOPS_ALLOW_REPLACE: "1" }),
        );
        expectExit(allowed, 0);
        expect(mutating(counts)).to.equal(0);

        main.pullFrom(pr, "fleet.yaml"); // the merge
        const { value: refused, counts: refusedCounts } = await counted("apply without a plan file", () => main.gitops("apply", stack, KEYS.write));
        expectExit(refused, 2);
        expect(mutating(refusedCounts)).to.equal(0);
        expect(refused.summary).to.contain("refused, nothing applied");

        const oldDb = await serverNamed("db-1");
        const { value: run, counts: applied } = await counted("apply --plan-file", () => main.gitops("apply", stack, KEYS.write, ["--plan-file", planFile]));
        expectExit(run, 0);
        // Shape B's create table has no tags, so there a create is a POST and a PATCH of its tags.
        const patchesPerCreate = shape === "B" ? 1 : 0;
        expect(applied["PATCH /v1/servers/:id"]).to.equal(1 + patchesPerCreate);
        expect(applied["POST /v1/servers"]).to.equal(1);
        expect(applied["DELETE /v1/servers/:id"]).to.equal(1);
        const newDb = await serverNamed("db-1");
        expect(newDb.id).to.not.equal(oldDb.id);
        expect((await serverNamed("web-1")).tags).to.include("canary");
      });

      it("4. a server relabelled through the API: drift exits 2 naming it and the field; a plan made before it is refused; apply repairs; drift is clean", async () => {
        await applied();
        const stalePlan = pr.path("stale-plan.json");
        expectExit(await pr.gitops("plan", stack, KEYS.read, ["--plan-file", stalePlan]), 0);
        const web2 = await serverNamed("web-2");
        const res = await sim.api("PATCH", `/v1/servers/${web2.id}`, { body: { label: "hand-edited" } });
        expect(res.status).to.equal(200);

        const { value: drifted, counts } = await counted("drift (Read key)", () => pr.gitops("drift", stack, KEYS.read));
        expectExit(drifted, 2);
        expect(mutating(counts)).to.equal(0);
        expect(drifted.summary).to.contain(`| \`web-2\` (${web2.id}) | \`label\` | \`"hand-edited"\` | \`"web-2"\` |`);

        // The engine's update plan from before the relabel does not hold any more: `up --plan` stops.
        const { value: stale, counts: staleCounts } = await counted("apply with a stale plan", () => main.gitops("apply", stack, KEYS.write, ["--plan-file", stalePlan]));
        expectExit(stale, 1);
        expect(mutating(staleCounts)).to.equal(0);
        expect(stale.stderr).to.match(/web-2 violates plan/);
        expect(stale.stderr).to.contain("Run `hosting-gitops plan` again");

        const { value: repaired, counts: repairCounts } = await counted("apply (repair)", () => main.gitops("apply", stack, KEYS.write));
        expectExit(repaired, 0);
        expect(repairCounts["PATCH /v1/servers/:id"]).to.equal(1);
        expect(mutating(repairCounts)).to.equal(1);
        expect((await serverNamed("web-2"))?.id).to.equal(web2.id);

        const { value: clean, counts: cleanCounts } = await counted("drift (clean)", () => pr.gitops("drift", stack, KEYS.read));
        expectExit(clean, 0);
        expect(mutating(cleanCounts)).to.equal(0);
        expect(clean.summary).to.contain("**No drift**");
      });

      it("5. two applies at once: one applies, the other waits for the lock; the fleet is exact afterwards", async () => {
        await applied();
        pr.pullFrom(main, "fleet.yaml");
        for (const copy of [main, pr]) copy.editFleet((f) => (f.servers["web-3"] = { region: "fra", tags: ["web"] }));
        // Slow provisioning keeps the first apply's lock held while the second tries to take it.
        await sim.setConfig({ provisionMs: 6000 });
        const { value: runs, counts } = await counted("two applies at once", () =>
          Promise.all([main.gitops("apply", stack, KEYS.write), pr.gitops("apply", stack, KEYS.write, ["--lock-timeout", "300"])]),
        );
        await sim.setConfig({ provisionMs: 300 });
        for (const run of runs) expectExit(run, 0);
        const waited = runs.filter((r) => /currently locked/.test(r.stderr));
        expect(waited.length, "one apply saw the other's lock").to.be.greaterThan(0);
        expect(waited[0].stderr).to.match(/waiting up to (300|600) s for the lock to be released/);
        expect(counts["POST /v1/servers"]).to.equal(1);
        expect(runs.map((r) => (/\*\*1 created\*\*/.test(r.summary) ? "created" : /\*\*no changes\*\*/.test(r.summary) ? "none" : r.summary)).sort()).to.deep.equal(["created", "none"]);
        const live = await sim.liveServers();
        expect(live.map((s) => s.label).sort()).to.deep.equal(["db-1", "web-1", "web-2", "web-3"]);

        const { value: after } = await counted("plan after both", () => pr.gitops("plan", stack, KEYS.read));
        expectExit(after, 0);
        expect(after.summary).to.contain("**no changes**; 4 unchanged");
      });
    });
  }
});
