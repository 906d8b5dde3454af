// The client of the hosting API: HostingApi over the requester (pacing, retries, errors),
// the catalogue (memoized), paging and the shape-independent model. One per process and
// deployment: see client-registry.ts. It is one class on purpose: a facade whose methods,
// one per endpoint of the spec, are a few lines each over the modules that do the work.

import { createHash, randomUUID } from "crypto";
import { ApiError, IncompleteCreateError, ReplayHeldElsewhereError } from "./http/errors";
import { CatalogueCache } from "./catalogue/catalogue-cache";
import type { OsCatalogue } from "./catalogue/os-catalogue";
import { CatalogueFileCache, fileCached } from "./catalogue/catalogue-file-cache";
import { toAccount, toCreateBody, toOsImage, toPlan, toRegion, toServer, toWebhook, unwrapList, unwrapOne } from "./wire/normalize";
import { resolveOptions, type ClientOptions, type ResolvedOptions } from "./options";
import { paginate } from "./wire/paginate";
import { RateLimiter } from "./pacing/rate-limiter";
import type { Pacer, PacerSnapshot } from "./pacing/pacer";
import { RedisCoordinator } from "./pacing/redis-coordinator";
import { Requester, type CallOptions } from "./http/requester";
import { ShapeTracker } from "./wire/shape";
import { unsendableInputs } from "./wire/shape-fields";
import { defaultUserAgent, Transport } from "./http/transport";
import type {
  Account,
  ApiShape,
  ClientStats,
  CreateServerOptions,
  CreateServerRequest,
  CreateServerResult,
  CreateWebhookRequest,
  HostingApi,
  ListOptions,
  MutationOptions,
  OsImage,
  Plan,
  ReadOptions,
  Region,
  RequestPriority,
  Server,
  ServerAction,
  ServerFilter,
  UpdateServerRequest,
  UpdateWebhookRequest,
  Webhook,
} from "./wire/types";

type Wire = Record<string, unknown>;

/** Statuses a server can be in after the action took effect (docs/contract.md, status machine). */
const ACTION_RESULTS: Record<ServerAction, string[]> = {
  start: ["starting", "active"],
  stop: ["stopping", "stopped"],
  reboot: ["rebooting", "active"],
  halt: ["stopped"],
};
const ACTION_VERBS: Record<ServerAction, string> = { start: "starting", stop: "stopping", reboot: "rebooting", halt: "halting" };

/** The opt-in coordinator; its budget is named by a hash, so the key never reaches Redis. */
function redisCoordinator(opts: Omit<ResolvedOptions, "apiKey">, apiKey: string): RedisCoordinator {
  return new RedisCoordinator({
    url: opts.rateLimitRedis,
    budget: createHash("sha256").update(`${opts.baseUrl}|${apiKey}`).digest("hex"),
    perMinute: opts.ratePerMinute,
    burst: opts.burst,
    warn: (message) => {
      opts.logger(message);
      opts.onWarning(message);
    },
  });
}

/** 429s retried without using up `retries` (the limiter already waits out each one). */
const MAX_RATE_LIMIT_RETRIES = 20;

export class HostingClient implements HostingApi {
  /** The resolved options without the key. */
  readonly options: Readonly<Omit<ResolvedOptions, "apiKey">>;
  private readonly tracker: ShapeTracker;
  private readonly limiter: Pacer;
  private readonly requester: Requester;
  private readonly catalogue: CatalogueCache;
  private readonly basePath: string;

