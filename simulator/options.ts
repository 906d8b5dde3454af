// The simulator's options: one object, every field optional, merged once with DEFAULTS
// into a resolved config. Anything that waits takes its timing from here so tests can
// shrink minutes to milliseconds (the style of octokit's retryAfterBaseValue).

import type { ApiShape } from "../protocol/shapes";
import { isLoopbackHost } from "./loopback";
import { checkWebhookHosts } from "./webhook-hosts";

export type Shape = ApiShape;
export type Permission = "read" | "write" | "full";
export type Tier = "default" | "pro" | "enterprise" | "custom";

export interface KeySpec {
  key: string;
  permission: Permission;
  /** @default "default" */
  tier?: Tier;
  /** Requests per minute; only for tier "custom". */
  limit?: number;
  /** Bucket capacity; only for tier "custom". */
  burst?: number;
}

export interface FaultRule {
  /** "POST /v1/servers", "/v1/servers/:id/*" (method optional, `*` wildcards, `:id` one segment). */
  route: string;
  /** Fraction of matching requests answered with one of errorStatuses, without doing the work. */
  errorRate?: number;
  /** @default [500, 502, 503] */
  errorStatuses?: number[];
  /** Fraction whose socket is destroyed before any work or answer. */
  resetRate?: number;
  /** Fraction whose answer is held delayMs after the work is done. */
  delayRate?: number;
  /** @default 35000 (past a 30 s client time-out) */
  delayMs?: number;
  /** Fraction where the work is done, then the socket is destroyed instead of answering. */
  lostAnswerRate?: number;
}

export interface SimulatorOptions {
  /** @default 0 (a free port) */
  port?: number;
  /** @default "127.0.0.1" */
  host?: string;
  /** @default "A" */
  shape?: Shape;
  /** @default [{ key: "sim-full-key", permission: "full", tier: "default" }] */
  keys?: KeySpec[];
  /** Time from create to active (or error). @default 20000 */
  provisionMs?: number;
  /** Time spent in stopping/starting/rebooting/terminated. @default 2000 */
  transitionMs?: number;
  /** Fraction of creates that end in `error`. @default 0 */
  errorRate?: number;
  /** Seed of the generators of ids, IPs and fault draws; random when absent. */
  seed?: number;
  /** JSON file that holds the state across restarts (atomic writes). */
  stateFile?: string;
  /** Multiplies the 1m/5m/30m/2h/12h webhook retry delays. @default 1 */
  webhookRetryScale?: number;
  /** How long a receiver has to answer 200. @default 10000 (the spec's 10 s) */
  webhookTimeoutMs?: number;
  /** Initial fault rules. @default [] */
  faults?: FaultRule[];
  /** One line per request on stdout. @default false */
  log?: boolean;
  /**
   * Required on every /_sim/ request as `Authorization: Bearer <token>` when set. Must be set
   * when `host` is not loopback: the simulator refuses to start otherwise. @default none
   */
  adminToken?: string;
  /**
   * Where webhook deliveries may go besides loopback: host names, IP addresses or networks
   * (CIDR). A registration of any other url is refused (422 on `url`). @default [] (loopback only)
   */
  allowWebhookHosts?: string[];
  /**
   * Server record fields left out of every answer: an API that shows fewer fields than
   * docs/contract.md lists. These three are create fields the spec's record tables do not show;
   * the simulator shows them unless told here. @default []
   */
  hiddenFields?: HiddenField[];
}

/** The record fields `hiddenFields` may name. */
export const HIDEABLE_FIELDS = ["backups", "ddos_protection", "ssh_key_ids"] as const;
export type HiddenField = (typeof HIDEABLE_FIELDS)[number];

export interface ResolvedOptions {
  port: number;
  host: string;
  shape: Shape;
  keys: KeySpec[];
  provisionMs: number;
  transitionMs: number;
  errorRate: number;
  seed: number;
  stateFile: string | undefined;
  webhookRetryScale: number;
  webhookTimeoutMs: number;
  faults: FaultRule[];
  log: boolean;
  adminToken: string | undefined;
  allowWebhookHosts: string[];
  hiddenFields: HiddenField[];
}

export const DEFAULT_KEY: KeySpec = { key: "sim-full-key", permission: "full", tier: "default" };

const DEFAULTS = {
  port: 0,
  host: "127.0.0.1",
  shape: "A" as Shape,
  provisionMs: 20000,
  transitionMs: 2000,
  errorRate: 0,
  webhookRetryScale: 1,
  webhookTimeoutMs: 10000,
  log: false,
};

export function resolveOptions(o: SimulatorOptions = {}): ResolvedOptions {
  const shape = o.shape ?? DEFAULTS.shape;
  if (shape !== "A" && shape !== "B") throw new Error(`shape must be "A" or "B", got ${String(shape)}`);
  return {
    port: o.port ?? DEFAULTS.port,
    host: o.host ?? DEFAULTS.host,
    shape,
    keys: o.keys && o.keys.length > 0 ? o.keys : [DEFAULT_KEY],
    provisionMs: o.provisionMs ?? DEFAULTS.provisionMs,
    transitionMs: o.transitionMs ?? DEFAULTS.transitionMs,
    errorRate: o.errorRate ?? DEFAULTS.errorRate,
    // Without a seed every start differs, as a real service would.
    seed: o.seed ?? Math.floor(Math.random() * 2 ** 31),
    stateFile: o.stateFile,
    webhookRetryScale: o.webhookRetryScale ?? DEFAULTS.webhookRetryScale,
    webhookTimeoutMs: o.webhookTimeoutMs ?? DEFAULTS.webhookTimeoutMs,
    faults: o.faults ?? [],
    log: o.log ?? DEFAULTS.log,
    adminToken: checkAdminToken(o.host ?? DEFAULTS.host, o.adminToken),
    allowWebhookHosts: checkWebhookHosts(o.allowWebhookHosts),
    hiddenFields: checkHiddenFields(o.hiddenFields),
  };
}

function checkHiddenFields(fields: readonly unknown[] | undefined): HiddenField[] {
  for (const f of fields ?? []) {
    if (!(HIDEABLE_FIELDS as readonly unknown[]).includes(f)) throw new Error(`hiddenFields: ${JSON.stringify(f)} cannot be hidden; allowed: ${HIDEABLE_FIELDS.join(", ")}`);
  }
  return [...new Set((fields ?? []) as HiddenField[])];
}

/** Beyond loopback anyone on the network could reset the simulator or add a Full key. */
function checkAdminToken(host: string, token: string | undefined): string | undefined {
  if (token !== undefined && token.length < 16) throw new Error("adminToken must be at least 16 characters");
  if (token === undefined && !isLoopbackHost(host)) {
    throw new Error(`host ${host} is not loopback: the admin API (/_sim/) would be open to the network; give an admin token (--admin-token, at least 16 characters) or listen on 127.0.0.1`);
  }
  return token;
}
