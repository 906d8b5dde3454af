// Fault injection per route pattern (docs/contract.md, Admin API, faults). A rule's route
// is "[METHOD ]/path" where `*` matches anything and `:name` one segment. Draws come from
// a seeded generator so a seeded run injects the same faults.
import type { FaultRule } from "./options";
import type { Rng } from "./random";

export interface FaultPlan {
  error?: number;
  reset?: boolean;
  delayMs?: number;
  lostAnswer?: boolean;
}

interface Compiled {
  rule: FaultRule;
  method: string | null;
  re: RegExp;
}

const RATE_FIELDS = ["errorRate", "resetRate", "delayRate", "lostAnswerRate"] as const;

export function validateRules(rules: unknown): FaultRule[] {
  if (!Array.isArray(rules)) throw new Error("rules must be an array");
  return rules.map((r, i) => {
    if (!r || typeof r !== "object" || typeof (r as FaultRule).route !== "string") {
      throw new Error(`rules[${i}].route must be a string`);
    }
    const rule = r as FaultRule;
    for (const f of RATE_FIELDS) {
      const v = rule[f];
      if (v !== undefined && !(typeof v === "number" && v >= 0 && v <= 1)) throw new Error(`rules[${i}].${f} must be 0..1`);
    }
    if (rule.errorStatuses !== undefined && (!Array.isArray(rule.errorStatuses) || rule.errorStatuses.some((s) => ![500, 502, 503].includes(s)))) {
      throw new Error(`rules[${i}].errorStatuses must hold 500, 502 or 503`);
    }
    return rule;
  });
}

function compile(rule: FaultRule): Compiled {
  const m = /^([A-Z]+)\s+(.*)$/.exec(rule.route.trim());
  const method = m ? m[1] : null;
  const path = m ? m[2] : rule.route.trim();
  const re = new RegExp("^" + path.split("/").map((seg) =>
    seg.startsWith(":") ? "[^/]+" : seg.split("*").map((p) => p.replace(/[.+?^${}()|[\]\\]/g, "\\$&")).join(".*"),
  ).join("/") + "$");
  return { rule, method, re };
}

export class Faults {
  private compiled: Compiled[] = [];

  constructor(private readonly rng: Rng, rules: FaultRule[] = []) {
    this.set(rules);
  }

  set(rules: FaultRule[]): void {
    this.compiled = rules.map(compile);
  }

  rules(): FaultRule[] {
    return this.compiled.map((c) => c.rule);
  }

  /** What to do to this request; the first matching rule decides. */
  plan(method: string, path: string): FaultPlan {
    const c = this.compiled.find((x) => (x.method === null || x.method === method) && x.re.test(path));
    if (!c) return {};
    const r = c.rule;
    const hit = (rate: number | undefined): boolean => rate !== undefined && rate > 0 && this.rng.next() < rate;
    if (hit(r.errorRate)) {
      const statuses = r.errorStatuses && r.errorStatuses.length > 0 ? r.errorStatuses : [500, 502, 503];
      return { error: statuses[this.rng.int(statuses.length)] };
    }
    if (hit(r.resetRate)) return { reset: true };
    const plan: FaultPlan = {};
    if (hit(r.delayRate)) plan.delayMs = r.delayMs ?? 35000;
    if (hit(r.lostAnswerRate)) plan.lostAnswer = true;
    return plan;
  }
}
