// The cheapest plan with 2 vCPUs and 4 GiB of RAM in Frankfurt
package main

import (
	"github.com/pulumi-hosting/pulumi-hosting/sdk/go/hosting"
	"github.com/pulumi/pulumi/sdk/v3/go/pulumi"
)

func main() {
	pulumi.Run(func(ctx *pulumi.Context) error {
		plan, err := hosting.GetPlan(ctx, &hosting.GetPlanArgs{
			Region:   pulumi.StringRef("fra"),
			MinVcpus: pulumi.IntRef(2),
			MinRamGb: pulumi.IntRef(4),
		}, nil)
		if err != nil {
			return err
		}
		ctx.Export("planId", pulumi.String(plan.Id))
		ctx.Export("pricePerMonth", pulumi.String(plan.PricePerMonth))
		return nil
	})
}
