// A virtual server of the hosting API.
//   create  POST /v1/servers (with an Idempotency-Key), then polls until `active` (one shared
//           list call per poll); POST /v1/servers/:id/stop when powerState is "stopped".
//           With adoptId (or `hosting:adopt` config): no POST; see adopt.ts.
//   read    GET /v1/servers/:id, or one GET /v1/servers for concurrent reads.
//   update  PATCH /v1/servers/:id (label and tags in one call); POST .../start|stop|halt for
//           powerState, POST .../reboot when rebootTriggers change, then polls until settled.
//   delete  a read first: a server a Fleet of the stack holds is left to it (fleet-held.ts);
//           else DELETE /v1/servers/:id (404 counts as done), then polls until it is gone.
// Every other input (region, plan, os/osId, hostname, sshKeyIds, userData, backups,
// ddosProtection) has no in-place update in the spec, so changing it replaces the server.

import * as pulumi from "@pulumi/pulumi";
import { assertInDeployment } from "../core/engine-context";
import { warnIfSecretsArePlain } from "../core/plain-secret-warning";
import { isolateEngineConnections } from "../core/engine-connections";
import { providerShell, shellCache } from "../core/shell";
import type { ResourceFacts } from "../core/context";
import type { PowerState, ServerArgs, StopMode } from "./types";
import { serverRegistration } from "./registration";
import type { Integer } from "../api/wire/types";

export type { PowerState, ServerArgs, ServerInputs, ServerOutputs, StopMode } from "./types";

// The shell that is serialized into state: two functions that load the implementation by
// package name at call time (see provider/core/route.ts for why two).
/** The serialized provider of a `Server` with these facts (a thin shell; the code lives in provider/server/provider.ts). */
export const serverProvider = shellCache((facts: ResourceFacts) =>
  providerShell(
    (...a: unknown[]) => require("pulumi-hosting/internal/server").observe(a, facts),
    (...a: unknown[]) => require("pulumi-hosting/internal/server").change(a, facts),
  ),
);

// Before any run of this process opens its engine connections (engine-connections.ts).
isolateEngineConnections();

/** A virtual server. `userData` is always a secret. */
export class Server extends pulumi.dynamic.Resource {
  // `declare`, not `!`: with target ES2022 (useDefineForClassFields) a `!` field would be
  // re-initialised to undefined after super() has set the Output.
  /**
   * Current status: pending/starting, active, stopping, stopped, rebooting, error. A plain string,
   * not the ServerStatus enum, in the schema too: Pulumi YAML refuses an enum-typed output where a
   * string input takes it (`label: ${web.status}`).
   */
  declare public readonly status: pulumi.Output<string>;
  /** Main IPv4 address. */
  declare public readonly mainIp: pulumi.Output<string>;
  /** Virtual CPUs. */
  declare public readonly vcpus: pulumi.Output<Integer>;
  /** RAM in GiB. */
  declare public readonly ramGb: pulumi.Output<Integer>;
  /** Disk in GB. */
  declare public readonly diskGb: pulumi.Output<Integer>;
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
  declare public readonly osId: pulumi.Output<Integer>;
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
  declare public readonly waitTimeoutSeconds: pulumi.Output<Integer>;
  /** The stack's ownership tag, held by the API beside `tags`. */
  declare public readonly ownerTag: pulumi.Output<string | undefined>;
  /** How `powerState: "stopped"` stops the server ("graceful" or "hard"), when declared. */
  declare public readonly stopMode: pulumi.Output<StopMode | undefined>;
  /** The values whose change reboots the server, when declared. */
  declare public readonly rebootTriggers: pulumi.Output<unknown[] | undefined>;

  constructor(name: string, args: ServerArgs, opts?: pulumi.CustomResourceOptions);
  /** Server.get's form: no arguments; `opts.id` names the server to read. */
  constructor(name: string, args: undefined, opts: pulumi.CustomResourceOptions & { id: pulumi.Input<pulumi.ID> });
  constructor(name: string, args: ServerArgs | undefined, opts?: pulumi.CustomResourceOptions) {
    assertInDeployment("hosting:Server", name);
    // Here, in the program process: the provider process cannot tell (core/plain-secret-warning.ts).
    warnIfSecretsArePlain();
    const { props, facts, opts: options } = serverRegistration(name, args, opts);
    super(serverProvider(facts), name, props, options, "hosting", "Server");
  }

  /** Adopts an existing server by id; a refresh-style read fills in every output. */
  public static get(name: string, id: pulumi.Input<pulumi.ID>, opts?: pulumi.CustomResourceOptions): Server {
    return new Server(name, undefined, { ...opts, id });
  }
}
