// A webhook for server events
package main

import (
	"github.com/pulumi-hosting/pulumi-hosting/sdk/go/hosting"
	"github.com/pulumi/pulumi/sdk/v3/go/pulumi"
	"github.com/pulumi/pulumi/sdk/v3/go/pulumi/config"
)

func main() {
	pulumi.Run(func(ctx *pulumi.Context) error {
		cfg := config.New(ctx, "")
		events, err := hosting.NewWebhook(ctx, "events", &hosting.WebhookArgs{
			Url: pulumi.String("https://hooks.example.com/hosting"),
			Events: hosting.WebhookEventArray{
				hosting.WebhookEventServerCreated,
				hosting.WebhookEventServerStatusChanged,
			},
			Secret: cfg.RequireSecret("webhookSecret"),
		})
		if err != nil {
			return err
		}
		ctx.Export("webhookId", events.ID())
		return nil
	})
}
