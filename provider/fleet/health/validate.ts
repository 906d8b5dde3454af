// The check of a health check's inputs (types.ts), at `check` time, without the network: every
// bad value is refused naming its path (`healthCheck.port`, `groups[1].healthCheck.url`) and
// what is allowed. A URL follows a webhook's URL rules (provider/webhook/validate.ts): http(s)
// only, and a host a real API's servers could answer on: loopback only while the API is
// loopback too (the simulator). A host made of a placeholder ({mainIp}) is the member's own,
// which the API hands out, so only its syntax is checked.

import type { CheckFailure } from "../../core/check-kinds";
import { containsUnknown } from "../../core/unknown";
import { httpUrlFailures, urlReachFailures } from "../../webhook/validate";
import { HEALTH_DEFAULTS, HEALTH_FIELDS, HEALTH_KINDS, PLACEHOLDERS, type CheckedHealthCheck } from "./types";

type Raw = Record<string, unknown>;

export interface CheckedHealth {
  /** The checked form; undefined when the input was absent, unknown (preview) or refused. */
  check?: CheckedHealthCheck;
  failures: CheckFailure[];
}

/** Why a probe's host must be one the API's servers could have. */
const PROBE = "the check reaches the member where the API's servers are";
/** A stand-in for a placeholder while a template is parsed: valid in a host and a path alike. */
const MARK = "placeholderx0";

/** Checks `raw` (the input at `where`); `apiIsLoopback` as for a webhook's URL. */
export function checkHealthCheck(raw: unknown, where: string, apiIsLoopback: boolean): CheckedHealth {
  if (raw === undefined || raw === null || containsUnknown(raw)) return { failures: [] };
  if (typeof raw !== "object" || Array.isArray(raw)) {
    return { failures: [{ property: where, reason: `${where} must be an object: {kind: http, url, ...} or {kind: tcp, port, ...}` }] };
  }
  const h = raw as Raw;
  const failures: CheckFailure[] = [];
  const fail = (field: string, why: string) => failures.push({ property: `${where}.${field}`, reason: `${where}.${field} ${why}` });
  for (const k of Object.keys(h)) if (!HEALTH_FIELDS.includes(k)) fail(k, `is not a field of a health check; allowed: ${HEALTH_FIELDS.join(", ")}`);
  const kind = h.kind ?? HEALTH_DEFAULTS.kind;
  if (!(HEALTH_KINDS as readonly unknown[]).includes(kind)) fail("kind", `must be one of ${HEALTH_KINDS.join(", ")}, got ${JSON.stringify(h.kind)}`);
  const num = (field: string, dflt: number, min: number, opts: { integer?: boolean; above?: boolean } = {}): number => {
    const v = h[field] ?? dflt;
    const ok = typeof v === "number" && Number.isFinite(v) && (opts.integer ? Number.isInteger(v) : true) && (opts.above ? v > min : v >= min);
    if (!ok) fail(field, `must be ${opts.integer ? "a whole number" : "a number of seconds"} ${opts.above ? "above" : "of at least"} ${min}, got ${JSON.stringify(h[field])}`);
    return v as number;
  };
  const timing = {
    intervalSeconds: num("intervalSeconds", HEALTH_DEFAULTS.intervalSeconds, 0, { above: true }),
    timeoutSeconds: num("timeoutSeconds", HEALTH_DEFAULTS.timeoutSeconds, 0, { above: true }),
    graceSeconds: num("graceSeconds", HEALTH_DEFAULTS.graceSeconds, 0),
    healthyThreshold: num("healthyThreshold", HEALTH_DEFAULTS.healthyThreshold, 1, { integer: true }),
    deadlineSeconds: num("deadlineSeconds", HEALTH_DEFAULTS.deadlineSeconds, 0, { above: true }),
  };
  if (failures.length === 0 && timing.deadlineSeconds <= timing.graceSeconds) {
    fail("deadlineSeconds", `must be above graceSeconds (${timing.graceSeconds}): no try could run before the deadline, got ${timing.deadlineSeconds}`);
  }
  if (kind === "http") {
    for (const k of ["host", "port"]) if (h[k] !== undefined) fail(k, `is for kind tcp; an http check takes url`);
    const codes = h.healthyStatusCodes ?? HEALTH_DEFAULTS.healthyStatusCodes;
    if (!Array.isArray(codes) || codes.length === 0 || codes.some((c) => typeof c !== "number" || !Number.isInteger(c) || c < 100 || c > 599)) {
      fail("healthyStatusCodes", `must be a non-empty list of HTTP status codes from 100 to 599, got ${JSON.stringify(h.healthyStatusCodes)}`);
    }
    if (typeof h.url !== "string" || h.url === "") fail("url", `is required for kind http: an http:// or https:// URL, placeholders ${placeholders()}`);
    else failures.push(...urlFailures(`${where}.url`, h.url, apiIsLoopback));
    if (failures.length > 0) return { failures };
    return { check: { kind: "http", url: h.url as string, healthyStatusCodes: [...new Set(codes as number[])].sort((a, b) => a - b), ...timing }, failures };
  }
  if (kind === "tcp") {
    for (const k of ["url", "healthyStatusCodes"]) if (h[k] !== undefined) fail(k, `is for kind http; a tcp check takes host and port`);
    const port = h.port;
    if (typeof port !== "number" || !Number.isInteger(port) || port < 1 || port > 65535) fail("port", `is required for kind tcp: a whole number from 1 to 65535, got ${JSON.stringify(port)}`);
    const host = h.host ?? HEALTH_DEFAULTS.host;
    if (typeof host !== "string" || host === "") fail("host", `must be a host name or address, placeholders ${placeholders()}`);
    else failures.push(...hostFailures(`${where}.host`, host, apiIsLoopback));
    if (failures.length > 0) return { failures };
    return { check: { kind: "tcp", host: host as string, port: port as number, ...timing }, failures };
  }
  return { failures };
}

