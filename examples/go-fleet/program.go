package main

import (
	"github.com/pulumi-hosting/pulumi-hosting/sdk/go/hosting"
	"github.com/pulumi/pulumi/sdk/v3/go/pulumi"
	"github.com/pulumi/pulumi/sdk/v3/go/pulumi/config"
)

// fleet is the Pulumi program: two servers on the cheapest plan of Frankfurt, a webhook, and
// the OS image they run, found with lookups of the provider plugin. Its stack config:
// label and os (the server label and OS slug), webhookUrl and webhookSecret (secret).
func fleet(ctx *pulumi.Context) error {
	cfg := config.New(ctx, "")
	label := cfg.Get("label")
	if label == "" {
		label = "go-fleet"
	}
	osSlug := cfg.Get("os")
	if osSlug == "" {
		osSlug = "ubuntu-24.04"
	}

	plan, err := hosting.GetPlan(ctx, &hosting.GetPlanArgs{Region: pulumi.StringRef("fra")})
	if err != nil {
		return err
	}
	image, err := hosting.GetOsImage(ctx, &hosting.GetOsImageArgs{Slug: pulumi.StringRef(osSlug)})
	if err != nil {
		return err
	}

	events, err := hosting.NewWebhook(ctx, "events", &hosting.WebhookArgs{
		Url:    pulumi.String(cfg.Require("webhookUrl")),
		Events: hosting.WebhookEventArray{hosting.WebhookEventServerCreated, hosting.WebhookEventServerDeleted},
		Secret: cfg.RequireSecret("webhookSecret"),
	})
	if err != nil {
		return err
	}
	for i, region := range []string{"fra", "ewr"} {
		server, err := hosting.NewServer(ctx, []string{"web-1", "web-2"}[i], &hosting.ServerArgs{
			Region: pulumi.String(region),
			Plan:   pulumi.String(plan.Id),
			Os:     pulumi.String(image.Slug),
			Label:  pulumi.String(label),
			Tags:   pulumi.StringArray{pulumi.String("web"), pulumi.String("go")},
		}, pulumi.DependsOn([]pulumi.Resource{events}))
		if err != nil {
			return err
		}
		ctx.Export([]string{"web1Ip", "web2Ip"}[i], server.MainIp)
		ctx.Export([]string{"web1Id", "web2Id"}[i], server.ID())
	}
	ctx.Export("planId", pulumi.String(plan.Id))
	ctx.Export("osName", pulumi.String(image.Name))
	ctx.Export("webhookId", events.ID())
	return nil
}
