// /v1/servers: list, create, get, patch, delete and the four power actions. Create answers
// 202 + `pending` (A) or 201 + `starting` (B) with the v1.8 estimate as
// `estimated_provisioning_seconds`; actions answer 202 with the record in its new status.
import { REGION_IP_PREFIX } from "../catalogue-data";
import type { Sim } from "../context";
import { serverList, singleServer } from "../http/envelope";
import { notFound, ApiRefusal } from "../http/errors";
import type { Router } from "../http/router";
import type { Reply, Req } from "../http/types";
import { listServers } from "../server-list";
import type { Action } from "../status-machine";
import type { ServerRecord } from "../store/types";
import { validateCreate, validatePatch } from "../validate";
import { ERROR_CODES } from "../../protocol/errors";

export function registerServerRoutes(r: Router, sim: Sim): void {
  r.add("GET", "/v1/servers", "read", false, (req) => {
    const page = listServers(sim.store.listed, req.query, req.baseUrl);
    return { status: 200, raw: serverList(page.items, page.total, { next: page.next, prev: page.prev }, sim.recordView) };
  });
  r.add("POST", "/v1/servers", "write", true, (req) => create(sim, req));
  r.add("GET", "/v1/servers/:id", "read", false, (req) => ({ status: 200, raw: singleServer(find(sim, req), sim.recordView) }));
  r.add("PATCH", "/v1/servers/:id", "write", true, (req) => {
    const s = find(sim, req);
    const patch = validatePatch((req.body ?? {}) as Record<string, unknown>);
    if (s.status === "terminated") {
      throw new ApiRefusal(409, ERROR_CODES.invalidState, `cannot update server ${s.id}: its status is terminated`);
    }
    if (patch.label !== undefined) s.label = patch.label;
    if (patch.tags !== undefined) s.tags = patch.tags;
    s.json = undefined;
    sim.store.reindex(s);
    sim.changed();
    return { status: 200, raw: singleServer(s, sim.recordView) };
  });
  r.add("DELETE", "/v1/servers/:id", "write", false, (req) => {
    sim.machine.destroy(find(sim, req));
    return { status: 204 };
  });
  for (const action of ["start", "stop", "reboot", "halt"] as Action[]) {
    r.add("POST", `/v1/servers/:id/${action}`, "write", false, (req) => {
      const s = find(sim, req);
      sim.machine.act(s, action);
      return { status: 202, raw: singleServer(s, sim.recordView) };
    });
  }
}

function find(sim: Sim, req: Req): ServerRecord {
  const s = sim.store.visibleServer(req.params.id);
  if (!s) throw notFound(`server ${req.params.id} not found`);
  return s;
}

function create(sim: Sim, req: Req): Reply {
  const input = validateCreate(req.body as Record<string, unknown>, sim.shape);
  const id = sim.ids.uuid();
  const s: ServerRecord = {
    seq: sim.store.nextSeq++,
    id,
    label: input.label,
    status: sim.shape === "A" ? "pending" : "starting",
    region: input.region,
    plan: input.plan.id,
    os_id: input.os.id,
    main_ip: allocateIp(sim, input.region),
    hostname: input.hostname ?? `srv-${id.slice(0, 8)}`,
    tags: input.tags,
    backups: input.backups,
    ddos_protection: input.ddos_protection,
    ssh_key_ids: input.ssh_key_ids,
    user_data: input.user_data,
    created_at: sim.nowIso(),
    next: null,
    deleted_at: null,
    gone: false,
    created_by_request: req.requestId,
  };
  sim.store.addServer(s);
  sim.hooks.emitServer("server.created", s);
  sim.machine.provision(s);
  sim.changed();
  const estimate = { estimated_provisioning_seconds: sim.config.provisionMs / 1000 };
  return { status: sim.shape === "A" ? 202 : 201, raw: singleServer(s, sim.recordView, estimate) };
}

/** A unique public-looking IPv4 address in the region's block. */
function allocateIp(sim: Sim, region: string): string {
  const prefix = REGION_IP_PREFIX.get(region) ?? "198.51";
  for (;;) {
    const ip = `${prefix}.${sim.ids.int(256)}.${1 + sim.ids.int(254)}`;
    if (!sim.store.usedIps.has(ip)) return ip;
  }
}
