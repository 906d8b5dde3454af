// The health check of a Fleet's members: the public arguments (also the plugin schema's), the
// checked form `check` keeps, and the one defaults object. A member counts as serving only once
// its check passes; the roll (rollout.ts) waits for that before an old server goes.

import type * as pulumi from "@pulumi/pulumi";
import type { Integer } from "../../api/wire/types";

/** How a health check tries a member. */
export type HealthCheckKind =
  /** An HTTP(S) GET of `url`; a pass is a status code of `healthyStatusCodes`. */
  | "http"
  /** A TCP connect to `host`:`port`; a pass is an accepted connection. */
  | "tcp";

/** How a member is judged healthy: an HTTP(S) GET or a TCP connect, tried until it passes or its deadline. */
export interface FleetHealthCheck {
  /** "http" (a GET of `url`) or "tcp" (a connect to `host`:`port`). @default "http" */
  kind?: pulumi.Input<HealthCheckKind>;
  /**
   * The URL an http check GETs: http:// or https://, with "{mainIp}", "{id}", "{label}", "{key}"
   * and "{region}" replaced by the member's, e.g. "http://{mainIp}:8080/healthz".
   */
  url?: pulumi.Input<string>;
  /** The host a tcp check connects to, with the same placeholders. @default "{mainIp}" */
  host?: pulumi.Input<string>;
  /** The port a tcp check connects to, 1 to 65535. */
  port?: pulumi.Input<Integer>;
  /** The HTTP status codes that count as a pass. @default [200] */
  healthyStatusCodes?: pulumi.Input<pulumi.Input<Integer>[]>;
  /** Seconds from the start of one try to the start of the next. @default 5 */
  intervalSeconds?: pulumi.Input<number>;
  /** Seconds one try may take before it counts as failed (time-out). @default 2 */
  timeoutSeconds?: pulumi.Input<number>;
  /** Seconds after the server is active before the first try. @default 0 */
  graceSeconds?: pulumi.Input<number>;
  /** Passes in a row that make a member healthy; a failed try starts the count again. @default 1 */
  healthyThreshold?: pulumi.Input<Integer>;
  /** Seconds after the server is active by which a member that never became healthy is failed. @default 300 */
  deadlineSeconds?: pulumi.Input<number>;
}

/** A health check after `check`: every field explicit. */
export type CheckedHealthCheck = CheckedHttpCheck | CheckedTcpCheck;

interface CheckedTiming {
  intervalSeconds: number;
  timeoutSeconds: number;
  graceSeconds: number;
  healthyThreshold: number;
  deadlineSeconds: number;
}

export interface CheckedHttpCheck extends CheckedTiming {
  kind: "http";
  url: string;
  healthyStatusCodes: number[];
}

export interface CheckedTcpCheck extends CheckedTiming {
  kind: "tcp";
  host: string;
  port: number;
}

/** The defaults of the optional fields: the one place they are written. */
export const HEALTH_DEFAULTS = {
  kind: "http",
  host: "{mainIp}",
  healthyStatusCodes: [200],
  intervalSeconds: 5,
  timeoutSeconds: 2,
  graceSeconds: 0,
  healthyThreshold: 1,
  deadlineSeconds: 300,
} as const;

export const HEALTH_KINDS: readonly HealthCheckKind[] = ["http", "tcp"];
export const HEALTH_FIELDS = ["kind", "url", "host", "port", "healthyStatusCodes", "intervalSeconds", "timeoutSeconds", "graceSeconds", "healthyThreshold", "deadlineSeconds"];
/** What a URL or host template may name of its member. */
export const PLACEHOLDERS = ["mainIp", "id", "label", "key", "region"] as const;

/** A roll that failed and was rolled back, as the state records it (held-roll.ts). */
export interface HeldRoll {
  /** The members whose replacement failed and was rolled back. */
  members: string[];
  /** The fingerprint of the target they failed on (held-roll.ts's fingerprint()). */
  target: string;
  /** Why the roll failed, in short. */
  reason: string;
}

/** The member facts a template is filled with. */
export type ProbeFacts = Record<(typeof PLACEHOLDERS)[number], string>;
