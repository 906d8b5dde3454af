// The ids of the regions in Europe
package main

import (
	"github.com/pulumi-hosting/pulumi-hosting/sdk/go/hosting"
	"github.com/pulumi/pulumi/sdk/v3/go/pulumi"
)

func main() {
	pulumi.Run(func(ctx *pulumi.Context) error {
		europe, err := hosting.GetRegions(ctx, &hosting.GetRegionsArgs{
			Continent: pulumi.StringRef("Europe"),
		}, nil)
		if err != nil {
			return err
		}
		ctx.Export("regionIds", pulumi.ToStringArray(europe.Ids))
		return nil
	})
}
