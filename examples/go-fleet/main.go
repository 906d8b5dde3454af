// go-fleet: a Go program on the hosting provider's Go SDK, run through Pulumi's Automation API
// as an inline program, so the Pulumi CLI is all it needs (no pulumi-language-go). The plugin
// comes from the release server the SDK's schema names (pluginDownloadURL) the first time a
// stack uses it, or from `pulumi plugin install`.
//
//	go-fleet <up|preview|destroy> [key=value | secret:key=value]...
//
// Each key=value is set in the stack's config first, in Pulumi.<stack>.yaml of the working
// directory, where it stays for later runs (hosting:apiKey belongs in secret:). The
// state backend, passphrase and Pulumi home come from the environment, as for the CLI:
// PULUMI_BACKEND_URL, PULUMI_CONFIG_PASSPHRASE, PULUMI_HOME. STACK names the stack (dev).
// The last line printed is `result: <JSON>` with the change counts and the outputs, secret
// outputs as "[secret]".
package main

import (
	"context"
	"encoding/json"
	"fmt"
	"os"
	"strings"

	"github.com/pulumi/pulumi/sdk/v3/go/auto"
	"github.com/pulumi/pulumi/sdk/v3/go/auto/optdestroy"
	"github.com/pulumi/pulumi/sdk/v3/go/auto/optpreview"
	"github.com/pulumi/pulumi/sdk/v3/go/auto/optup"
)

func main() {
	if len(os.Args) < 2 {
		fail(fmt.Errorf("usage: go-fleet <up|preview|destroy> [key=value | secret:key=value]..."))
	}
	ctx := context.Background()
	name := os.Getenv("STACK")
	if name == "" {
		name = "dev"
	}
	// The working directory holds the project's Pulumi.yaml and the stack's config file
	// (Pulumi.<stack>.yaml), as beside any Pulumi program, so config set once stays set.
	dir, err := os.Getwd()
	if err != nil {
		fail(err)
	}
	stack, err := auto.UpsertStackInlineSource(ctx, name, "go-fleet", fleet, auto.WorkDir(dir), auto.SecretsProvider("passphrase"))
	if err != nil {
		fail(err)
	}
	for _, arg := range os.Args[2:] {
		secret := strings.HasPrefix(arg, "secret:")
		key, value, ok := strings.Cut(strings.TrimPrefix(arg, "secret:"), "=")
		if !ok {
			fail(fmt.Errorf("config argument %q: want key=value or secret:key=value", arg))
		}
		if err := stack.SetConfig(ctx, key, auto.ConfigValue{Value: value, Secret: secret}); err != nil {
			fail(err)
		}
	}

	result := map[string]any{}
	switch os.Args[1] {
	case "up":
		res, err := stack.Up(ctx, optup.ProgressStreams(os.Stdout))
		if err != nil {
			fail(err)
		}
		result["changes"] = res.Summary.ResourceChanges
		outputs := map[string]any{}
		for k, v := range res.Outputs {
			if v.Secret {
				outputs[k] = "[secret]"
			} else {
				outputs[k] = v.Value
			}
		}
		result["outputs"] = outputs
	case "preview":
		res, err := stack.Preview(ctx, optpreview.ProgressStreams(os.Stdout), optpreview.Diff())
		if err != nil {
			fail(err)
		}
		result["changes"] = res.ChangeSummary
	case "destroy":
		res, err := stack.Destroy(ctx, optdestroy.ProgressStreams(os.Stdout))
		if err != nil {
			fail(err)
		}
		result["changes"] = res.Summary.ResourceChanges
	default:
		fail(fmt.Errorf("unknown command %q: want up, preview or destroy", os.Args[1]))
	}
	text, err := json.Marshal(result)
	if err != nil {
		fail(err)
	}
	fmt.Printf("result: %s\n", text)
}

func fail(err error) {
	fmt.Fprintf(os.Stderr, "go-fleet: %v\n", err)
	os.Exit(1)
}
