// The operation context: what one engine request works with, built once by the face that
// received it and passed down explicitly to every function that needs any of it. Nothing below
// the faces reads a module-level client, setting, signal or clock; a test builds a context
// (test/provider/harness.ts) instead of switching the process. The model is pulumi-go-provider,
// whose handlers all take a `context.Context` carrying the Cancel, the configured client and the
// logger, and terraform-provider-hcloud, whose CRUD calls receive their client in `meta`.
//
// What the context holds for the process (the client with its rate limiter and catalogue cache,
// the status waiter, the adoption claims) is shared by every request of that process
// (provider-process.ts); what it holds for the request (the resource, its time-out, the signal's
// source, the member's identity) is this request's alone.

import type { Clock } from "../api/time/clock";
import type { HostingApi } from "../api/wire/types";
import type { AdoptionClaims } from "./adoption-claims";
import type { OperationTimeout } from "./operation";
import type { Progress } from "./progress";
import type { Waiter } from "./waiter-types";

/** What the engine knows of the resource a request is about; the user's inputs never carry it. */
export interface ResourceFacts {
  /** The resource's name in the program, e.g. "web". */
  name?: string;
  /** Its URN (the plugin face; the dynamic host does not send it). */
  urn?: string;
  /**
   * The types of its parents, outermost first, joined by `$` as in its URN's qualified type
   * (`my:index:Group`); absent for a resource whose parent is the stack. With the project, stack
   * and name, it tells the resource from every other one of the stack, as its URN does.
   */
  parentType?: string;
  /** The project and stack it belongs to, e.g. "fleet" and "dev". */
  project?: string;
  stack?: string;
  /** The resource option `replaceOnChanges`: property paths whose change replaces it. */
  replaceOnChanges?: readonly string[];
}

/** Where a warning for a person goes (the engine's log of the resource, or stderr). */
export interface Logger {
  warn(message: string): void;
}

export interface OperationContext {
  /** The API client of the provider's settings, shared by the process; built at first use, so a missing key fails only what calls the API. */
  readonly api: HostingApi;
  /** The base URL of the API in force, undefined while none is configured (the webhook's loopback rule). */
  readonly apiBaseUrl: string | undefined;
  /** The process's status waiter of that client: every wait and engine Read of the process shares its polls. */
  readonly waiter: Waiter;
  /** Every pause and wait of the operation: the process's clock, whose `sleep` ends at once, rejected, when `signal` aborts. */
  readonly clock: Clock;
  /** Aborted by the engine's Cancel (Ctrl-C). */
  readonly signal: AbortSignal;
  /** The engine's time-out of this operation (`customTimeouts`), overriding `waitTimeoutSeconds`. */
  readonly timeout?: OperationTimeout;
  readonly resource: ResourceFacts;
  readonly log: Logger;
  /** Where the operation says how far its long work got (progress.ts): the engine's progress display on the plugin face. */
  readonly progress: Progress;
  /** Which resource of the stack adopts which server id (process-wide: every check of a stack runs in one process). */
  readonly claims: AdoptionClaims;
  /** Tags the provider adds to a server it creates or adopts, beside the user's (a fleet member's identity: fleet/identity.ts). */
  readonly systemTags?: readonly string[];
  /** The create's Idempotency-Key (a fleet member's in an update is deterministic). @default a random UUID */
  readonly idempotencyKey?: string;
  /**
   * The label the create's POST carries when its tags follow by a PATCH (shape B), so a server
   * whose PATCH never came is still found (a fleet member's: fleet/identity.ts); the PATCH sets the label.
   */
  readonly pendingLabel?: string;
  /**
   * Whether the operation already holds the server a create's answer names for something else
   * (a fleet's update: a member's repeated key answered with the server it took over for another
   * member); such an answer ends the create before anything is sent about that server.
   */
  readonly heldElsewhere?: (serverId: string) => boolean;
  /**
   * Called once a create's POST, and in shape B the PATCH that tags it, is answered or has
   * failed, before the wait for `active`: a fleet's member create gives back its turn among the
   * POSTs under way then (fleet/server-member-ops.ts).
   */
  readonly postSettled?: () => void;
}

/** What a caller inside the core may set for one call it makes on the context's behalf (a fleet member's create). */
export type OperationOverrides = Partial<Pick<OperationContext, "timeout" | "systemTags" | "idempotencyKey" | "pendingLabel" | "heldElsewhere" | "postSettled" | "resource" | "log" | "progress" | "signal" | "clock">>;

/** `ctx` with `overrides` laid over it; the shared parts stay the same objects. */
export function withOverrides(ctx: OperationContext, overrides: OperationOverrides): OperationContext {
  const derived = Object.create(ctx) as OperationContext;
  for (const [k, v] of Object.entries(overrides)) if (v !== undefined) Object.defineProperty(derived, k, { value: v, enumerable: true });
  return derived;
}

/** The owner tag a resource gets when its program declares none: the stack's, from the engine's facts. */
export function stackOf(facts: ResourceFacts): string | undefined {
  return facts.project && facts.stack ? `${facts.project}/${facts.stack}` : undefined;
}
