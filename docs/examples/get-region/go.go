// The city of a region
package main

import (
	"github.com/pulumi-hosting/pulumi-hosting/sdk/go/hosting"
	"github.com/pulumi/pulumi/sdk/v3/go/pulumi"
)

func main() {
	pulumi.Run(func(ctx *pulumi.Context) error {
		frankfurt, err := hosting.GetRegion(ctx, &hosting.GetRegionArgs{Id: "fra"}, nil)
		if err != nil {
			return err
		}
		ctx.Export("city", pulumi.String(frankfurt.City))
		return nil
	})
}
