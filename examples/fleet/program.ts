// The fleet as a Pulumi program: one hosting.Fleet for the groups of the fleet file (a
// hosting.Server per `adopt:` entry), and one webhook that pushes their events to a receiver.
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

  // One Fleet holds every group's servers, named <group>-<region>-<n> and labelled so; each
  // also carries its group's tag. It converges by name and rolls replacements in batches.
  const entries = expandFleet(fleet);
  const dependsOn = webhook ? [webhook] : [];
  const members = entries.length === 0
    ? pulumi.output({} as Record<string, hosting.FleetMember>)
    : new hosting.Fleet(
        "fleet",
        {
          defaults: fleet.defaults,
          groups: fleet.rawGroups.map((g) => ({ ...g, tags: [...((g.tags as string[]) ?? []), `group:${g.name}`] })) as hosting.FleetGroup[],
          // Servers of per-server resources this fleet takes over by member key (`npm run demo`
          // sets it over a stack of the earlier demo: docs/guide/adoption-and-moves.md, "From Servers to a Fleet").
          adoptIds: config.getObject<Record<string, string>>("adoptIds"),
        },
        { dependsOn },
      ).members;

  // Existing servers: taken over by id, with the values hosting-import read from the API.
  const adopted = fleet.adopt.map(({ name, ...args }) => ({ name, server: new hosting.Server(name, args, { dependsOn }) }));

  type Row = { name: string; id: string; label: string; region: string; mainIp: string; status: string };
  const adoptedRows: pulumi.Output<Row>[] = adopted.map(({ name, server: s }) =>
    pulumi.all([s.id, s.label, s.region, s.mainIp, s.status]).apply(([id, label, region, mainIp, status]) => ({ name, id, label, region, mainIp, status })),
  );
  return {
    // In the file's order (group, region, number), as the report has always listed them.
    servers: pulumi.all([members, pulumi.all(adoptedRows)]).apply(([byKey, rest]) => [
      ...entries.map((e): Row => {
        const m = byKey[e.name];
        return { name: e.name, id: m?.id ?? "", label: m?.label ?? "", region: m?.region ?? e.region, mainIp: m?.mainIp ?? "", status: m?.status ?? "" };
      }),
      ...rest,
    ]),
    webhookId: webhook?.id,
  };
}
