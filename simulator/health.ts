// The health route of the simulated servers: a simulator addition, not part of the API
// (docs/contract.md, "Health route"). `GET /_health/<server id or main IP>` answers for that
// server as a service on it would: 404 when the server does not exist, 503 until it is active,
// then what the rules set through the admin API (`PUT /_sim/health`) say, per server or per OS
// image (a server's own rule wins; no rule is healthy):
//   healthy        200 while active
//   never          503 always
//   after          503 until `afterSeconds` after the server became active (on the
//                  simulator's clock, so POST /_sim/clock moves it), then 200
//   flapping       200 and 503 in turn on each request, starting with 200
// The route needs no key, takes no rate-limit token and is not counted in the stats: a
// Fleet's health checks never touch the API's rate limit.
import { osById, osBySlug } from "./catalogue-data";
import type { ServerRecord } from "./store/types";

export const HEALTH_MODES = ["healthy", "never", "after", "flapping"] as const;
export type HealthMode = (typeof HEALTH_MODES)[number];

export interface HealthRule {
  /** A server id: the rule is that server's. */
  server?: string;
  /** An OS image slug or id: the rule of every server of that image. */
  image?: string | number;
  mode: HealthMode;
  /** For `after`: seconds from active to healthy. */
  afterSeconds?: number;
}

export interface HealthAnswer {
  status: number;
  body: { id?: string; status?: string; healthy: boolean; rule?: HealthMode; reason: string };
}

export class HealthRules {
  private list: HealthRule[] = [];
  /** Requests answered per server, for `flapping`. */
  private readonly asked = new Map<string, number>();

  rules(): HealthRule[] {
    return this.list.map((r) => ({ ...r }));
  }

  /** Replaces the rules; a bad rule throws an Error naming its field, and the old rules stay. */
  set(rules: unknown): void {
    this.list = validateHealthRules(rules);
    this.asked.clear();
  }

  /** What the health route answers for `s` (undefined: no such server) at `now` (the simulator's clock, ms). */
  answer(s: ServerRecord | undefined, now: number): HealthAnswer {
    if (!s || s.gone || s.status === "terminated") return { status: 404, body: { healthy: false, reason: "no such server" } };
    const base = { id: s.id, status: s.status };
    if (s.status !== "active") return { status: 503, body: { ...base, healthy: false, reason: `the server is ${s.status}` } };
    const rule = this.ruleOf(s);
    const mode = rule?.mode ?? "healthy";
    const healthy = this.healthy(s, rule, now);
    return { status: healthy ? 200 : 503, body: { ...base, healthy, rule: mode, reason: healthy ? "healthy" : `rule ${mode}` } };
  }

  private ruleOf(s: ServerRecord): HealthRule | undefined {
    const slug = osById.get(s.os_id)?.slug;
    return this.list.find((r) => r.server === s.id) ?? this.list.find((r) => r.image !== undefined && (r.image === s.os_id || r.image === slug || r.image === String(s.os_id)));
  }

  private healthy(s: ServerRecord, rule: HealthRule | undefined, now: number): boolean {
    switch (rule?.mode ?? "healthy") {
      case "healthy":
        return true;
      case "never":
        return false;
      case "after":
        return s.active_at != null && now >= s.active_at + (rule!.afterSeconds ?? 0) * 1000;
      case "flapping": {
        const n = this.asked.get(s.id) ?? 0;
        this.asked.set(s.id, n + 1);
        return n % 2 === 0;
      }
    }
  }
}

function validateHealthRules(rules: unknown): HealthRule[] {
  if (!Array.isArray(rules)) throw new Error("rules must be a list of {server | image, mode, afterSeconds?}");
  return rules.map((r, i) => {
    const at = `rules[${i}]`;
    if (r === null || typeof r !== "object" || Array.isArray(r)) throw new Error(`${at} must be an object {server | image, mode, afterSeconds?}`);
    const rule = r as Record<string, unknown>;
    for (const k of Object.keys(rule)) if (!["server", "image", "mode", "afterSeconds"].includes(k)) throw new Error(`${at}.${k} is not a field of a rule; allowed: server, image, mode, afterSeconds`);
    if ((rule.server === undefined) === (rule.image === undefined)) throw new Error(`${at} must name exactly one of server (a server id) or image (an OS slug or id)`);
    if (rule.server !== undefined && (typeof rule.server !== "string" || rule.server === "")) throw new Error(`${at}.server must be a server id`);
    if (rule.image !== undefined && !(typeof rule.image === "string" ? osBySlug.has(rule.image) || osById.has(Number(rule.image)) : osById.has(rule.image as number))) {
      throw new Error(`${at}.image must be an OS image slug or id of the catalogue (GET /v1/os), got ${JSON.stringify(rule.image)}`);
    }
    if (!HEALTH_MODES.includes(rule.mode as HealthMode)) throw new Error(`${at}.mode must be one of ${HEALTH_MODES.join(", ")}`);
    if (rule.mode === "after" && (typeof rule.afterSeconds !== "number" || !(rule.afterSeconds >= 0))) throw new Error(`${at}.afterSeconds must be a number of seconds >= 0 for mode after`);
    if (rule.mode !== "after" && rule.afterSeconds !== undefined) throw new Error(`${at}.afterSeconds is for mode after only`);
    return { ...(rule.server !== undefined ? { server: rule.server as string } : { image: rule.image as string | number }), mode: rule.mode as HealthMode, ...(rule.afterSeconds !== undefined ? { afterSeconds: rule.afterSeconds as number } : {}) };
  });
}
