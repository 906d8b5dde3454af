// The types a `Fleet` and its provider share: the public arguments (also the plugin schema's,
// scripts/schema/generate.ts), the checked inputs, the outputs, and the one defaults object.
// provider/fleet/resource.ts (the class users construct) and the implementation both import
// them from here, so neither imports the other.

import type * as pulumi from "@pulumi/pulumi";
import type { Integer } from "../api/wire/types";
import type { CheckedHealthCheck, FleetHealthCheck, HeldRoll } from "./health/types";

export type { FleetHealthCheck } from "./health/types";

/** The create fields every member of the fleet gets unless its group overrides them. */
export interface FleetDefaults {
  /** Plan id, e.g. "vc2-1c-1gb". Changing it replaces the members, rolled in batches. */
  plan?: pulumi.Input<string>;
  /** OS image slug, e.g. "ubuntu-24.04". Changing it replaces the members, rolled in batches. */
  os?: pulumi.Input<string>;
  /** Tags of every member; a group's tags are added to them. Updated in place (one PATCH per member). */
  tags?: pulumi.Input<pulumi.Input<string>[]>;
  /**
   * Display label of each member; "{key}", "{group}", "{region}" and "{n}" are replaced by the
   * member's. Updated in place (one PATCH per member). @default "{key}"
   */
  label?: pulumi.Input<string>;
  /** Ids of stored SSH keys. Changing them replaces the members. @default [] */
  sshKeyIds?: pulumi.Input<pulumi.Input<string>[]>;
  /** Automatic backups. Changing it replaces the members. @default false */
  backups?: pulumi.Input<boolean>;
  /** DDoS protection (shape B deployments only). Changing it replaces the members. @default false */
  ddosProtection?: pulumi.Input<boolean>;
}

/** A group of identical servers: `count` in each of its regions, named `<group>-<region>-<n>`. */
export interface FleetGroup extends FleetDefaults {
  /** The group's name: lower-case letters, digits and dashes, starting with a letter. */
  name: pulumi.Input<string>;
  /** Region ids, e.g. ["ewr", "fra"]; adding one creates only its members. */
  regions: pulumi.Input<pulumi.Input<string>[]>;
  /** Servers per region, 0 to 1000; lowering it removes the highest-numbered members. @default 1 */
  count?: pulumi.Input<Integer>;
  /** Servers in a region of `regions` where it differs from `count`, e.g. {"ewr": 3}. */
  counts?: pulumi.Input<Record<string, pulumi.Input<Integer>>>;
  /** This group's health check, in place of the fleet's `healthCheck`. */
  healthCheck?: pulumi.Input<FleetHealthCheck>;
}

/** The arguments of a `Fleet`. */
export interface FleetArgs {
  /** Create fields shared by every group; a group's own fields win. */
  defaults?: pulumi.Input<FleetDefaults>;
  /** The groups; their order and the order of their regions do not matter. */
  groups: pulumi.Input<pulumi.Input<FleetGroup>[]>;
  /**
   * How many servers a rolling replacement may create beyond the fleet's size at once (one
   * batch). The account never holds more than the fleet's size plus this. @default 1
   */
  maxSurge?: pulumi.Input<Integer>;
  /**
   * How many members a rolling replacement may take out of service at once: that many old
   * servers of a batch are deleted before their replacements are active. @default 0
   */
  maxUnavailable?: pulumi.Input<Integer>;
  /** Seconds to wait between two batches of a rolling replacement. @default 0 */
  pauseSeconds?: pulumi.Input<number>;
  /**
   * How a member is judged to serve (a group's own `healthCheck` wins). With a check, a new
   * server counts only once its check passes: a batch's old servers are deleted only then, and
   * creates wait for it too. @default none: a server serves once it is active
   */
  healthCheck?: pulumi.Input<FleetHealthCheck>;
  /**
   * When a batch of a rolling replacement fails (a new server never becomes healthy), put its
   * members back on the spec they had: its new servers are deleted and a member whose old
   * server was already deleted is made again from its old spec. Off, the roll stops and keeps
   * what exists. @default true when a health check is set, else false
   */
  rollback?: pulumi.Input<boolean>;
  /** Members in the first batch of a rolling replacement (a canary); 0 makes it a batch like the others. @default 0 */
  canary?: pulumi.Input<Integer>;
  /** Seconds to wait after the canary batch before the rest. @default pauseSeconds */
  canaryPauseSeconds?: pulumi.Input<Integer>;
  /**
   * A roll that failed and was rolled back is not tried again while the program asks for the
   * same thing; a new value here (any string, e.g. a date) makes the next `up` try it again.
   */
  retryRoll?: pulumi.Input<string>;
  /**
   * Existing servers to take over instead of creating, by member key, e.g.
   * {"web-ewr-1": "<server id>"}. Read only for members not in the fleet yet.
   */
  adoptIds?: pulumi.Input<Record<string, pulumi.Input<string>>>;
  /**
   * Take over the existing servers that carry this tag and whose label is a member key (as
   * the demo and this resource label them). Read only for members not in the fleet yet.
   */
  adoptTag?: pulumi.Input<string>;
  /** How long each member's create, update and delete wait for the server to settle. @default 600 */
  waitTimeoutSeconds?: pulumi.Input<Integer>;
  /**
   * The ownership tag of every member (see `Server.ownerTag`).
   * @default "pulumi-stack:<project>/<stack>" in shape A, none in shape B
   */
  ownerTag?: pulumi.Input<string>;
}

