// The cost of a plan without the CLI: money arithmetic, the hours-per-month convention against
// the simulator's catalogue, engine events to resource steps, rows and totals, the budget gate,
// the Markdown section and the JSON. The runner with the real CLI: test/e2e/gitops-cost.test.ts.
import { expect } from "chai";
import * as fs from "fs";
import * as os from "os";
import * as path from "path";
import type { EngineEvent } from "@pulumi/pulumi/automation";
import { PLANS } from "../../../simulator/catalogue-data";
import type { Plan } from "../../../provider/api/wire/types";
import { parseArgs } from "../../../provider/gitops/args";
import { UNKNOWN } from "../../../provider/gitops/changes";
import { EXIT, resolveOptions } from "../../../provider/gitops/options";
import { planExitCode } from "../../../provider/gitops/result";
import { readReviewedPlan, writeReviewedPlan } from "../../../provider/gitops/reviewed-plan";
import { costReport } from "../../../provider/gitops/pricing/cost-report";
import { budgetGate } from "../../../provider/gitops/pricing/gate";
import { formatAmount, formatChange, parseAmount } from "../../../provider/gitops/pricing/money";
import { HOURS_PER_MONTH, monthlyPrice, priceList } from "../../../provider/gitops/pricing/price";
import { StepCollector, type ResourceStep } from "../../../provider/gitops/pricing/resource-steps";

const DYNAMIC = "pulumi-nodejs:dynamic/hosting:Server";
const PLUGIN = "hosting:index:Server";
const urn = (name: string, type = DYNAMIC) => `urn:pulumi:prod::fleet::${type}::${name}`;

/** The catalogue the simulator serves, as the client reads it. */
const CATALOGUE: Plan[] = PLANS.map((p) => ({
  id: p.id, type: p.type, vcpus: p.vcpus, ramGb: p.ram_mb / 1024, diskGb: p.disk_gb, bandwidthTb: p.bandwidth_tb,
  pricePerMonth: p.price_per_month, pricePerHour: p.price_per_hour, regions: p.regions,
}));
const PRICES = priceList(CATALOGUE);
const monthOf = (id: string) => PLANS.find((p) => p.id === id)!.price_per_month;

type Props = Record<string, unknown>;
function event(op: string, name: string, old?: { inputs: Props; outputs: Props }, news?: Props, type = DYNAMIC): EngineEvent {
  const state = (s: { inputs: Props; outputs: Props }) => ({ type, urn: urn(name, type), id: "srv-1", ...s }) as any;
  return {
    sequence: 1,
    timestamp: 0,
    resourcePreEvent: { metadata: { op: op as any, urn: urn(name, type), type, provider: "", old: old && state(old), new: news && state({ inputs: news, outputs: {} }) } },
  } as EngineEvent;
}

/** A server as the state holds it: inputs, and outputs with what the API reported. */
const live = (plan: string, region: string, extra: Props = {}) => ({
  inputs: { plan, region, label: "x", __provider: "exports.handler = ..." },
  outputs: { plan, region, label: "x", mainIp: "10.0.0.1", ...extra },
});
const declared = (plan: string, region: string, extra: Props = {}): Props => ({ plan, region, label: "x", __provider: "exports.handler = ...", ...extra });

function collect(events: EngineEvent[]): ResourceStep[] {
  const c = new StepCollector();
  events.forEach(c.onEvent);
  return c.steps();
}

/** A pull request: 3 servers added, 1 moved to a bigger plan, 1 deleted, 2 unchanged (one of them relabelled). */
const PR_EVENTS = [
  event("refresh", "web-1", live("vc2-1c-1gb", "ewr"), declared("vc2-1c-1gb", "ewr")),
  event("same", "web-1", live("vc2-1c-1gb", "ewr"), declared("vc2-1c-1gb", "ewr")),
  event("update", "web-2", live("vc2-1c-1gb", "fra"), declared("vc2-1c-1gb", "fra", { label: "web-2b" })),
  event("create-replacement", "db-1", live("vc2-2c-4gb", "ewr"), declared("vc2-4c-8gb", "ewr")),
  event("replace", "db-1", live("vc2-2c-4gb", "ewr"), declared("vc2-4c-8gb", "ewr")),
  event("delete-replaced", "db-1", live("vc2-2c-4gb", "ewr"), undefined),
  event("create", "web-3", undefined, declared("vc2-1c-1gb", "ewr")),
  event("create", "web-4", undefined, declared("vc2-1c-2gb", "lax")),
  event("create", "api-1", undefined, declared("vhf-2c-4gb", "fra"), PLUGIN),
  event("delete", "old-1", live("vc2-1c-2gb", "sgp"), undefined),
  event("same", "events", { inputs: { url: "https://x" }, outputs: { url: "https://x" } }, { url: "https://x" }, "pulumi-nodejs:dynamic/hosting:Webhook"),
  event("same", "stack", undefined, {}, "pulumi:pulumi:Stack"),
];