  constructor(opts: ClientOptions) {
    const { apiKey, ...safe } = resolveOptions(opts, defaultUserAgent());
    this.options = Object.freeze(safe);
    this.basePath = new URL(safe.baseUrl).pathname.replace(/\/+$/, "");
    this.tracker = new ShapeTracker(safe.shape);
    this.limiter = safe.pacer ? safe.pacer() : new RateLimiter({
      ratePerMinute: safe.ratePerMinute,
      burst: safe.burst,
      maxPauseMs: safe.maxRetryAfterMs,
      cooperate: safe.cooperate,
      coordinator: safe.rateLimitRedis ? redisCoordinator(safe, apiKey) : undefined,
      onWait: safe.onRateLimitWait,
      logger: safe.logger,
    });
    const transport = new Transport({ ...safe, apiKey });
    this.requester = new Requester({
      transport,
      limiter: this.limiter,
      shape: this.tracker,
      keySource: safe.keySource,
      policy: {
        retries: safe.retries,
        minRetryDelayMs: safe.minRetryDelayMs,
        maxRetryDelayMs: safe.maxRetryDelayMs,
        maxRateLimitRetries: MAX_RATE_LIMIT_RETRIES,
        logger: safe.logger,
        onRetry: safe.onRetry,
      },
    });
    const files = safe.catalogueCacheDir ? new CatalogueFileCache(safe.catalogueCacheDir, safe.baseUrl, safe.catalogueCacheTtlMs) : undefined;
    const shape = { current: () => this.tracker.current, learn: (s: ApiShape) => this.tracker.learn(s) };
    this.catalogue = new CatalogueCache({
      regions: fileCached(files, () => "regions", async () => unwrapList((await this.get("/v1/regions")).data, "regions").map(toRegion), shape),
      plans: fileCached(
        files,
        (f) => `plans|${f.type ?? ""}|${f.region ?? ""}`,
        async (f) => (await this.collect("/v1/plans", "plans", { type: f.type, region: f.region })).map(toPlan),
        shape,
      ),
      os: fileCached(files, () => "os", async () => (await this.collect("/v1/os", "os", {})).map(toOsImage), shape),
    });
  }

  /** The deployment's shape: forced, seen already, or learnt from the OS catalogue. */
  get shape(): Promise<ApiShape> {
    return this.ensureShape();
  }

  async *listServers(filter: ServerFilter = {}, opts: ListOptions = {}): AsyncIterable<Server> {
    const os = await this.catalogue.os();
    const seen = new Set<string>();
    const order = opts.newestFirst ? { sort: "date_created", order: "desc" } : {};
    const query = { label: filter.label, region: filter.region, tag: filter.tag, ...order };
    for await (const w of this.pages("/v1/servers", "servers", query, opts)) {
      const s = toServer(w, os);
      // Page paging can show an item twice when the list shifts under it.
      if (seen.has(s.id) || s.status === "terminated") continue;
      seen.add(s.id);
      yield s;
    }
  }

  async listAllServers(filter?: ServerFilter, opts?: ListOptions): Promise<Server[]> {
    const all: Server[] = [];
    for await (const s of this.listServers(filter, opts)) {
      all.push(s);
      if (opts?.stopAfter?.(s)) break;
    }
    return all;
  }

  async getServer(id: string, opts: ReadOptions = {}): Promise<Server | undefined> {
    const [os, res] = await Promise.all([
      this.catalogue.os(),
      this.get(`/v1/servers/${enc(id)}`, { accept: [404], priority: opts.priority, operation: `reading server ${id}`, signal: opts.signal }),
    ]);
    if (res.status === 404) return undefined;
    const s = toServer(this.one(res.data, "server", "GET", `/v1/servers/${id}`), os);
    return s.status === "terminated" ? undefined : s;
  }

  async createServer(req: CreateServerRequest, opts: CreateServerOptions = {}): Promise<CreateServerResult> {
    const [os, shape] = await Promise.all([this.catalogue.os(), this.ensureShape()]);
    const image = os.resolve(req);
    const idempotencyKey = opts.idempotencyKey ?? randomUUID();
    // Inputs no request of the shape can carry are refused before anything is sent.
    const unsendable = unsendableInputs(req, shape);
    if (unsendable.length > 0) throw new ApiError("POST", "/v1/servers", unsendable.map((u) => u.reason).join("; "));
    // Shape B's create takes no tags: until the PATCH below, a pending label is what marks the server.
    const tagsFollow = shape === "B" && req.tags !== undefined && req.tags.length > 0;
    const posted = tagsFollow && req.pendingLabel !== undefined ? { ...req, label: req.pendingLabel } : req;
    const res = await this.requester.call("POST", "/v1/servers", toCreateBody(posted, image, shape), {
      idempotencyKey,
      operation: "creating a server",
      signal: opts.signal,
    });
    const w = this.one(res.data, "server", "POST", "/v1/servers");
    const result: CreateServerResult = { server: toServer(w, os) };
    // A repeated key answered with a server the caller holds for something else: left as it is.
    if (opts.heldElsewhere?.(result.server.id)) throw new ReplayHeldElsewhereError(result.server.id);
    const est = Number(w.estimated_provisioning_seconds);
    if (w.estimated_provisioning_seconds !== undefined && Number.isFinite(est)) {
      result.estimatedProvisioningMs = Math.round(est * 1000);
    }
    // Shape B's create table has no tags: they go by PATCH, as part of this create, ahead of every
    // other waiting mutation (a fleet's other members' POSTs): a server is tagged before the next
    // is made, so a process killed under the rate limit leaves at most the POSTs in flight untagged.
    if (tagsFollow) {
      const label = posted !== req ? { label: req.label ?? "" } : {};
      try {
        result.server = await this.patchServer(result.server.id, { ...label, tags: req.tags }, { idempotencyKey: `${idempotencyKey}-tags`, signal: opts.signal }, "completion");
      } catch (e) {
        throw new IncompleteCreateError(result.server, result.estimatedProvisioningMs, e as Error);
      }
    }
    return result;
  }

