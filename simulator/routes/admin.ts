// The admin API under /_sim/ (docs/contract.md, Admin API): no API key, not rate limited, not
// counted in stats; guarded instead by http/admin-guard.ts (JSON only, own Host, optional
// token). It lets tests and users look behind the API and bend it. One table of routes,
// each a small handler.
import type { Sim } from "../context";
import { validateRules } from "../faults";
import { ApiRefusal, invalid, notFound } from "../http/errors";
import type { Router } from "../http/router";
import type { Reply, Req } from "../http/types";
import type { Permission, Tier } from "../options";
import type { KeyRecord, ServerStatus } from "../store/types";
import { EVENTS } from "./webhooks";
import { ERROR_CODES } from "../../protocol/errors";

const PERMISSIONS: Permission[] = ["read", "write", "full"];
const TIER_NAMES: Tier[] = ["default", "pro", "enterprise", "custom"];
const STATUSES: ServerStatus[] = ["pending", "starting", "active", "stopping", "stopped", "rebooting", "error", "terminated"];
const CONFIG_FIELDS = ["provisionMs", "transitionMs", "errorRate", "webhookRetryScale", "webhookTimeoutMs"] as const;

type Body = Record<string, unknown>;
type AdminHandler = (sim: Sim, req: Req, body: Body) => Reply;
const ok = (body: unknown = { ok: true }): Reply => ({ status: 200, body });

/** [method, path, takes a body, handler] */
const ADMIN_ROUTES: [string, string, boolean, AdminHandler][] = [
  ["POST", "/_sim/reset", true, reset],
  ["GET", "/_sim/keys", false, (sim) => ok({ keys: [...sim.store.keys.values()] })],
  ["POST", "/_sim/keys", true, addKey],
  ["PATCH", "/_sim/keys/:key", true, patchKey],
  ["DELETE", "/_sim/keys/:key", false, revokeKey],
  ["GET", "/_sim/faults", false, (sim) => ok({ rules: sim.faults.rules() })],
  ["PUT", "/_sim/faults", true, setFaults],
  ["GET", "/_sim/config", false, (sim) => ok({ shape: sim.shape, ...sim.config })],
  ["PUT", "/_sim/config", true, setConfig],
  ["GET", "/_sim/stats", false, (sim) => ok(sim.stats.toJSON())],
  ["POST", "/_sim/stats/reset", true, (sim) => (sim.stats.reset(), ok())],
  ["GET", "/_sim/servers", false, (sim) => ok({ servers: sim.store.servers.map((s) => ({ ...s, json: undefined })) })],
  ["DELETE", "/_sim/servers/:id", false, deleteServer],
  ["PATCH", "/_sim/servers/:id", true, forceServer],
  ["GET", "/_sim/webhooks", false, (sim) => ok({ webhooks: [...sim.store.webhooks.values()] })],
  ["GET", "/_sim/deliveries", false, (sim) => ok({ deliveries: sim.store.deliveries })],
  ["POST", "/_sim/events", true, emitEvent],
  ["POST", "/_sim/clock", true, advanceClock],
  ["GET", "/_sim/health", false, (sim) => ok({ rules: sim.health.rules() })],
  ["PUT", "/_sim/health", true, (sim, _req, b) => (badRequest(() => sim.health.set(b.rules)), ok({ rules: sim.health.rules() }))],
];

export function registerAdminRoutes(r: Router, sim: Sim): void {
  for (const [method, path, takesBody, handler] of ADMIN_ROUTES) {
    r.add(method, path, null, takesBody, (req) => handler(sim, req, (req.body ?? {}) as Body));
  }
}

/** Turns a plain Error from a lower layer into a 400 naming what was wrong. */
function badRequest(fn: () => void): void {
  try {
    fn();
  } catch (e) {
    if (e instanceof ApiRefusal) throw e;
    throw new ApiRefusal(400, ERROR_CODES.invalidRequest, (e as Error).message);
  }
}

function reset(sim: Sim, _req: Req, b: Body): Reply {
  sim.machine.stopAll();
  sim.hooks.stopAll();
  sim.store.clearData();
  sim.hooks.restart();
  sim.stats.reset();
  sim.limiter.forget();
  sim.faults.set([]);
  sim.health.set([]);
  sim.clock.offsetMs = 0;
  if (b.keys === true) {
    sim.store.keys.clear();
    for (const k of sim.options.keys) sim.addKey(k);
  }
  sim.changed();
  return ok();
}