/** One member as the `members` output reports it (and the state records it). */
export interface FleetMember {
  /** Server id. */
  id: string;
  /** Display label. */
  label: string;
  /** Region id. */
  region: string;
  /** Plan id. */
  plan: string;
  /** OS image slug. */
  os: string;
  /** Main IPv4 address. */
  mainIp: string;
  /** Status: pending/starting, active, stopped, error, ... */
  status: string;
}

/** A group after `check`: every field explicit. */
export interface CheckedGroup {
  name: string;
  regions: string[];
  count: number;
  /** Per-region counts that differ from `count`; absent when none does. */
  counts?: Record<string, number>;
  plan: string;
  os: string;
  tags: string[];
  label: string;
  sshKeyIds: string[];
  backups: boolean;
  ddosProtection: boolean;
  /** The group's own health check, when it has one. */
  healthCheck?: CheckedHealthCheck;
}

/**
 * What a member should be: the server inputs `check` normalized (provider/server/normalize.ts),
 * with the fields at their defaults left out (a compact state: one entry per member).
 */
export type MemberSpec = Record<string, unknown> & { region: string; plan: string; os: string; label: string };

/** The inputs as the provider sees them after `check`. */
export interface FleetInputs {
  groups: CheckedGroup[];
  maxSurge: number;
  maxUnavailable: number;
  pauseSeconds: number;
  waitTimeoutSeconds: number;
  ownerTag?: string;
  adoptIds?: Record<string, string>;
  adoptTag?: string;
  /** Present only when the program sets them (a state of an earlier release has none). */
  healthCheck?: CheckedHealthCheck;
  rollback?: boolean;
  canary?: number;
  canaryPauseSeconds?: number;
  retryRoll?: string;
  /** Each member's spec by member key, computed by `check`: what preview diffs per member. */
  memberSpecs: Record<string, MemberSpec>;
}

/** A member as recorded: the reported fields, plus what a later diff and update compare. */
export type RecordedMember = FleetMember & Record<string, unknown>;

/**
 * The outputs: the checked inputs but `memberSpecs` (each member's spec as its server now is
 * follows from its record in `members`, and the spec declared last is in the state's inputs),
 * the members, and servers no member holds.
 */
export interface FleetOutputs extends Omit<FleetInputs, "adoptIds" | "adoptTag" | "memberSpecs"> {
  members: Record<string, RecordedMember>;
  /**
   * Servers the fleet created that hold no member (a replacement that failed mid-roll): kept
   * so that nothing is lost, deleted by the next `up` (or `destroy`).
   */
  leftovers: Record<string, RecordedMember>;
  /**
   * The tag every server of the fleet carries (provider/fleet/identity.ts), kept from the first
   * `up` on so that a rename keeps finding them; absent in a state written before it existed.
   */
  fleetTag?: string;
  /**
   * The tags of the other names the fleet was updated under (renames by alias), so that what a
   * run killed under one of them made is still found after a rename back, and those in this
   * stack that an import's servers carried; absent until then.
   */
  formerTags?: string[];
  /**
   * The tag of the name the fleet's last create, import or update ran under. A killed create's
   * servers under another of its tags are not its own runs' (unrecorded.ts `interruptedTags`);
   * absent in a state written before it existed.
   */
  nameTag?: string;
  /** How many operations wrote this state; part of each member create's Idempotency-Key. */
  generation?: number;
  /** A roll that failed and was rolled back, held until the program changes (health/held-roll.ts). */
  heldRoll?: HeldRoll;
  /** Members with a health check that no probe has seen pass since their server was made; the next update waits for their health (health/reprobe.ts). */
  unproven?: string[];
  /**
   * The ids of servers a killed create of this resource left, as a refresh found them, each with
   * the owner mark it carried (none: untagged): not this instance's (ownership.ts), so recorded
   * apart from `leftovers`, only to make the next `up` see a change; that update takes or deletes
   * them, or a create may take them first. Absent when there are none.
   */
  interrupted?: Record<string, { owner?: string }>;
}

/** The defaults of the optional inputs: the one place they are written. */
export const FLEET_DEFAULTS = {
  maxSurge: 1,
  maxUnavailable: 0,
  pauseSeconds: 0,
  waitTimeoutSeconds: 600,
  count: 1,
  label: "{key}",
} as const;

/** The most members one group may hold per region. */
export const MAX_COUNT = 1000;
