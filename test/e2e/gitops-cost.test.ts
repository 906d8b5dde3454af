// The cost of a plan, end to end: hosting-gitops (real Pulumi CLI, the example project
// examples/gitops/project) against the simulator, stack state in PostgreSQL, plans with a
// Read-only key. One stack per shape serves every case: a plan that changes nothing, then one pull
// request (3 servers added, 1 moved to a bigger plan, 1 deleted) planned over and under the budget
// and priced by `hosting-gitops cost`. Expected prices come from the catalogue the simulator serves
// (GET /v1/plans). The product is reached by package name only, so the file also runs on the tarball.
import { expect } from "chai";
import * as fs from "fs";
import { startPostgres, type TestPostgres } from "../helpers/postgres";
import { countRequests, KEYS, SHAPES, startTestSimulator, type TestSimulator } from "../helpers/simulator";
import { WorkingCopy, type RunOutcome } from "./support/gitops-copy";

const PASSPHRASE = "gitops-cost-e2e-passphrase-not-a-secret";
const MUTATING = ["POST", "PUT", "PATCH", "DELETE"];

/** price_per_month of each plan the simulator serves, read in `before` (the prices have two decimals). */
const MONTHLY = new Map<string, string>();
const month = (plan: string) => MONTHLY.get(plan)!;
const cents = (amount: string) => Math.round(Number(amount) * 100);
const show = (c: number) => (c / 100).toFixed(2);
const sum = (plans: string[]) => show(plans.reduce((n, p) => n + cents(month(p)), 0));
const diff = (before: string, after: string) => show(cents(after) - cents(before));

/** The fields of the cost JSON (CostJson of pulumi-hosting/gitops) this file reads. */
interface CostJson {
  currency: null;
  pastTotalMonthlyCost: string | null;
  totalMonthlyCost: string | null;
  diffTotalMonthlyCost: string | null;
  resources: { name: string; action: string; pastMonthlyCost: string | null; monthlyCost: string | null; diffMonthlyCost: string | null }[];
  budget: { maxMonthlyIncrease: string; passed: boolean; overBy: string | null } | null;
}

function expectExit(run: RunOutcome, code: number): void {
  if (run.code !== code) {
    throw new Error(`expected exit ${code}, got ${run.code}\n--- summary\n${run.summary}\n--- stderr (end)\n${run.stderr.slice(-3000)}`);
  }
}

/** The rows of the cost table (the part of the summary after "#### Monthly cost"), in their order. */
function costRows(markdown: string): string[] {
  const section = markdown.split("#### Monthly cost")[1] ?? "";
  return section.split("\n").filter((l) => l.startsWith("| `"));
}

