// What one provider process holds for all its requests, made once by the face that serves them
// (the dynamic host's entry, the plugin, the program's lookups) and handed to each operation
// through its context (context.ts): the stack config `configure` delivered, one API client per
// deployment and key (one rate limiter and one catalogue cache for every resource, reached through the context and
// never a module global),
// each client's status waiter, the engine's Cancel, the stack's adoption claims. Tests make
// their own process instead of resetting a shared one.

import { createHash } from "crypto";
import * as pulumiLog from "@pulumi/pulumi/log";
import { setMaxListeners } from "events";
import type { ClientOptions } from "../api";
import { realClock, type Clock } from "../api/time/clock";
import type { HostingApi } from "../api/wire/types";
import { AdoptionClaims } from "./adoption-claims";
import { clientFromSettings } from "./client-factory";
import type { Logger, OperationContext, ResourceFacts } from "./context";
import { CancelledError, sleepUnlessCancelled, type OperationTimeout } from "./operation";
import { progressReporter, silentProgress, type ProgressTimings, type StatusSink } from "./progress";
import { resolveSettings, stackSettings, type ConfigSource, type StackSettings } from "./settings";
import { StatusWaiter, type WaiterTimings } from "./status-waiter";
import type { Waiter } from "./waiter-types";

export interface ProviderProcessOptions {
  /** Every wait's and pause's clock. @default realClock */
  clock?: Clock;
  /** Laid over the status waiter's defaults (tests shrink them). @default none */
  waiterTimings?: Partial<WaiterTimings>;
  /** Builds each client's waiter instead of the shared StatusWaiter (the benchmark's naive baseline, bench/naive/). @default a StatusWaiter */
  createWaiter?: (client: HostingApi, clock: Clock) => Waiter;
  /** Laid over the client options the settings give (e.g. the benchmark's `pacer`). @default none */
  clientOptions?: Partial<ClientOptions>;
  /** Where a warning goes when the request names no resource log. @default the Pulumi log (stderr in a provider process) */
  log?: Logger;
  /** Laid over the progress reporter's defaults (tests shrink them). @default DEFAULT_PROGRESS_TIMINGS */
  progressTimings?: Partial<ProgressTimings>;
  /** The environment the settings fall back to. @default the process's (core/settings) */
  env?: NodeJS.ProcessEnv;
}

/** One engine request as a face describes it. */
export interface RequestFacts {
  resource?: ResourceFacts;
  /** The engine's time-out in seconds (0 or absent: none), and its operation: `customTimeouts.<kind>`. */
  timeoutSeconds?: number;
  kind?: "create" | "update" | "delete";
  /** This request's logger (the plugin's: the engine's log of the resource). @default the process's */
  log?: Logger;
  /** Where this request's progress lines go (the plugin's: the engine's status of the resource). @default nowhere */
  status?: StatusSink;
}

interface ClientEntry {
  client: HostingApi;
  waiter?: Waiter;
}

export class ProviderProcess {
  readonly claims = new AdoptionClaims();
  private stack: StackSettings = {};
  private readonly clients = new Map<string, ClientEntry>();
  private controller = newController();

  constructor(private readonly opts: ProviderProcessOptions = {}) {}

  /** Records the stack config `configure` delivered (secrets already unwrapped). */
  configure(config: ConfigSource | undefined): void {
    this.stack = stackSettings(config ? (key) => config.get(key) : undefined);
  }

  /** The engine's Cancel: ends every wait and paced request of this process's operations, for good. */
  cancel(): void {
    if (!this.controller.signal.aborted) this.controller.abort(new CancelledError());
  }

  get signal(): AbortSignal {
    return this.controller.signal;
  }

  get clock(): Clock {
    return this.opts.clock ?? realClock;
  }

  /** The shared client for the settings in force; throws a SettingError naming what is missing. */
  client(): HostingApi {
    return this.entry().client;
  }

  /** The status waiter of the shared client. */
  waiter(): Waiter {
    return this.waiterOf(this.entry());
  }

  private waiterOf(entry: ClientEntry): Waiter {
    entry.waiter ??= this.opts.createWaiter?.(entry.client, this.clock) ?? new StatusWaiter(entry.client, { clock: this.clock, timings: this.opts.waiterTimings });
    return entry.waiter;
  }

  /** The context of one engine request. */
  context(request: RequestFacts = {}): OperationContext {
    const timeout: OperationTimeout | undefined = request.timeoutSeconds && request.timeoutSeconds > 0
      ? { seconds: request.timeoutSeconds, source: `customTimeouts.${request.kind ?? "operation"}` }
      : undefined;
    // The settings are resolved (and the key hashed) once per request, at its first call that needs the client.
    let entry: ClientEntry | undefined;
    const client = () => (entry ??= this.entry()).client;
    const waiter = () => this.waiterOf((entry ??= this.entry()));
    const baseUrl = () => this.baseUrl();
    const clock = cancellableClock(this.clock, this.signal);
    return {
      get api() { return client(); },
      get waiter() { return waiter(); },
      get apiBaseUrl() { return baseUrl(); },
      clock,
      signal: this.signal,
      timeout,
      resource: request.resource ?? {},
      log: request.log ?? this.opts.log ?? defaultLogger(),
      progress: request.status ? progressReporter(request.status, clock, this.opts.progressTimings) : silentProgress,
      claims: this.claims,
    };
  }

  /** The base URL in force, or undefined while a setting is missing or refused. */
  baseUrl(): string | undefined {
    try {
      return resolveSettings(this.stack, this.opts.env).baseUrl;
    } catch {
      return undefined;
    }
  }

  private entry(): ClientEntry {
    const s = resolveSettings(this.stack, this.opts.env);
    const keyHash = createHash("sha256").update(s.apiKey.trim()).digest("hex");
    const id = `${s.baseUrl}|${keyHash}|${s.apiShape ?? "auto"}`;
    let entry = this.clients.get(id);
    if (!entry) {
      entry = { client: clientFromSettings(s, { env: this.opts.env, log: this.opts.log ?? defaultLogger(), overrides: this.opts.clientOptions }) };
      this.clients.set(id, entry);
    }
    return entry;
  }
}

/** `clock` whose `sleep` ends on `signal` (a Fleet's pause between batches: Ctrl-C must not wait it out). */
function cancellableClock(clock: Clock, signal: AbortSignal): Clock {
  return {
    now: () => clock.now(),
    sleep: (ms) => sleepUnlessCancelled(clock, ms, signal),
    setTimeout: (fn, ms) => clock.setTimeout(fn, ms),
    clearTimeout: (t) => clock.clearTimeout(t),
    setInterval: (fn, ms) => clock.setInterval(fn, ms),
    clearInterval: (t) => clock.clearInterval(t),
  };
}

/**
 * Every wait and queued request of the process listens to this one signal, through the one
 * listener they share (abortable.ts); Node's warning at 11 listeners is off all the same, for
 * a part that listens on its own.
 */
function newController(): AbortController {
  const c = new AbortController();
  setMaxListeners(0, c.signal);
  return c;
}

/** The Pulumi log: a provider process without an engine connection writes it to stderr, which the engine shows. */
function defaultLogger(): Logger {
  return { warn: (m) => void pulumiLog.warn(m) };
}