describe("the cost of a plan", () => {
  describe("money", () => {
    it("reads the API's decimal strings exactly and shows them to the cent", () => {
      expect(parseAmount("5.00")).to.equal(5_000_000);
      expect(parseAmount("0.0070")).to.equal(7_000);
      expect(parseAmount("12")).to.equal(12_000_000);
      expect(parseAmount("-1.5")).to.equal(-1_500_000);
      for (const bad of ["", "abc", "1,5", "1e3", undefined, 5]) expect(parseAmount(bad), String(bad)).to.equal(undefined);
      // Ten thousand hourly prices of 0.0070 sum to 70.00 exactly, where floats would not.
      expect(formatAmount(Array.from({ length: 10_000 }, () => parseAmount("0.0070")!).reduce((a, b) => a + b, 0))).to.equal("70.00");
      expect(formatAmount(5_005_000)).to.equal("5.01");
      expect(formatAmount(-15_000_000)).to.equal("-15.00");
      expect([formatChange(5_000_000), formatChange(-5_000_000), formatChange(0)]).to.deep.equal(["+5.00", "-5.00", "0.00"]);
    });
  });

  describe("the hours-per-month convention", () => {
    it(`makes every plan of the simulator's catalogue cost its price_per_month to the cent (${HOURS_PER_MONTH} hours, capped)`, () => {
      expect(HOURS_PER_MONTH).to.equal(730);
      for (const p of PLANS) {
        const price = monthlyPrice(PRICES, p.id);
        expect(price.source, p.id).to.equal("catalogue");
        expect(formatAmount(price.monthly!), p.id).to.equal(p.price_per_month);
        // The hours alone would not: 730 x the hourly price is above the monthly price for every plan.
        expect(parseAmount(p.price_per_hour)! * HOURS_PER_MONTH, p.id).to.be.above(parseAmount(p.price_per_month)!);
      }
    });

    it("prices a plan the catalogue does not list by the server's pricePerHour, and otherwise says unknown", () => {
      expect(monthlyPrice(PRICES, "vc9-custom", "0.0100")).to.deep.equal({ monthly: 7_300_000, source: "pricePerHour" });
      expect(monthlyPrice(PRICES, "vc9-custom", "")).to.deep.equal({ source: "unknown" });
      expect(monthlyPrice(PRICES, undefined)).to.deep.equal({ source: "unknown" });
      // The catalogue wins over a server's own hourly price.
      expect(monthlyPrice(PRICES, "vc2-1c-1gb", "0.0100").monthly).to.equal(5_000_000);
    });
  });

  describe("resource steps from engine events", () => {
    it("keeps one step per resource: a replace's old and new states, no stack, no refresh", () => {
      const steps = collect(PR_EVENTS);
      expect(steps.map((s) => `${s.op} ${s.name}`)).to.deep.equal([
        "same web-1", "update web-2", "replace db-1", "create web-3", "create web-4", "create api-1", "delete old-1", "same events",
      ]);
      const db = steps.find((s) => s.name === "db-1")!;
      expect(db.old?.outputs.plan).to.equal("vc2-2c-4gb");
      expect(db.new?.inputs.plan).to.equal("vc2-4c-8gb");
      expect(steps.find((s) => s.name === "web-3")!.old).to.equal(undefined);
      expect(steps.find((s) => s.name === "old-1")!.new).to.equal(undefined);
    });
  });

  describe("rows and totals", () => {
    it("a pull request of adds, a plan change, a delete and a relabel: each row and the totals to the cent, from the catalogue's prices", () => {
      const { estimate, markdown, json } = costReport(collect(PR_EVENTS), PRICES, undefined);
      const past = ["vc2-1c-1gb", "vc2-1c-1gb", "vc2-2c-4gb", "vc2-1c-2gb"].map(monthOf); // 5 + 5 + 20 + 10
      const after = ["vc2-1c-1gb", "vc2-1c-1gb", "vc2-4c-8gb", "vc2-1c-1gb", "vc2-1c-2gb", "vhf-2c-4gb"].map(monthOf); // 5 + 5 + 40 + 5 + 10 + 24
      const sum = (xs: string[]) => formatAmount(xs.reduce((a, x) => a + parseAmount(x)!, 0));
      expect([sum(past), sum(after)]).to.deep.equal(["40.00", "89.00"]);
      expect(json).to.deep.include({ currency: null, hoursPerMonth: 730, pastTotalMonthlyCost: "40.00", totalMonthlyCost: "89.00", diffTotalMonthlyCost: "49.00", budget: null });
      expect(json.servers).to.deep.equal({ past: 4, total: 6 });
      expect(json.unknownPrices).to.deep.equal({ past: 0, total: 0, diff: 0 });
      // The relabel changes no cost, so it is no row; the Webhook holds no server.
      // By name: the engine's events come in no fixed order.
      expect(json.resources.map((r) => [r.name, r.action, r.pastPlan, r.plan, r.pastMonthlyCost, r.monthlyCost, r.diffMonthlyCost])).to.deep.equal([
        ["api-1", "create", null, "vhf-2c-4gb", null, "24.00", "24.00"],
        ["db-1", "replace", "vc2-2c-4gb", "vc2-4c-8gb", "20.00", "40.00", "20.00"],
        ["old-1", "delete", "vc2-1c-2gb", null, "10.00", null, "-10.00"],
        ["web-3", "create", null, "vc2-1c-1gb", null, "5.00", "5.00"],
        ["web-4", "create", null, "vc2-1c-2gb", null, "10.00", "10.00"],
      ]);
      expect(json.resources[0]).to.include({ resourceType: PLUGIN, region: "fra", priceSource: "catalogue" });
      expect(estimate.rows).to.have.length(5);
      expect(markdown).to.contain("**+49.00 a month**: 40.00 → 89.00 a month (4 → 6 servers).");
      expect(markdown).to.contain(
        [
          "| server | plan | region | before | after | change |",
          "|---|---|---|---|---|---|",
          "| `api-1` | `vhf-2c-4gb` | `fra` | – | 24.00 | +24.00 |",
          "| `db-1` | `vc2-2c-4gb` → `vc2-4c-8gb` | `ewr` | 20.00 | 40.00 | +20.00 |",
          "| `old-1` | `vc2-1c-2gb` | `sgp` | 10.00 | – | -10.00 |",
          "| `web-3` | `vc2-1c-1gb` | `ewr` | – | 5.00 | +5.00 |",
          "| `web-4` | `vc2-1c-2gb` | `lax` | – | 10.00 | +10.00 |",
        ].join("\n"),
      );
      expect(markdown).to.contain("a month is 730 hours");
      expect(markdown).to.contain("The API gives no currency");
    });

    it("the plan file carries the same JSON under `cost`, and apply still reads the file", () => {
      const { json } = costReport(collect(PR_EVENTS), PRICES, undefined);
      const dir = fs.mkdtempSync(path.join(os.tmpdir(), "cost-plan-file-"));
      try {
        const file = path.join(dir, "plan.json");
        writeReviewedPlan(file, "prod", [], undefined, json);
        expect(readReviewedPlan(file, "prod").cost).to.deep.equal(json);
      } finally {
        fs.rmSync(dir, { recursive: true, force: true });
      }
    });

    it("a plan that changes no cost says so, with no rows", () => {
      const { markdown, json } = costReport(collect([PR_EVENTS[1], PR_EVENTS[2]]), PRICES, undefined);
      expect(markdown).to.contain("**The monthly cost does not change**: 10.00 a month (2 servers).");
      expect(markdown).to.not.contain("| server |");
      expect(json).to.deep.include({ pastTotalMonthlyCost: "10.00", totalMonthlyCost: "10.00", diffTotalMonthlyCost: "0.00", resources: [] });
    });

    it("lists a server of unknown price as unknown and never counts it as 0; an hourly price prices a plan the catalogue lacks", () => {
      const steps = collect([
        // Not in the catalogue, but the API reported its hourly price (shape B): 0.0200 x 730 = 14.60.
        event("delete", "legacy-1", live("vx1-legacy", "ewr", { pricePerHour: "0.0200" }), undefined),
        // Not in the catalogue and no hourly price: unknown.
        event("create", "odd-1", undefined, declared("vx9-new", "ewr")),
        // A plan known only after apply: unknown.
        event("create", "later-1", undefined, declared(UNKNOWN, "ewr")),
        // Unchanged and unknown: the totals leave it out and say so; the difference does not need it.
        event("same", "keep-1", live("vx1-legacy", "ewr"), declared("vx1-legacy", "ewr")),
        event("create", "web-9", undefined, declared("vc2-1c-1gb", "ewr")),
      ]);
      const { json, markdown } = costReport(steps, PRICES, undefined);
      expect(json).to.deep.include({ pastTotalMonthlyCost: null, totalMonthlyCost: null, diffTotalMonthlyCost: null });
      expect(json.unknownPrices).to.deep.equal({ past: 1, total: 3, diff: 2 });
      expect(json.resources.map((r) => [r.name, r.pastMonthlyCost, r.monthlyCost, r.diffMonthlyCost, r.pastPriceSource, r.priceSource])).to.deep.equal([
        ["later-1", null, null, null, null, "unknown"],
        ["legacy-1", "14.60", null, "-14.60", "pricePerHour", null],
        ["odd-1", null, null, null, null, "unknown"],
        ["web-9", null, "5.00", "5.00", null, "catalogue"],
      ]);
      expect(markdown).to.contain("**-9.60 a month + 2 servers of unknown price**: 14.60 + 1 server of unknown price → 5.00 + 3 servers of unknown price a month (2 → 4 servers).");
      expect(markdown).to.contain("| `odd-1` | `vx9-new` | `ewr` | – | unknown | unknown |");
      expect(markdown).to.contain("| `later-1` | (unknown) | `ewr` | – | unknown | unknown |");
    });

    it("prices a Fleet's members: recorded members and leftovers before, declared memberSpecs after, one row per member that changes cost", () => {
      const FLEET = "hosting:index:Fleet";
      const member = (plan: string, region: string) => ({ id: `id-${plan}-${region}`, label: "x", plan, region, os: "ubuntu-24.04", status: "active" });
      const spec = (plan: string, region: string) => ({ plan, region, os: "ubuntu-24.04", label: "x" });
      const old = {
        inputs: { groups: [] },
        outputs: {
          members: { "web-ewr-1": member("vc2-1c-1gb", "ewr"), "web-ewr-2": member("vc2-1c-1gb", "ewr"), "db-ewr-1": member("vc2-2c-4gb", "ewr") },
          leftovers: { "id-left": member("vc2-1c-1gb", "ewr") },
        },
      };
      // web-ewr-2 goes (count down), db-ewr-1 moves to a bigger plan, web-fra-1 is new; the leftover is deleted.
      const news = { groups: [], memberSpecs: { "web-ewr-1": spec("vc2-1c-1gb", "ewr"), "db-ewr-1": spec("vc2-4c-8gb", "ewr"), "web-fra-1": spec("vc2-1c-1gb", "fra") } };
      const { json } = costReport(collect([event("update", "fleet", old, news, FLEET)]), PRICES, undefined);
      expect([monthOf("vc2-1c-1gb"), monthOf("vc2-2c-4gb"), monthOf("vc2-4c-8gb")]).to.deep.equal(["5.00", "20.00", "40.00"]);
      // Before: 3 × 5.00 + 20.00; after: 2 × 5.00 + 40.00.
      expect(json).to.deep.include({ pastTotalMonthlyCost: "35.00", totalMonthlyCost: "50.00", diffTotalMonthlyCost: "15.00" });
      expect(json.resources.map((r) => [r.name, r.pastMonthlyCost, r.monthlyCost])).to.deep.equal([
        ["fleet/db-ewr-1", "20.00", "40.00"],
        ["fleet/leftover id-left", "5.00", null],
        ["fleet/web-ewr-2", "5.00", null],
        ["fleet/web-fra-1", null, "5.00"],
      ]);
    });

    it("counts a Fleet whose members are unknown at preview as one server of unknown price, never 0", () => {
      const steps = collect([event("create", "fleet", undefined, { groups: UNKNOWN, memberSpecs: UNKNOWN }, "pulumi-nodejs:dynamic/hosting:Fleet")]);
      const { json } = costReport(steps, PRICES, undefined);
      expect(json.resources.map((r) => [r.name, r.priceSource])).to.deep.equal([["fleet", "unknown"]]);
      expect(json.diffTotalMonthlyCost).to.equal(null);
    });

    it("keeps a server's hourly price only for the plan it was quoted for", () => {
      const steps = collect([event("replace", "legacy-2", live("vx1-legacy", "ewr", { pricePerHour: "0.0200" }), declared("vx2-legacy", "ewr"))]);
      const row = costReport(steps, PRICES, undefined).json.resources[0];
      expect(row).to.include({ pastMonthlyCost: "14.60", monthlyCost: null, priceSource: "unknown", diffMonthlyCost: null });
    });
  });

  describe("the budget gate", () => {
    const diff = (known: string, unknown = 0) => ({ known: parseAmount(known)!, unknown });
    const limit = { amount: parseAmount("40")!, source: "--max-monthly-increase" };

    it("fails a rise above the limit, saying by how much; a rise at or below it and a fall pass", () => {
      expect(budgetGate(diff("49.00"), limit)).to.deep.include({
        passed: false,
        over: 9_000_000,
        message: "over budget: the monthly cost rises by 49.00, 9.00 above the allowed rise of 40.00 (--max-monthly-increase)",
      });
      expect(budgetGate(diff("40.00"), limit)).to.deep.include({ passed: true, message: "within budget: the monthly cost rises by 40.00; the allowed rise is 40.00 (--max-monthly-increase)" });
      expect(budgetGate(diff("-5.00"), limit)?.message).to.equal("within budget: the monthly cost falls by 5.00; the allowed rise is 40.00 (--max-monthly-increase)");
      expect(budgetGate(diff("49.00"), undefined)).to.equal(undefined);
    });

    it("fails a rise that depends on an unknown price: it cannot be shown to be within the limit", () => {
      expect(budgetGate(diff("5.00", 1), limit)).to.deep.include({
        passed: false,
        message: "budget not checked: the monthly cost rises by 5.00 (and 1 server of unknown price); the allowed rise of 40.00 (--max-monthly-increase) needs every price known",
      });
    });

    it("shows the verdict in the Markdown with exit code 3, and in the JSON", () => {
      const over = costReport(collect(PR_EVENTS), PRICES, limit);
      expect(EXIT.overBudget).to.equal(3);
      expect(over.overBudget).to.equal(true);
      expect(over.markdown).to.contain("**Budget**: over budget: the monthly cost rises by 49.00, 9.00 above the allowed rise of 40.00 (--max-monthly-increase) (exit code 3).");
      expect(over.json.budget).to.deep.include({ maxMonthlyIncrease: "40.00", passed: false, overBy: "9.00" });
      const within = costReport(collect(PR_EVENTS), PRICES, { amount: parseAmount("50")!, source: "HOSTING_GITOPS_MAX_MONTHLY_INCREASE" });
      expect(within.overBudget).to.equal(false);
      expect(within.markdown).to.contain("**Budget**: within budget: the monthly cost rises by 49.00; the allowed rise is 50.00 (HOSTING_GITOPS_MAX_MONTHLY_INCREASE).");
    });

    it("exits 3 over budget, also when the plan is flagged for a replace (2), which it wins over", () => {
      expect([planExitCode(false, false), planExitCode(true, false), planExitCode(false, true), planExitCode(true, true)]).to.deep.equal([0, 2, 3, 3]);
    });

    it("takes the limit from --max-monthly-increase, else from HOSTING_GITOPS_MAX_MONTHLY_INCREASE, and names a bad one", () => {
      const { verb, options } = parseArgs(["cost", "--stack", "p", "--max-monthly-increase", "12.50", "--cost-file=c.json"]);
      expect(verb).to.equal("cost");
      expect(options).to.deep.equal({ stack: "p", maxMonthlyIncrease: "12.50", costFile: "c.json" });
      expect(resolveOptions({ ...options, env: { HOSTING_GITOPS_MAX_MONTHLY_INCREASE: "99" } }).budget).to.deep.equal({ amount: 12_500_000, source: "--max-monthly-increase" });
      expect(resolveOptions({ stack: "p", env: { HOSTING_GITOPS_MAX_MONTHLY_INCREASE: "99" } }).budget).to.deep.equal({ amount: 99_000_000, source: "HOSTING_GITOPS_MAX_MONTHLY_INCREASE" });
      expect(resolveOptions({ stack: "p", env: {} }).budget).to.equal(undefined);
      expect(() => resolveOptions({ stack: "p", env: { HOSTING_GITOPS_MAX_MONTHLY_INCREASE: "ten" } })).to.throw(/HOSTING_GITOPS_MAX_MONTHLY_INCREASE is 'ten': give the largest allowed rise/);
      expect(() => resolveOptions({ stack: "p", maxMonthlyIncrease: "-1", env: {} })).to.throw(/--max-monthly-increase is '-1'/);
    });
  });
});