  updateServer(id: string, req: UpdateServerRequest, opts: MutationOptions = {}): Promise<Server> {
    return this.patchServer(id, req, opts, "mutation");
  }

  private async patchServer(id: string, req: UpdateServerRequest, opts: MutationOptions, priority: RequestPriority): Promise<Server> {
    const body: Wire = {};
    if (req.label !== undefined) body.label = req.label;
    if (req.tags !== undefined) body.tags = req.tags;
    const path = `/v1/servers/${enc(id)}`;
    const [os, res] = await Promise.all([
      this.catalogue.os(),
      this.requester.call("PATCH", path, body, {
        idempotencyKey: opts.idempotencyKey ?? randomUUID(),
        operation: `updating server ${id}`,
        signal: opts.signal,
        priority,
      }),
    ]);
    return toServer(this.one(res.data, "server", "PATCH", path), os);
  }

  async deleteServer(id: string, opts: MutationOptions = {}): Promise<boolean> {
    const res = await this.requester.call("DELETE", `/v1/servers/${enc(id)}`, undefined, {
      accept: [404],
      operation: `deleting server ${id}`,
      signal: opts.signal,
    });
    // A 404 right after an attempt whose answer was lost means that attempt deleted it.
    return res.status !== 404 || res.afterLostAnswer;
  }

  async serverAction(id: string, action: ServerAction, opts: MutationOptions = {}): Promise<Server> {
    const path = `/v1/servers/${enc(id)}/${action}`;
    const operation = `${ACTION_VERBS[action]} server ${id}`;
    const [os, res] = await Promise.all([
      this.catalogue.os(),
      this.requester.call("POST", path, undefined, {
        idempotencyKey: opts.idempotencyKey ?? randomUUID(),
        operation,
        accept: [409],
        signal: opts.signal,
      }),
    ]);
    if (res.status === 409) {
      // The spec leaves replay by Idempotency-Key open (the simulator replays every POST). On
      // an API that does not replay actions, an attempt whose answer was lost did the work and
      // the repeat finds the new status. Otherwise the 409 is the user's (e.g. stopping a
      // stopped server).
      if (!res.afterLostAnswer) throw this.requester.errorFor("POST", path, res, operation);
    }
    const w = res.status === 409 ? undefined : unwrapOne(res.data, "server");
    if (w) return toServer(w, os);
    // The spec leaves the action's answer open; read the server back when it is not there.
    const s = await this.getServer(id, { priority: "mutation", signal: opts.signal });
    if (!s) throw new ApiError("POST", path, `POST ${path}: server ${id} is gone after ${action}`);
    if (res.status === 409 && !ACTION_RESULTS[action].includes(s.status)) {
      throw this.requester.errorFor("POST", path, res, operation);
    }
    return s;
  }

  listRegions(): Promise<Region[]> {
    return this.catalogue.regions();
  }

  listPlans(filter: { type?: string; region?: string } = {}): Promise<Plan[]> {
    return this.catalogue.plans(filter);
  }

  async listOsImages(): Promise<OsImage[]> {
    return (await this.catalogue.os()).images;
  }

  async resolveOs(ref: { os?: string; osId?: number }): Promise<OsImage> {
    return (await this.catalogue.os()).resolve(ref);
  }

  async getAccount(): Promise<Account> {
    const res = await this.get("/v1/account", { operation: "reading the account" });
    return toAccount(this.one(res.data, "account", "GET", "/v1/account"));
  }

