// The admin API under /_sim/ (docs/contract.md, Admin API): no auth, not rate limited, not
// counted in stats. It lets tests and users look behind the API and bend it.
import type { Sim } from "../context";
import { validateRules } from "../faults";
import { ApiRefusal, invalid, notFound } from "../http/errors";
import type { Router } from "../http/router";
import type { Permission, Tier } from "../options";
import type { ServerStatus } from "../store/types";
import { EVENTS } from "./webhooks";
import { ERROR_CODES } from "../../protocol/errors";

const PERMISSIONS: Permission[] = ["read", "write", "full"];
const TIER_NAMES: Tier[] = ["default", "pro", "enterprise", "custom"];
const STATUSES: ServerStatus[] = ["pending", "starting", "active", "stopping", "stopped", "rebooting", "error", "terminated"];

type Body = Record<string, unknown>;
const ok = (body: unknown = { ok: true }) => ({ status: 200, body });

function badRequest(fn: () => void): void {
  try {
    fn();
  } catch (e) {
    if (e instanceof ApiRefusal) throw e;
    throw new ApiRefusal(400, ERROR_CODES.invalidRequest, (e as Error).message);
  }
}

export function registerAdminRoutes(r: Router, sim: Sim): void {
  r.add("POST", "/_sim/reset", null, true, (req) => {
    const b = (req.body ?? {}) as Body;
    sim.machine.stopAll();
    sim.hooks.stopAll();
    sim.store.clearData();
    sim.hooks.restart();
    sim.stats.reset();
    sim.limiter.forget();
    sim.faults.set([]);
    sim.clock.offsetMs = 0;
    if (b.keys === true) {
      sim.store.keys.clear();
      for (const k of sim.options.keys) sim.addKey(k);
    }
    sim.changed();
    return ok();
  });

  r.add("GET", "/_sim/keys", null, false, () => ok({ keys: [...sim.store.keys.values()] }));
  r.add("POST", "/_sim/keys", null, true, (req) => {
    const b = (req.body ?? {}) as Body;
    if (typeof b.key !== "string" || b.key === "") throw invalid("key", "key must be a non-empty string");
    if (!PERMISSIONS.includes(b.permission as Permission)) throw invalid("permission", `permission must be one of ${PERMISSIONS.join(", ")}`);
    if (b.tier !== undefined && !TIER_NAMES.includes(b.tier as Tier)) throw invalid("tier", `tier must be one of ${TIER_NAMES.join(", ")}`);
    badRequest(() => sim.addKey({ key: b.key as string, permission: b.permission as Permission, tier: b.tier as Tier | undefined,
      limit: b.limit as number | undefined, burst: b.burst as number | undefined }));
    return { status: 201, body: { key: sim.store.keys.get(b.key) } };
  });
  r.add("PATCH", "/_sim/keys/:key", null, true, (req) => {
    const k = sim.store.keys.get(req.params.key);
    if (!k) throw notFound(`key ${req.params.key} not found`);
    const b = (req.body ?? {}) as Body;
    if (b.permission !== undefined && !PERMISSIONS.includes(b.permission as Permission)) throw invalid("permission", "unknown permission");
    if (b.tier !== undefined && !TIER_NAMES.includes(b.tier as Tier)) throw invalid("tier", "unknown tier");
    badRequest(() => sim.addKey({
      key: k.key,
      permission: (b.permission as Permission | undefined) ?? k.permission,
      tier: (b.tier as Tier | undefined) ?? k.tier,
      limit: (b.limit as number | undefined) ?? k.limit,
      burst: (b.burst as number | undefined) ?? k.burst,
    }));
    return ok({ key: sim.store.keys.get(k.key) });
  });
  r.add("DELETE", "/_sim/keys/:key", null, false, (req) => {
    const k = sim.store.keys.get(req.params.key);
    if (!k) throw notFound(`key ${req.params.key} not found`);
    k.revoked = true;
    sim.changed();
    return { status: 204 };
  });

  r.add("GET", "/_sim/faults", null, false, () => ok({ rules: sim.faults.rules() }));
  r.add("PUT", "/_sim/faults", null, true, (req) => {
    badRequest(() => sim.faults.set(validateRules(((req.body ?? {}) as Body).rules)));
    return ok({ rules: sim.faults.rules() });
  });

  r.add("GET", "/_sim/config", null, false, () => ok({ shape: sim.shape, ...sim.config }));
  r.add("PUT", "/_sim/config", null, true, (req) => {
    const b = (req.body ?? {}) as Body;
    for (const f of ["provisionMs", "transitionMs", "errorRate", "webhookRetryScale", "webhookTimeoutMs"] as const) {
      const v = b[f];
      if (v === undefined) continue;
      if (typeof v !== "number" || v < 0 || (f === "errorRate" && v > 1)) throw invalid(f, `${f} must be a number >= 0${f === "errorRate" ? " and <= 1" : ""}`);
      sim.config[f] = v;
    }
    return ok({ shape: sim.shape, ...sim.config });
  });

  r.add("GET", "/_sim/stats", null, false, () => ok(sim.stats.toJSON()));
  r.add("POST", "/_sim/stats/reset", null, true, () => {
    sim.stats.reset();
    return ok();
  });

  r.add("GET", "/_sim/servers", null, false, () => ok({
    servers: sim.store.servers.map((s) => ({ ...s, json: undefined })),
  }));
  r.add("DELETE", "/_sim/servers/:id", null, false, (req) => {
    const s = sim.store.visibleServer(req.params.id);
    if (!s) throw notFound(`server ${req.params.id} not found`);
    sim.machine.destroy(s, true);
    return { status: 204 };
  });
  r.add("PATCH", "/_sim/servers/:id", null, true, (req) => {
    const s = sim.store.serverById.get(req.params.id);
    if (!s) throw notFound(`server ${req.params.id} not found`);
    const b = (req.body ?? {}) as Body;
    if (b.status !== undefined && !STATUSES.includes(b.status as ServerStatus)) throw invalid("status", `status must be one of ${STATUSES.join(", ")}`);
    for (const f of ["label", "hostname", "main_ip"] as const) {
      if (b[f] !== undefined) {
        if (typeof b[f] !== "string") throw invalid(f, `${f} must be a string`);
        s[f] = b[f] as string;
      }
    }
    if (b.tags !== undefined) s.tags = b.tags as string[];
    s.json = undefined;
    if (b.status !== undefined) sim.machine.force(s, b.status as ServerStatus);
    sim.changed();
    return ok({ server: { ...s, json: undefined } });
  });

  r.add("GET", "/_sim/webhooks", null, false, () => ok({ webhooks: [...sim.store.webhooks.values()] }));
  r.add("GET", "/_sim/deliveries", null, false, () => ok({ deliveries: sim.store.deliveries }));
  r.add("POST", "/_sim/events", null, true, (req) => {
    const b = (req.body ?? {}) as Body;
    if (!EVENTS.includes(b.event as string)) throw invalid("event", `event must be one of ${EVENTS.join(", ")}`);
    return ok({ id: sim.hooks.emit(b.event as string, b.data ?? {}) });
  });
  r.add("POST", "/_sim/clock", null, true, (req) => {
    const ms = ((req.body ?? {}) as Body).advanceMs;
    if (typeof ms !== "number" || ms < 0) throw invalid("advanceMs", "advanceMs must be a number >= 0");
    sim.clock.offsetMs += ms;
    return ok({ now: sim.nowIso(), offsetMs: sim.clock.offsetMs });
  });
}
