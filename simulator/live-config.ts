// The simulator's settings that can change while it runs; read by the status machine and
// the webhook delivery, written by the admin API.

/** The settings the admin API may change while running (PUT /_sim/config). */
export interface LiveConfig {
  provisionMs: number;
  transitionMs: number;
  errorRate: number;
  webhookRetryScale: number;
  webhookTimeoutMs: number;
}
