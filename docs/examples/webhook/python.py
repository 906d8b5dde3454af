# A webhook for server events
import pulumi
import pulumi_hosting as hosting

config = pulumi.Config()

events = hosting.Webhook("events",
    url="https://hooks.example.com/hosting",
    events=[hosting.WebhookEvent.SERVER_CREATED, hosting.WebhookEvent.SERVER_STATUS_CHANGED],
    secret=config.require_secret("webhookSecret"))

pulumi.export("webhookId", events.id)
