// The types a `Server` and its provider share: the public arguments, the checked inputs,
// the outputs, and the one defaults object. Both provider/server/resource.ts (the class users
// construct) and the implementation import them from here, so neither imports the other.

import type * as pulumi from "@pulumi/pulumi";
import type { Integer } from "../api/wire/types";

// Each member's comment is its description in schema.json (scripts/schema/generate.ts).
/** The power state a server is declared in. */
export type PowerState =
  /** Powered on: a stopped server is started (POST /start). */
  | "running"
  /** Powered off: a running server is stopped as `stopMode` says. */
  | "stopped";

/** How `powerState: "stopped"` stops a running server: POST /stop ("graceful") or POST /halt ("hard"). */
export type StopMode =
  /** POST /stop: the operating system shuts down. */
  | "graceful"
  /** POST /halt: the power is cut at once. */
  | "hard";

/** The arguments of a `Server`. */
export interface ServerArgs {
  /** Region id, e.g. "ewr". Changing it replaces the server. */
  region: pulumi.Input<string>;
  /** Plan id, e.g. "vc2-1c-1gb"; must be offered in the region. Changing it replaces the server. */
  plan: pulumi.Input<string>;
  /** OS image slug, e.g. "ubuntu-24.04". Give this or `osId`. Changing the image replaces the server. */
  os?: pulumi.Input<string>;
  /** Legacy integer OS image id. Naming the same image as `os` is no change. */
  osId?: pulumi.Input<Integer>;
  /** Display label, at most 255 characters; updated in place. @default "" */
  label?: pulumi.Input<string>;
  /** Host name. Changing it replaces the server. @default chosen by the API */
  hostname?: pulumi.Input<string>;
  /** Tags; order does not matter; updated in place. @default [] */
  tags?: pulumi.Input<pulumi.Input<string>[]>;
  /** Ids of stored SSH keys. Changing them replaces the server. @default [] */
  sshKeyIds?: pulumi.Input<pulumi.Input<string>[]>;
  /** Automatic backups. Changing it replaces the server. @default false */
  backups?: pulumi.Input<boolean>;
  /** DDoS protection. Changing it replaces the server. @default false */
  ddosProtection?: pulumi.Input<boolean>;
  /** Start-up script; always stored as a secret. Changing it replaces the server. */
  userData?: pulumi.Input<string>;
  /** Declared power state; changed in place with start/stop. @default "running" */
  powerState?: pulumi.Input<PowerState>;
  /**
   * How a running server is stopped when `powerState` becomes "stopped": "graceful" sends
   * POST /stop, "hard" powers it off at once with POST /halt. Changing it sends nothing.
   * @default "graceful"
   */
  stopMode?: pulumi.Input<StopMode>;
  /**
   * Any values; when they change, the server is rebooted in place (POST /reboot, then a wait
   * for `active`), never replaced. A server declared stopped is not rebooted. @default []
   */
  rebootTriggers?: pulumi.Input<pulumi.Input<unknown>[]>;
  /**
   * The id of an existing server to take over instead of creating one (see
   * docs/guide/adoption-and-moves.md, "Adopting existing servers"). Checked at preview: the
   * server must exist, not be terminated, and have the declared region, plan and OS. Once the server is in the stack, adoptId is
   * ignored: removing or changing it is no change.
   */
  adoptId?: pulumi.Input<string>;
  /** How long create, update and delete wait for the server to settle. @default 600 */
  waitTimeoutSeconds?: pulumi.Input<Integer>;
  /**
   * A tag that marks the server as this stack's, so that `hosting-orphans --tag` finds servers a
   * crashed `up` created but never recorded. Kept out of `tags`; updated in place. In shape A it
   * rides in the create request; shape B's create takes no tags, so there it costs one PATCH per
   * create and is sent only when declared (`hosting-orphans --stack` finds orphans without it).
   * @default "pulumi-stack:<project>/<stack>" in shape A, none in shape B
   */
  ownerTag?: pulumi.Input<string>;
}

/** The inputs as the provider sees them after `check`: plain values, defaults explicit. */
export interface ServerInputs {
  region: string;
  plan: string;
  os: string;
  osId: number;
  label: string;
  hostname?: string;
  tags: string[];
  sshKeyIds: string[];
  backups: boolean;
  ddosProtection: boolean;
  userData?: string;
  powerState: PowerState;
  stopMode?: StopMode;
  rebootTriggers?: unknown[];
  waitTimeoutSeconds: number;
  ownerTag?: string;
  /** Only in the inputs of a resource that is not in the stack yet (see provider/server/adopt.ts). */
  adoptId?: string;
}

/** The outputs: the inputs in normal form plus what the API reports, the same in both shapes. */
export interface ServerOutputs extends Omit<ServerInputs, "adoptId"> {
  status: string;
  mainIp: string;
  vcpus: number;
  ramGb: number;
  diskGb: number;
  osName: string;
  createdAt: string;
  pricePerHour: string;
  /**
   * True when the program declared `hostname`; absent when the API chose it. A refresh hands
   * back the hostname as an input only when it was declared, so that `preview --diff` shows
   * no `-hostname` beside a real change (provider/server/normalize.ts inputsFromOutputs).
   */
  hostnameDeclared?: boolean;
}


/** Every input the provider reads, in output order. */
export const SERVER_INPUT_NAMES = [
  "region", "plan", "os", "osId", "label", "hostname", "tags", "sshKeyIds", "backups",
  "ddosProtection", "userData", "powerState", "stopMode", "rebootTriggers", "waitTimeoutSeconds", "ownerTag",
] as const;

/** What the API reports beside the inputs. */
export const SERVER_REPORTED_NAMES = ["status", "mainIp", "vcpus", "ramGb", "diskGb", "osName", "createdAt", "pricePerHour"] as const;

/**
 * Outputs the API derives from one input (the image's id and name from `os`, the plan's size
 * and price from `plan`): when the program marks that input secret, these are secret too.
 */
export const SERVER_DERIVED_OUTPUTS: Readonly<Record<string, readonly string[]>> = {
  os: ["osId", "osName"],
  osId: ["os", "osName"],
  plan: ["vcpus", "ramGb", "diskGb", "pricePerHour"],
};

/** The defaults of the optional inputs: the one place they are written. */
export const SERVER_DEFAULTS = {
  label: "",
  tags: [] as string[],
  sshKeyIds: [] as string[],
  backups: false,
  ddosProtection: false,
  powerState: "running" as PowerState,
  waitTimeoutSeconds: 600,
} as const;

/**
 * Defaults that are compared but never written into inputs or outputs, so a server that
 * names neither keeps exactly the state it had before they existed.
 */
export const SERVER_UNWRITTEN_DEFAULTS = {
  stopMode: "graceful" as StopMode,
  rebootTriggers: [] as unknown[],
} as const;

/** Ownership tags look like `pulumi-stack:<project>/<stack>` (see provider/orphans). */
export const OWNER_TAG_PREFIX = "pulumi-stack:";

/** The config key (namespace `hosting`) that maps resource names to ids to adopt (registration.ts). */
export const ADOPT_CONFIG_KEY = "adopt";

