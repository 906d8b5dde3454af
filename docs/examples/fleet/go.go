// Two groups of servers in two regions, replaced two at a time once healthy, one canary first
package main

import (
	"github.com/pulumi-hosting/pulumi-hosting/sdk/go/hosting"
	"github.com/pulumi/pulumi/sdk/v3/go/pulumi"
)

func main() {
	pulumi.Run(func(ctx *pulumi.Context) error {
		fleet, err := hosting.NewFleet(ctx, "fleet", &hosting.FleetArgs{
			Defaults: &hosting.FleetDefaultsArgs{
				Plan:  pulumi.String("vc2-1c-1gb"),
				Os:    pulumi.String("ubuntu-24.04"),
				Label: pulumi.String("{key}"),
				Tags:  pulumi.StringArray{pulumi.String("fleet")},
			},
			Groups: hosting.FleetGroupArray{
				&hosting.FleetGroupArgs{Name: pulumi.String("web"), Regions: pulumi.StringArray{pulumi.String("ewr"), pulumi.String("fra")}, Count: pulumi.Int(2)},
				&hosting.FleetGroupArgs{Name: pulumi.String("db"), Regions: pulumi.StringArray{pulumi.String("ewr"), pulumi.String("fra")}, Plan: pulumi.String("vc2-2c-4gb")},
			},
			MaxSurge: pulumi.Int(2),
			HealthCheck: &hosting.FleetHealthCheckArgs{
				Url:              pulumi.String("http://{mainIp}:8080/healthz"),
				GraceSeconds:     pulumi.Float64(10),
				HealthyThreshold: pulumi.Int(3),
				DeadlineSeconds:  pulumi.Float64(300),
			},
			Canary: pulumi.Int(1),
		})
		if err != nil {
			return err
		}
		ctx.Export("members", fleet.Members)
		return nil
	})
}
