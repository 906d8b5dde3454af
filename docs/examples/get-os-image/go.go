// The newest Ubuntu LTS image
package main

import (
	"github.com/pulumi-hosting/pulumi-hosting/sdk/go/hosting"
	"github.com/pulumi/pulumi/sdk/v3/go/pulumi"
)

func main() {
	pulumi.Run(func(ctx *pulumi.Context) error {
		ubuntu, err := hosting.GetOsImage(ctx, &hosting.GetOsImageArgs{
			Family:      pulumi.StringRef("ubuntu"),
			NamePattern: pulumi.StringRef("LTS"),
		}, nil)
		if err != nil {
			return err
		}
		ctx.Export("slug", pulumi.String(ubuntu.Slug))
		return nil
	})
}
