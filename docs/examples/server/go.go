// A server on the cheapest plan with 2 vCPUs in Frankfurt
package main

import (
	"github.com/pulumi-hosting/pulumi-hosting/sdk/go/hosting"
	"github.com/pulumi/pulumi/sdk/v3/go/pulumi"
)

func main() {
	pulumi.Run(func(ctx *pulumi.Context) error {
		plan := hosting.GetPlanOutput(ctx, hosting.GetPlanOutputArgs{
			Region:   pulumi.String("fra"),
			MinVcpus: pulumi.Int(2),
		}, nil)
		web, err := hosting.NewServer(ctx, "web", &hosting.ServerArgs{
			Region:     pulumi.String("fra"),
			Plan:       plan.Id(),
			Os:         pulumi.String("ubuntu-24.04"),
			Label:      pulumi.String("web-1"),
			Tags:       pulumi.StringArray{pulumi.String("web")},
			PowerState: hosting.PowerStateRunning,
		})
		if err != nil {
			return err
		}
		ctx.Export("mainIp", web.MainIp)
		ctx.Export("status", web.Status)
		return nil
	})
}
