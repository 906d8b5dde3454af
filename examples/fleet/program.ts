// The fleet as a Pulumi program: one hosting.Server per entry of the fleet
// file, and one webhook that pushes their events to a receiver.
import * as pulumi from "@pulumi/pulumi";
import * as hosting from "pulumi-hosting";
import { expandFleet, readFleetFile } from "./fleet-file";

export interface FleetOutputs {
  servers: pulumi.Output<{ name: string; id: string; label: string; region: string; mainIp: string; status: string }[]>;
  webhookId?: pulumi.Output<string>;
}

/**
 * Declares the fleet of `fleetFile`. Stack config `fleet:webhookUrl` (and the
 * secret `fleet:webhookSecret`) add the webhook; without them there is none.
 */
export function fleetProgram(fleetFile: string): FleetOutputs {
  const fleet = readFleetFile(fleetFile);
  const config = new pulumi.Config("fleet");

  // The webhook goes first: a server created before it exists emits events nobody hears.
  const webhookUrl = config.get("webhookUrl");
  const webhook = webhookUrl
    ? new hosting.Webhook("fleet-events", {
        url: webhookUrl,
        // Names from the fleet file; the provider's check refuses any that is not an event.
        events: fleet.webhookEvents as hosting.WebhookEvent[],
        secret: config.getSecret("webhookSecret"),
      })
    : undefined;

  const entries = expandFleet(fleet);
  const servers = entries.map(
    (entry) =>
      new hosting.Server(
        entry.name,
        {
          region: entry.region,
          plan: entry.plan,
          os: entry.os,
          label: entry.name,
          tags: [...entry.tags, `group:${entry.group}`],
        },
        { dependsOn: webhook ? [webhook] : [] },
      ),
  );

  // Existing servers: taken over by id, with the values hosting-import read from the API.
  for (const { name, ...args } of fleet.adopt) {
    servers.push(new hosting.Server(name, args, { dependsOn: webhook ? [webhook] : [] }));
  }
  const names = [...entries.map((e) => e.name), ...fleet.adopt.map((a) => a.name)];

  return {
    servers: pulumi.all(
      servers.map((s, i) =>
        pulumi.all([s.id, s.label, s.region, s.mainIp, s.status]).apply(([id, label, region, mainIp, status]) => ({
          name: names[i],
          id,
          label,
          region,
          mainIp,
          status,
        })),
      ),
    ),
    webhookId: webhook?.id,
  };
}