function placeholders(): string {
  return PLACEHOLDERS.map((p) => `{${p}}`).join(", ");
}

/** Placeholders the template names that a member does not have. */
function unknownPlaceholders(property: string, template: string): CheckFailure[] {
  const bad = [...template.matchAll(/\{([^{}]*)\}/g)].map((m) => m[1]).filter((p) => !(PLACEHOLDERS as readonly string[]).includes(p));
  return bad.length > 0 ? [{ property, reason: `${property} names ${bad.map((b) => `{${b}}`).join(", ")}; allowed placeholders: ${placeholders()}` }] : [];
}

function withMarks(template: string): string {
  return template.replace(/\{[^{}]*\}/g, MARK);
}

function urlFailures(property: string, url: string, apiIsLoopback: boolean): CheckFailure[] {
  const bad = unknownPlaceholders(property, url);
  if (bad.length > 0) return bad;
  const parsed = withMarks(url);
  const failures = httpUrlFailures(property, parsed, apiIsLoopback, PROBE, (host) => host.includes(MARK));
  // The refusal quotes the URL as written, not its parsed stand-in.
  return failures.map((f) => ({ ...f, reason: f.reason.split(parsed).join(url) }));
}

function hostFailures(property: string, host: string, apiIsLoopback: boolean): CheckFailure[] {
  const bad = unknownPlaceholders(property, host);
  if (bad.length > 0) return bad;
  if (/[/:@?#\s]/.test(host) && !/^[0-9a-f:.[\]]+$/i.test(host)) return [{ property, reason: `${property} "${host}" must be a bare host name or address (no scheme, port or path)` }];
  if (host.includes("{")) return withMarks(host).length > 253 ? [{ property, reason: `${property} is longer than a host name may be` }] : [];
  return urlReachFailures(host, apiIsLoopback, property, PROBE);
}
