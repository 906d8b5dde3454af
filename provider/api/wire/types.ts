// The API client's one model of the hosting API, the same whatever shape (A or B) a
// deployment answers with. The provider and the lookups see only these types.
// Units: RAM and disk in GiB/GB (shape A's `ram` is MiB on the wire, see docs/contract.md).

import type { ApiShape } from "../../../protocol/shapes";

export type { ApiShape };
export { WEBHOOK_EVENTS, type WebhookEvent } from "../../../protocol/events";

/**
 * A whole number. Plain `number` to TypeScript; the schema generator (scripts/schema/generate.ts)
 * makes a property of this type an `integer`, so Go and Python SDKs get `int`, not a float.
 */
export type Integer = number;

// Each member's comment is its description in schema.json (docs/openapi.yaml, `ServerStatus`).
/** A server's status, as the API reports it. */
export type ServerStatus =
  /** Being provisioned (shape A's first status; shape B says `starting`). */
  | "pending"
  /** Being provisioned. */
  | "starting"
  /** Running normally. */
  | "active"
  /** Shutting down. */
  | "stopping"
  /** Powered off. */
  | "stopped"
  /** Restarting. */
  | "rebooting"
  /** Provisioning failed. */
  | "error"
  /** Destroyed. */
  | "terminated";

export interface Server {
  id: string;
  label: string;
  status: ServerStatus;
  region: string;
  plan: string;
  mainIp: string;
  vcpus: Integer;
  ramGb: Integer;
  diskGb: Integer;
  /** Integer OS image id (known in both shapes through the OS catalogue). */
  osId?: Integer;
  /** OS slug (known in both shapes through the OS catalogue). */
  osSlug?: string;
  /** OS display name. */
  osName?: string;
  hostname?: string;
  tags: string[];
  /**
   * Backups, DDoS protection and SSH keys: undefined where the record does not show them (the
   * spec's record tables list none of the three; the simulator shows them unless told not to).
   */
  backups?: boolean;
  ddosProtection?: boolean;
  sshKeyIds?: string[];
  /** Decimal string; shape B only. */
  pricePerHour?: string;
  /** ISO 8601 UTC. */
  createdAt: string;
}

export interface CreateServerRequest {
  region: string;
  plan: string;
  /** OS by slug; the client maps it to what the deployment's shape expects. */
  os?: string;
  /** OS by legacy integer id; the client maps it likewise. */
  osId?: number;
  label?: string;
  hostname?: string;
  tags?: string[];
  sshKeyIds?: string[];
  backups?: boolean;
  ddosProtection?: boolean;
  userData?: string;
  /**
   * Where the create takes no tags (shape B) and tags are given: the label the POST carries
   * instead of `label`, until the PATCH that sets the tags sets `label` too.
   */
  pendingLabel?: string;
}

export interface CreateServerResult {
  server: Server;
  /** The v1.8 estimate, when the API sent one. */
  estimatedProvisioningMs?: number;
}

export interface UpdateServerRequest {
  label?: string;
  tags?: string[];
}

export type ServerAction = "start" | "stop" | "reboot" | "halt";

export interface ServerFilter {
  label?: string;
  region?: string;
  tag?: string;
}

/** A region of the catalogue. */
export interface Region {
  /** Region id, e.g. "fra". */
  id: string;
  /** City, e.g. "Frankfurt". */
  city: string;
  /** Two-letter country code, e.g. "DE". */
  country: string;
  /** Continent, e.g. "Europe". */
  continent: string;
}

/** A plan (size and price) of the catalogue. */
export interface Plan {
  /** Plan id, e.g. "vc2-1c-1gb". */
  id: string;
  /** "vc2" (shared), "vhf" (high frequency) or "vdc" (dedicated). */
  type: string;
  /** Virtual CPUs. */
  vcpus: Integer;
  /** RAM in GiB. */
  ramGb: Integer;
  /** Disk in GB. */
  diskGb: Integer;
  /** Monthly bandwidth in TB, when the API says. */
  bandwidthTb?: number;
  /** Monthly price as a decimal string. */
  pricePerMonth: string;
  /** Hourly price as a decimal string. */
  pricePerHour: string;
  /** Ids of the regions that offer it. */
  regions: string[];
}

/** An OS image of the catalogue. */
export interface OsImage {
  /** Legacy integer id, e.g. 2284. */
  id: Integer;
  /** Slug, e.g. "ubuntu-24.04". */
  slug: string;
  /** Display name, e.g. "Ubuntu 24.04 LTS x64". */
  name: string;
  /** Family, e.g. "ubuntu". */
  family: string;
  /** Architecture, e.g. "x64", when the API says. */
  arch?: string;
  /** YYYY-MM-DD; used to sort newest first. */
  released?: string;
}