function checkKeyFields(b: Body): void {
  if (b.permission !== undefined && !PERMISSIONS.includes(b.permission as Permission)) {
    throw invalid("permission", `permission must be one of ${PERMISSIONS.join(", ")}`);
  }
  if (b.tier !== undefined && !TIER_NAMES.includes(b.tier as Tier)) throw invalid("tier", `tier must be one of ${TIER_NAMES.join(", ")}`);
}

function addKey(sim: Sim, _req: Req, b: Body): Reply {
  if (typeof b.key !== "string" || b.key === "") throw invalid("key", "key must be a non-empty string");
  if (b.permission === undefined) throw invalid("permission", `permission must be one of ${PERMISSIONS.join(", ")}`);
  checkKeyFields(b);
  badRequest(() => sim.addKey({ key: b.key as string, permission: b.permission as Permission, tier: b.tier as Tier | undefined,
    limit: b.limit as number | undefined, burst: b.burst as number | undefined }));
  return { status: 201, body: { key: sim.store.keys.get(b.key) } };
}

function findKey(sim: Sim, req: Req): KeyRecord {
  const k = sim.store.keys.get(req.params.key);
  if (!k) throw notFound(`key ${req.params.key} not found`);
  return k;
}

function patchKey(sim: Sim, req: Req, b: Body): Reply {
  const k = findKey(sim, req);
  checkKeyFields(b);
  badRequest(() => sim.addKey({
    key: k.key,
    permission: (b.permission as Permission | undefined) ?? k.permission,
    tier: (b.tier as Tier | undefined) ?? k.tier,
    limit: (b.limit as number | undefined) ?? k.limit,
    burst: (b.burst as number | undefined) ?? k.burst,
  }));
  return ok({ key: sim.store.keys.get(k.key) });
}

function revokeKey(sim: Sim, req: Req): Reply {
  findKey(sim, req).revoked = true;
  sim.changed();
  return { status: 204 };
}

function setFaults(sim: Sim, _req: Req, b: Body): Reply {
  badRequest(() => sim.faults.set(validateRules(b.rules)));
  return ok({ rules: sim.faults.rules() });
}

function setConfig(sim: Sim, _req: Req, b: Body): Reply {
  for (const f of CONFIG_FIELDS) {
    const v = b[f];
    if (v === undefined) continue;
    if (typeof v !== "number" || v < 0 || (f === "errorRate" && v > 1)) throw invalid(f, `${f} must be a number >= 0${f === "errorRate" ? " and <= 1" : ""}`);
    sim.config[f] = v;
  }
  return ok({ shape: sim.shape, ...sim.config });
}

function deleteServer(sim: Sim, req: Req): Reply {
  const s = sim.store.visibleServer(req.params.id);
  if (!s) throw notFound(`server ${req.params.id} not found`);
  sim.machine.destroy(s, true);
  return { status: 204 };
}

function forceServer(sim: Sim, req: Req, b: Body): Reply {
  const s = sim.store.serverById.get(req.params.id);
  if (!s) throw notFound(`server ${req.params.id} not found`);
  if (b.status !== undefined && !STATUSES.includes(b.status as ServerStatus)) throw invalid("status", `status must be one of ${STATUSES.join(", ")}`);
  for (const f of ["label", "hostname", "main_ip"] as const) {
    if (b[f] === undefined) continue;
    if (typeof b[f] !== "string") throw invalid(f, `${f} must be a string`);
    s[f] = b[f] as string;
  }
  if (b.tags !== undefined) s.tags = b.tags as string[];
  s.json = undefined;
  sim.store.reindex(s);
  if (b.status !== undefined) sim.machine.force(s, b.status as ServerStatus);
  sim.changed();
  return ok({ server: { ...s, json: undefined } });
}

function emitEvent(sim: Sim, _req: Req, b: Body): Reply {
  if (!EVENTS.includes(b.event as string)) throw invalid("event", `event must be one of ${EVENTS.join(", ")}`);
  return ok({ id: sim.hooks.emit(b.event as string, b.data ?? {}) });
}

function advanceClock(sim: Sim, _req: Req, b: Body): Reply {
  const ms = b.advanceMs;
  if (typeof ms !== "number" || ms < 0) throw invalid("advanceMs", "advanceMs must be a number >= 0");
  sim.clock.offsetMs += ms;
  return ok({ now: sim.nowIso(), offsetMs: sim.clock.offsetMs });
}
