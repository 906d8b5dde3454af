// The Debian images, newest first
package main

import (
	"github.com/pulumi-hosting/pulumi-hosting/sdk/go/hosting"
	"github.com/pulumi/pulumi/sdk/v3/go/pulumi"
)

func main() {
	pulumi.Run(func(ctx *pulumi.Context) error {
		debian, err := hosting.GetOsImages(ctx, &hosting.GetOsImagesArgs{
			Family: pulumi.StringRef("debian"),
		}, nil)
		if err != nil {
			return err
		}
		ctx.Export("slugs", pulumi.ToStringArray(debian.Slugs))
		return nil
	})
}
