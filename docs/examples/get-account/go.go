// The balance of the API key's account
package main

import (
	"github.com/pulumi-hosting/pulumi-hosting/sdk/go/hosting"
	"github.com/pulumi/pulumi/sdk/v3/go/pulumi"
)

func main() {
	pulumi.Run(func(ctx *pulumi.Context) error {
		account, err := hosting.GetAccount(ctx, nil)
		if err != nil {
			return err
		}
		ctx.Export("balance", pulumi.String(account.Balance))
		return nil
	})
}
