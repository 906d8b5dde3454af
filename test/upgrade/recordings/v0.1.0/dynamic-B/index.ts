// Recorded by scripts/upgrade/record.ts: the dynamic face, shape B.
import * as pulumi from "@pulumi/pulumi";
import * as hosting from "pulumi-hosting";

const config = new pulumi.Config();
const events = new hosting.Webhook("events", { url: "http://127.0.0.1:9/events", events: ["server.created","server.deleted"], secret: config.requireSecret("webhookSecret") });
const web = new hosting.Server("web", {"region":"fra","plan":"vc2-1c-1gb","os":"debian-12","label":"upgrade-web","tags":["upgrade","web"],"powerState":"stopped","userData":"#!/bin/sh\necho recorded-for-upgrade\n","ddosProtection":true,"backups":true}, { dependsOn: [events] });
const fleet = new hosting.Fleet("fleet", {"defaults":{"plan":"vc2-1c-1gb","os":"ubuntu-24.04","tags":["fleet"]},"groups":[{"name":"web","regions":["ewr","fra"]},{"name":"db","regions":["ewr"],"plan":"vc2-2c-4gb"}]}, { dependsOn: [events] });

export const webId = web.id;
export const webhookId = events.id;
export const members = fleet.members;