/** The account of an API key. */
export interface Account {
  /** Account name. */
  name: string;
  /** Account e-mail address. */
  email: string;
  /** Balance as a decimal string. */
  balance: string;
  /** Charges not yet invoiced, as a decimal string. */
  pendingCharges: string;
}


export interface Webhook {
  id: string;
  url: string;
  events: string[];
  createdAt?: string;
}

export interface CreateWebhookRequest {
  url: string;
  events: string[];
  secret: string;
}

export interface UpdateWebhookRequest {
  url?: string;
  events?: string[];
  secret?: string;
}

/**
 * Where a request queues while it waits for a rate-limit token: mutations go first, then
 * reads, then status polls (so a fleet's polling never delays a create or a delete).
 */
/**
 * A request's place in the queue for a token: "completion" (the rest of a mutation the API
 * already made: shape B's tag PATCH after its create's POST, so a server is marked before other
 * servers are created), then mutations, reads, status polls.
 */
export type RequestPriority = "completion" | "mutation" | "read" | "poll";

/** Options of a read. */
export interface ReadOptions {
  /**
   * Queue position; pass "poll" for status polls (e.g. waiting for `active`), "mutation" for
   * a read that is part of a mutation (e.g. the read-back after a create).
   * @default "read"
   */
  priority?: RequestPriority;
  /** Ends the read while it waits for a token or a retry (the engine's Cancel: core/cancellation.ts). */
  signal?: AbortSignal;
}

/** Options of a server list. */
export interface ListOptions extends ReadOptions {
  /** Newest first (`sort=date_created&order=desc`, the order the API documents); else the API's own order. */
  newestFirst?: boolean;
  /** Asked of each server listed: true ends the walk after it, and no further page is asked for. */
  stopAfter?: (server: Server) => boolean;
}

/** Options of a mutating call. */
export interface MutationOptions {
  /**
   * Ends the call while it waits for a token or a retry. A request already sent is never
   * abandoned: its answer (a created server's id) is what a partial create reports.
   */
  signal?: AbortSignal;
  /**
   * One key per logical operation, reused by every retry of it. The client generates one
   * when not given; the provider passes its own so that a re-run of the same create replays.
   */
  idempotencyKey?: string;
}

export interface CreateServerOptions extends MutationOptions {
  /**
   * Whether the caller already holds the server an answer names for something else: a repeated
   * key may be answered with a server made before, which a fleet's update took over for another
   * member. Such an answer ends the create with `ReplayHeldElsewhereError`, before its tags PATCH.
   */
  heldElsewhere?: (serverId: string) => boolean;
}

/** What the client has done so far in this process (for benchmarks and tests). */
export interface ClientStats {
  requests: number;
  byRoute: Record<string, number>;
  retries: number;
  rateLimited: number;
}

/** What a client of the API offers (`HostingClient`, made by `createClient`). Every method paces itself and retries safely. */
export interface HostingApi {
  readonly shape: Promise<ApiShape>;
  /** Pages with `per_page=500` (cursor or page paging by the client's options). */
  listServers(filter?: ServerFilter, opts?: ListOptions): AsyncIterable<Server>;
  listAllServers(filter?: ServerFilter, opts?: ListOptions): Promise<Server[]>;
  /** undefined when the server does not exist (404) or is terminated. */
  getServer(id: string, opts?: ReadOptions): Promise<Server | undefined>;
  createServer(req: CreateServerRequest, opts?: CreateServerOptions): Promise<CreateServerResult>;
  updateServer(id: string, req: UpdateServerRequest, opts?: MutationOptions): Promise<Server>;
  /** Resolves true when deleted, false when it was already gone (404). */
  deleteServer(id: string, opts?: MutationOptions): Promise<boolean>;
  serverAction(id: string, action: ServerAction, opts?: MutationOptions): Promise<Server>;

  listRegions(): Promise<Region[]>;
  listPlans(filter?: { type?: string; region?: string }): Promise<Plan[]>;
  listOsImages(): Promise<OsImage[]>;
  /** Finds an image by slug or id in the memoized catalogue; throws a clear error when none. */
  resolveOs(ref: { os?: string; osId?: number }): Promise<OsImage>;
  getAccount(): Promise<Account>;

  createWebhook(req: CreateWebhookRequest, opts?: MutationOptions): Promise<Webhook>;
  getWebhook(id: string, opts?: ReadOptions): Promise<Webhook | undefined>;
  listWebhooks(opts?: ReadOptions): Promise<Webhook[]>;
  updateWebhook(id: string, req: UpdateWebhookRequest, opts?: MutationOptions): Promise<Webhook>;
  /** Resolves true when deleted, false when it was already gone (404). */
  deleteWebhook(id: string, opts?: MutationOptions): Promise<boolean>;

  stats(): ClientStats;
  /** True while the rate limiter sees other processes spending the key (header cooperation). */
  keyShared?(): boolean;
}
