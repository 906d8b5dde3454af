// The records the simulator keeps. They are shape-neutral; http/envelope.ts renders them
// in shape A or B. Field names follow the wire where they can so the state file reads well.
import type { Permission, Tier } from "../options";

export type ServerStatus =
  | "pending" | "starting" | "active" | "stopping" | "stopped" | "rebooting" | "error" | "terminated";

export interface ServerRecord {
  /** Creation order; the tie-breaker of every sort and the key of cursors. */
  seq: number;
  id: string;
  label: string;
  status: ServerStatus;
  region: string;
  plan: string;
  os_id: number;
  main_ip: string;
  hostname: string;
  tags: string[];
  backups: boolean;
  ddos_protection: boolean;
  ssh_key_ids: string[];
  /** Write-only: kept, never returned by /v1. */
  user_data: string | null;
  created_at: string;
  /** The status the running transition ends in, and when (epoch ms). */
  next: { status: ServerStatus; at: number } | null;
  /** When the server last became active (the simulator's clock, epoch ms); null while it is not. The health route's `after` rule counts from it. */
  active_at?: number | null;
  /** Set by delete; the record stays in the raw table. */
  deleted_at: string | null;
  /** True once the terminated window is over: GET answers 404. */
  gone: boolean;
  /** Idempotency-Key of the create, or the simulator's request id. */
  created_by_request: string;
  /** Cached JSON of the record per shape; cleared on every change. */
  json?: string;
}

export interface WebhookRecord {
  id: string;
  url: string;
  events: string[];
  secret: string;
  created_at: string;
  deleted_at: string | null;
}

export interface DeliveryRecord {
  id: string;
  webhook_id: string;
  event: string;
  event_id: string;
  url: string;
  /** The exact body bytes sent on every attempt. */
  body: string;
  attempts: number;
  status: "pending" | "delivered" | "retrying" | "failed";
  last_status: number | null;
  last_error: string | null;
  created_at: string;
  next_attempt_at: number | null;
}

export interface KeyRecord {
  key: string;
  permission: Permission;
  tier: Tier;
  limit: number;
  burst: number;
  revoked: boolean;
}

export interface IdempotencyRecord {
  fingerprint: string;
  status: number;
  body: string | null;
  expires_at: number;
}
