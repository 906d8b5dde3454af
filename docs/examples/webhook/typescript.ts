// A webhook for server events
import * as pulumi from "@pulumi/pulumi";
import * as hosting from "@pulumi-hosting/sdk";

const config = new pulumi.Config();

const events = new hosting.Webhook("events", {
    url: "https://hooks.example.com/hosting",
    events: [hosting.WebhookEvent.ServerCreated, hosting.WebhookEvent.ServerStatusChanged],
    secret: config.requireSecret("webhookSecret"),
});

export const webhookId = events.id;