  async createWebhook(req: CreateWebhookRequest, opts: MutationOptions = {}): Promise<Webhook> {
    const res = await this.requester.call(
      "POST",
      "/v1/webhooks",
      { url: req.url, events: req.events, secret: req.secret },
      { idempotencyKey: opts.idempotencyKey ?? randomUUID(), operation: "creating a webhook", signal: opts.signal },
    );
    return toWebhook(this.one(res.data, "webhook", "POST", "/v1/webhooks"));
  }

  async getWebhook(id: string, opts: ReadOptions = {}): Promise<Webhook | undefined> {
    const path = `/v1/webhooks/${enc(id)}`;
    const res = await this.get(path, { accept: [404], priority: opts.priority, operation: `reading webhook ${id}` });
    return res.status === 404 ? undefined : toWebhook(this.one(res.data, "webhook", "GET", path));
  }

  async listWebhooks(opts: ReadOptions = {}): Promise<Webhook[]> {
    const all: Webhook[] = [];
    for await (const w of this.pages("/v1/webhooks", "webhooks", {}, opts)) all.push(toWebhook(w));
    return all;
  }

  async updateWebhook(id: string, req: UpdateWebhookRequest, opts: MutationOptions = {}): Promise<Webhook> {
    const body: Wire = {};
    if (req.url !== undefined) body.url = req.url;
    if (req.events !== undefined) body.events = req.events;
    if (req.secret !== undefined) body.secret = req.secret;
    const path = `/v1/webhooks/${enc(id)}`;
    const res = await this.requester.call("PATCH", path, body, {
      idempotencyKey: opts.idempotencyKey ?? randomUUID(),
      operation: `updating webhook ${id}`,
      signal: opts.signal,
    });
    return toWebhook(this.one(res.data, "webhook", "PATCH", path));
  }

  async deleteWebhook(id: string, opts: MutationOptions = {}): Promise<boolean> {
    const res = await this.requester.call("DELETE", `/v1/webhooks/${enc(id)}`, undefined, {
      accept: [404],
      operation: `deleting webhook ${id}`,
      signal: opts.signal,
    });
    return res.status !== 404 || res.afterLostAnswer;
  }

  stats(): ClientStats {
    return this.requester.stats();
  }

  keyShared(): boolean {
    // Not snapshot(): that refills the bucket, and a waiter asking often would move the pacing.
    return this.limiter.othersActive?.() ?? false;
  }

  /** The bucket as the client sees it (tests, benchmark). */
  rateLimitState(): PacerSnapshot {
    return this.limiter.snapshot();
  }

  private async ensureShape(): Promise<ApiShape> {
    if (this.tracker.current) return this.tracker.current;
    await this.catalogue.os();
    if (this.tracker.current) return this.tracker.current;
    throw new ApiError("GET", "/v1/os", "could not tell the API's shape from GET /v1/os; set the client's `shape` to A or B");
  }

  private get(path: string, opts: CallOptions = {}) {
    return this.requester.call("GET", path, undefined, opts);
  }

  private pages(path: string, key: string, query: Record<string, string | undefined>, opts: ReadOptions) {
    return paginate(path, query, {
      mode: this.options.paging,
      perPage: this.options.perPage,
      fetchPage: async (p) => {
        const res = await this.get(this.belowBase(p), { priority: opts.priority, signal: opts.signal });
        return { items: unwrapList(res.data, key), body: res.data };
      },
    });
  }

  private async collect(path: string, key: string, query: Record<string, string | undefined>): Promise<Wire[]> {
    const all: Wire[] = [];
    for await (const w of this.pages(path, key, query, {})) all.push(w);
    return all;
  }

  /** A `next` link's path carries the base URL's path prefix, which axios adds again. */
  private belowBase(p: string): string {
    return this.basePath && p.startsWith(`${this.basePath}/`) ? p.slice(this.basePath.length) : p;
  }

  private one(body: unknown, key: string, method: string, path: string): Wire {
    const w = unwrapOne(body, key);
    if (!w) {
      throw new ApiError(method, path, `${method} ${path}: the answer has no \`${key}\` or \`data\` record`);
    }
    return w;
  }
}

function enc(id: string): string {
  return encodeURIComponent(id);
}

export type { OsCatalogue };
