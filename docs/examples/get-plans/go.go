// The dedicated plans offered in Amsterdam, cheapest first
package main

import (
	"github.com/pulumi-hosting/pulumi-hosting/sdk/go/hosting"
	"github.com/pulumi/pulumi/sdk/v3/go/pulumi"
)

func main() {
	pulumi.Run(func(ctx *pulumi.Context) error {
		dedicated, err := hosting.GetPlans(ctx, &hosting.GetPlansArgs{
			Type:   pulumi.StringRef("vdc"),
			Region: pulumi.StringRef("ams"),
		}, nil)
		if err != nil {
			return err
		}
		ctx.Export("planIds", pulumi.ToStringArray(dedicated.Ids))
		return nil
	})
}
