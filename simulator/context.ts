// The simulator's parts, wired once. Routes and the pipeline take this object; each part
// lives in its own module and knows only the parts it needs.
import { Clock } from "./clock";
import type { RecordView } from "./http/envelope";
import { Faults } from "./faults";
import { HealthRules } from "./health";
import { Idempotency } from "./idempotency";
import type { LiveConfig } from "./live-config";
import type { KeySpec, ResolvedOptions } from "./options";
import { Rng } from "./random";
import { keyRecord, RateLimiter } from "./rate-limit";
import { Stats } from "./stats";
import { StatusMachine } from "./status-machine";
import { MemoryStore } from "./store/memory-store";
import { Persistence } from "./store/persistence";
import { WebhookDelivery } from "./webhook-delivery";

export type { LiveConfig } from "./live-config";

export class Sim {
  readonly store = new MemoryStore();
  readonly clock = new Clock();
  readonly stats = new Stats();
  readonly limiter = new RateLimiter();
  readonly idempotency = new Idempotency(this.store);
  /** The health route's rules (health.ts): a simulator addition, not part of the API. */
  readonly health = new HealthRules();
  /** Ids and IPs; its state is saved so a restarted seeded run keeps producing new ids. */
  readonly ids: Rng;
  /** Which creates end in error. */
  readonly outcomes: Rng;
  readonly faults: Faults;
  readonly persistence: Persistence;
  readonly machine: StatusMachine;
  readonly hooks: WebhookDelivery;
  readonly config: LiveConfig;

  constructor(readonly options: ResolvedOptions) {
    this.ids = new Rng(options.seed);
    this.outcomes = new Rng(options.seed ^ 0x5bd1e995);
    this.faults = new Faults(new Rng(options.seed ^ 0x27d4eb2f), options.faults);
    this.config = {
      provisionMs: options.provisionMs,
      transitionMs: options.transitionMs,
      errorRate: options.errorRate,
      webhookRetryScale: options.webhookRetryScale,
      webhookTimeoutMs: options.webhookTimeoutMs,
    };
    this.persistence = new Persistence(options.stateFile, this.store, () => this.ids.state);
    this.machine = new StatusMachine(this);
    this.hooks = new WebhookDelivery(this);
  }

  get shape(): "A" | "B" {
    return this.options.shape;
  }

  /** How server records are rendered: the shape and the fields left out. */
  get recordView(): RecordView {
    return { shape: this.options.shape, hidden: this.options.hiddenFields };
  }

  /** Loads the state file (if any), adds the configured keys, resumes timers. */
  start(): void {
    const saved = this.persistence.load();
    if (saved) this.ids.state = saved.rng;
    // Configured keys win over saved ones of the same name; saved extra keys stay.
    for (const spec of this.options.keys) this.addKey(spec);
    this.machine.resume();
    this.hooks.resume();
  }

  addKey(spec: KeySpec): void {
    this.store.keys.set(spec.key, keyRecord(spec));
    this.limiter.forget(spec.key);
    this.changed();
  }

  changed(): void {
    this.persistence.changed();
  }

  nowIso(): string {
    return new Date(this.clock.now()).toISOString();
  }

  stop(): void {
    this.machine.stopAll();
    this.hooks.stopAll();
    this.persistence.flush();
  }
}
