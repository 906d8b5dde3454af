// A virtual server of the hosting API.
//   create  POST /v1/servers (with an Idempotency-Key), then GET /v1/servers polls until
//           `active` (one shared list call per poll); POST /v1/servers/:id/stop when
//           powerState is "stopped".
//   read    GET /v1/servers/:id, or one GET /v1/servers for concurrent reads.
//   update  PATCH /v1/servers/:id (label and tags in one call);
//           POST /v1/servers/:id/start|stop for powerState, then polls until settled.
//   delete  DELETE /v1/servers/:id (404 counts as done), then polls until it is gone.
// Everything else (region, plan, os/osId, hostname, sshKeyIds, userData, backups,
// ddosProtection) has no in-place update in the spec, so changing it replaces the server.

import * as pulumi from "@pulumi/pulumi";

export type PowerState = "running" | "stopped";

/** The arguments of a `Server`. */
export interface ServerArgs {
  /** Region id, e.g. "ewr". Changing it replaces the server. */
  region: pulumi.Input<string>;
  /** Plan id, e.g. "vc2-1c-1gb"; must be offered in the region. Changing it replaces the server. */
  plan: pulumi.Input<string>;
  /** OS image slug, e.g. "ubuntu-24.04". Give this or `osId`. Changing the image replaces the server. */
  os?: pulumi.Input<string>;
  /** Legacy integer OS image id. Naming the same image as `os` is no change. */
  osId?: pulumi.Input<number>;
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
  /** How long create, update and delete wait for the server to settle. @default 600 */
  waitTimeoutSeconds?: pulumi.Input<number>;
  /**
   * A tag that marks the server as this stack's, so that the orphan check (`hosting-orphans`)
   * finds servers a crashed `up` created but never recorded. Kept out of `tags`; updated in place.
   * @default "pulumi-stack:<project>/<stack>"
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
  waitTimeoutSeconds: number;
  ownerTag?: string;
}

/** The outputs: the inputs in normal form plus what the API reports, the same in both shapes. */
export interface ServerOutputs extends ServerInputs {
  status: string;
  mainIp: string;
  vcpus: number;
  ramGb: number;
  diskGb: number;
  osName: string;
  createdAt: string;
  pricePerHour: string;
}

// The shell that is serialized into state: two functions that load the implementation by
// package name at call time (see provider/internal/route.ts for why two).
const observe = (...a: any[]) => require("pulumi-hosting/internal/server").observe(a);
const change = (...a: any[]) => require("pulumi-hosting/internal/server").change(a);

/** The serialized provider of `Server` (a thin shell; the code lives in provider/internal/server.ts). */
export const serverProvider: pulumi.dynamic.ResourceProvider = {
  configure: observe,
  check: observe,
  diff: observe,
  read: observe,
  create: change,
  update: change,
  delete: change,
};

const OUTPUT_NAMES = [
  "status", "mainIp", "vcpus", "ramGb", "diskGb", "osName", "createdAt", "pricePerHour",
  "region", "plan", "os", "osId", "label", "hostname", "tags", "sshKeyIds", "backups",
  "ddosProtection", "userData", "powerState", "waitTimeoutSeconds", "ownerTag",
] as const;

/** A virtual server. `userData` is always a secret. */
export class Server extends pulumi.dynamic.Resource {
  // `declare`, not `!`: with target ES2022 (useDefineForClassFields) a `!` field would be
  // re-initialised to undefined after super() has set the Output.
  /** Current status: pending/starting, active, stopping, stopped, rebooting, error. */
  declare public readonly status: pulumi.Output<string>;
  /** Main IPv4 address. */
  declare public readonly mainIp: pulumi.Output<string>;
  /** Virtual CPUs. */
  declare public readonly vcpus: pulumi.Output<number>;
  /** RAM in GiB. */
  declare public readonly ramGb: pulumi.Output<number>;
  /** Disk in GB. */
  declare public readonly diskGb: pulumi.Output<number>;
  /** OS display name, e.g. "Ubuntu 24.04 LTS x64". */
  declare public readonly osName: pulumi.Output<string>;
  /** Creation time, ISO 8601 UTC. */
  declare public readonly createdAt: pulumi.Output<string>;
  /** Hourly price as a decimal string (from the plan when the API shape omits it). */
  declare public readonly pricePerHour: pulumi.Output<string>;
  /** Region id. */
  declare public readonly region: pulumi.Output<string>;
  /** Plan id. */
  declare public readonly plan: pulumi.Output<string>;
  /** OS image slug. */
  declare public readonly os: pulumi.Output<string>;
  /** Legacy integer OS image id. */
  declare public readonly osId: pulumi.Output<number>;
  /** Display label. */
  declare public readonly label: pulumi.Output<string>;
  /** Host name. */
  declare public readonly hostname: pulumi.Output<string>;
  /** Tags, sorted. */
  declare public readonly tags: pulumi.Output<string[]>;
  /** SSH key ids, sorted. */
  declare public readonly sshKeyIds: pulumi.Output<string[]>;
  /** Whether automatic backups are on. */
  declare public readonly backups: pulumi.Output<boolean>;
  /** Whether DDoS protection is on. */
  declare public readonly ddosProtection: pulumi.Output<boolean>;
  /** Start-up script (secret; write-only in the API, kept from the inputs). */
  declare public readonly userData: pulumi.Output<string | undefined>;
  /** Power state: "running" or "stopped". */
  declare public readonly powerState: pulumi.Output<PowerState>;
  /** Wait time-out in seconds. */
  declare public readonly waitTimeoutSeconds: pulumi.Output<number>;
  /** The stack's ownership tag, held by the API beside `tags`. */
  declare public readonly ownerTag: pulumi.Output<string | undefined>;

  constructor(name: string, args: ServerArgs, opts?: pulumi.CustomResourceOptions) {
    const props: Record<string, unknown> = Object.fromEntries(OUTPUT_NAMES.map((k) => [k, undefined]));
    Object.assign(props, args ?? {});
    if (args?.userData !== undefined) props.userData = pulumi.secret(args.userData);
    if (args && args.ownerTag === undefined) props.ownerTag = `pulumi-stack:${pulumi.getProject()}/${pulumi.getStack()}`;
    const secretOutputs = [...new Set([...(opts?.additionalSecretOutputs ?? []), "userData"])];
    super(serverProvider, name, props, { ...opts, additionalSecretOutputs: secretOutputs }, "hosting", "Server");
  }

  /** Adopts an existing server by id; a refresh-style read fills in every output. */
  public static get(name: string, id: pulumi.Input<pulumi.ID>, opts?: pulumi.CustomResourceOptions): Server {
    return new Server(name, undefined as unknown as ServerArgs, { ...opts, id });
  }
}