describe("GitOps cost: hosting-gitops plan and cost price a pull request, Read key, PostgreSQL backend", function () {
  this.timeout(600_000);
  let pg: TestPostgres;

  before(async () => {
    pg = await startPostgres();
  });
  after(() => pg?.stop());

  for (const shape of SHAPES) {
    describe(`shape ${shape}`, () => {
      const stack = `cost-${shape.toLowerCase()}`;
      let sim: TestSimulator;
      let copy: WorkingCopy;

      /** Runs a Read-key step; fails on any mutating request; returns the run and its GET /v1/plans count. */
      async function readOnly(fn: () => Promise<RunOutcome>): Promise<{ run: RunOutcome; planReads: number }> {
        await sim.resetStats();
        const run = await fn();
        const stats = await sim.stats();
        const mutating = MUTATING.reduce((n, m) => n + countRequests(stats, `${m} `), 0);
        expect(mutating, "mutating requests of a Read-key step").to.equal(0);
        if (process.env.GITOPS_E2E_SHOW) console.log(`\n----- exit ${run.code}\n${run.stderr.split("\n").filter((l) => l.startsWith("hosting-gitops")).join("\n")}\n${run.summary}`);
        return { run, planReads: countRequests(stats, "GET /v1/plans") };
      }

      before(async () => {
        sim = await startTestSimulator({ shape, provisionMs: 300, transitionMs: 100 });
        const body = (await (await sim.api("GET", "/v1/plans")).json()) as { plans?: any[]; data?: any[] };
        for (const p of body.plans ?? body.data ?? []) MONTHLY.set(p.id, p.price_per_month);
        copy = WorkingCopy.create(`cost-${shape}`, pg.url, PASSPHRASE);
        expectExit(await copy.pulumi(["stack", "init", stack]), 0);
        expectExit(await copy.pulumi(["config", "set", "hosting:baseUrl", sim.url, "--stack", stack]), 0);
        // The example's fleet: web-1 (ewr) and web-2 (fra) on vc2-1c-1gb, db-1 (ewr) on vc2-2c-4gb.
        expectExit(await copy.gitops("apply", stack, KEYS.write), 0);
      });

      after(async () => {
        copy?.dispose();
        await sim?.close();
      });

      it("a plan that changes nothing says the cost does not change, with no rows", async () => {
        const costFile = copy.path("no-change-cost.json");
        const { run, planReads } = await readOnly(() => copy.gitops("plan", stack, KEYS.read, ["--cost-file", costFile]));
        expectExit(run, 0);
        const total = sum(["vc2-1c-1gb", "vc2-1c-1gb", "vc2-2c-4gb"]);
        expect(total).to.equal("30.00");
        expect(run.summary).to.contain(`**The monthly cost does not change**: ${total} a month (3 servers).`);
        expect(costRows(run.summary)).to.deep.equal([]);
        const json: CostJson = JSON.parse(fs.readFileSync(costFile, "utf8"));
        expect(json).to.deep.include({ currency: null, pastTotalMonthlyCost: total, totalMonthlyCost: total, diffTotalMonthlyCost: "0.00", resources: [] });
        // One GET /v1/plans: the program's own getPlan lookup (its client keeps no file cache). The
        // provider and the runner's cost read the catalogue file the apply's provider wrote.
        expect(planReads).to.equal(1);
      });

      describe("a pull request: 3 servers added, db-1 moved to a bigger plan, web-2 deleted", () => {
        let past: string;
        let total: string;
        let rise: string;
        let rows: string[];
        const ALLOW = { HOSTING_GITOPS_ALLOW_REPLACE: "1" };

        before(() => {
          past = sum(["vc2-1c-1gb", "vc2-1c-1gb", "vc2-2c-4gb"]);
          total = sum(["vc2-1c-1gb", "vc2-4c-8gb", "vc2-1c-1gb", "vc2-1c-2gb", "vhf-1c-1gb"]);
          rise = diff(past, total);
          rows = [
            `| \`db-1\` | \`vc2-2c-4gb\` → \`vc2-4c-8gb\` | \`ewr\` | ${month("vc2-2c-4gb")} | ${month("vc2-4c-8gb")} | +${diff(month("vc2-2c-4gb"), month("vc2-4c-8gb"))} |`,
            `| \`web-2\` | \`vc2-1c-1gb\` | \`fra\` | ${month("vc2-1c-1gb")} | – | -${month("vc2-1c-1gb")} |`,
            `| \`web-3\` | \`vc2-1c-1gb\` | \`ewr\` | – | ${month("vc2-1c-1gb")} | +${month("vc2-1c-1gb")} |`,
            `| \`web-4\` | \`vc2-1c-2gb\` | \`lax\` | – | ${month("vc2-1c-2gb")} | +${month("vc2-1c-2gb")} |`,
            `| \`web-5\` | \`vhf-1c-1gb\` | \`fra\` | – | ${month("vhf-1c-1gb")} | +${month("vhf-1c-1gb")} |`,
          ]; // by name, as the table sorts them
          copy.editFleet((f) => {
            f.servers["db-1"].plan = "vc2-4c-8gb";
            delete f.servers["web-2"];
            f.servers["web-3"] = { tags: ["web"] };
            f.servers["web-4"] = { region: "lax", plan: "vc2-1c-2gb", tags: ["web"] };
            f.servers["web-5"] = { region: "fra", plan: "vhf-1c-1gb", tags: ["web"] };
          });
        });

        it("a plan above --max-monthly-increase exits 3 with one line saying by how much; each row and the totals to the cent", async () => {
          expect([past, total, rise]).to.deep.equal(["30.00", "66.00", "36.00"]);
          const { run, planReads } = await readOnly(() => copy.gitops("plan", stack, KEYS.read, ["--max-monthly-increase", "35.50"], ALLOW));
          expectExit(run, 3);
          const line = `hosting-gitops: over budget: the monthly cost rises by ${rise}, 0.50 above the allowed rise of 35.50 (--max-monthly-increase)`;
          expect(run.stderr.split("\n").filter((l) => l.includes("over budget"))).to.deep.equal([line]);
          expect(costRows(run.summary)).to.deep.equal(rows);
          expect(run.summary).to.contain(`**+${rise} a month**: ${past} → ${total} a month (3 → 5 servers).`);
          expect(run.summary).to.contain("**Budget**: over budget: the monthly cost rises by 36.00, 0.50 above the allowed rise of 35.50 (--max-monthly-increase) (exit code 3).");
          expect(planReads).to.equal(1);
        });

        it("a plan below HOSTING_GITOPS_MAX_MONTHLY_INCREASE exits 0; its cost JSON carries the totals and each row", async () => {
          const costFile = copy.path("pr-cost.json");
          const { run } = await readOnly(() => copy.gitops("plan", stack, KEYS.read, ["--cost-file", costFile], { ...ALLOW, HOSTING_GITOPS_MAX_MONTHLY_INCREASE: "40" }));
          expectExit(run, 0);
          expect(run.summary).to.contain("**Budget**: within budget: the monthly cost rises by 36.00; the allowed rise is 40.00 (HOSTING_GITOPS_MAX_MONTHLY_INCREASE).");
          expect(costRows(run.summary)).to.deep.equal(rows);
          const json: CostJson = JSON.parse(fs.readFileSync(costFile, "utf8"));
          expect(json).to.deep.include({ pastTotalMonthlyCost: past, totalMonthlyCost: total, diffTotalMonthlyCost: rise });
          expect(json.budget).to.deep.include({ maxMonthlyIncrease: "40.00", passed: true, overBy: null });
          const byName = Object.fromEntries(json.resources.map((r) => [r.name, [r.action, r.pastMonthlyCost, r.monthlyCost, r.diffMonthlyCost]]));
          expect(byName).to.deep.equal({
            "db-1": ["replace", "20.00", "40.00", "20.00"],
            "web-2": ["delete", "5.00", null, "-5.00"],
            "web-3": ["create", null, "5.00", "5.00"],
            "web-4": ["create", null, "10.00", "10.00"],
            "web-5": ["create", null, "6.00", "6.00"],
          });
        });

        it("hosting-gitops cost prints the same table on stdout, for a user of plain pulumi", async () => {
          const { run } = await readOnly(() => copy.gitops("cost", stack, KEYS.read));
          expectExit(run, 0);
          expect(run.stdout).to.contain(`### hosting-gitops cost: stack \`${stack}\``);
          expect(costRows(run.stdout)).to.deep.equal(rows);
        });
      });
    });
  }
});
