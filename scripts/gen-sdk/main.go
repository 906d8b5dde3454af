// gen-sdk: the SDKs of schema.json, from the code generators `pulumi package gen-sdk` runs
// (github.com/pulumi/pulumi/pkg/v3/codegen/{nodejs,go,python}) at the CLI's version.
// Why not the command itself: since 3.1xx it asks each language's host (GeneratePackage),
// and pulumi-language-nodejs cannot be fetched here (scripts/setup-pulumi.sh says why).
//
//	gen-sdk <schema.json> <out dir> <language>...   (nodejs, go, python)
package main

import (
	"context"
	"encoding/json"
	"fmt"
	"os"
	"path/filepath"

	"github.com/blang/semver"

	gogen "github.com/pulumi/pulumi/pkg/v3/codegen/go"
	"github.com/pulumi/pulumi/pkg/v3/codegen/nodejs"
	"github.com/pulumi/pulumi/pkg/v3/codegen/python"
	"github.com/pulumi/pulumi/pkg/v3/codegen/schema"
)

const tool = "pulumi-hosting gen-sdk"

func main() {
	if len(os.Args) < 4 {
		fail(fmt.Errorf("usage: gen-sdk <schema.json> <out dir> <language>..."))
	}
	data, err := os.ReadFile(os.Args[1])
	if err != nil {
		fail(err)
	}
	var spec schema.PackageSpec
	if err := json.Unmarshal(data, &spec); err != nil {
		fail(fmt.Errorf("%s: %w", os.Args[1], err))
	}
	for _, lang := range os.Args[3:] {
		// BindSpec validates the spec against Pulumi's metaschema, as gen-sdk does. Once per
		// language: Go's generator renames the bound enums' values in place (PowerStateRunning),
		// which Python's would then prefix again (POWER_STATE_POWER_STATE_RUNNING).
		pkg, diags, err := schema.BindSpec(spec, noOtherPackages{}, schema.ValidationOptions{})
		if err != nil {
			fail(err)
		}
		if diags.HasErrors() {
			fail(diags)
		}
		var files map[string][]byte
		switch lang {
		case "nodejs":
			files, err = nodejs.GeneratePackage(tool, pkg, nil, nil, false, noOtherPackages{})
		case "go":
			files, err = gogen.GeneratePackage(tool, pkg, nil)
		case "python":
			files, err = python.GeneratePackage(tool, pkg, nil, noOtherPackages{})
		default:
			err = fmt.Errorf("unknown language %q (nodejs, go, python)", lang)
		}
		if err != nil {
			fail(fmt.Errorf("%s: %w", lang, err))
		}
		dir := filepath.Join(os.Args[2], lang)
		if err := os.RemoveAll(dir); err != nil {
			fail(err)
		}
		for name, content := range files {
			path := filepath.Join(dir, name)
			if err := os.MkdirAll(filepath.Dir(path), 0o755); err != nil {
				fail(err)
			}
			if err := os.WriteFile(path, content, 0o644); err != nil {
				fail(err)
			}
		}
		fmt.Printf("gen-sdk: %s: %d files in %s\n", lang, len(files), dir)
	}
}

func fail(err error) {
	fmt.Fprintf(os.Stderr, "gen-sdk: %v\n", err)
	os.Exit(1)
}

// noOtherPackages is the schema loader: hosting refers to no other package, so any request
// for one is an error rather than a plugin download.
type noOtherPackages struct{}

func (noOtherPackages) LoadPackage(pkg string, _ *semver.Version) (*schema.Package, error) {
	return nil, fmt.Errorf("schema.json refers to package %q; it may refer to none", pkg)
}

func (noOtherPackages) LoadPackageV2(_ context.Context, d *schema.PackageDescriptor) (*schema.Package, error) {
	return nil, fmt.Errorf("schema.json refers to package %q; it may refer to none", d.Name)
}

func (noOtherPackages) LoadPackageReference(pkg string, _ *semver.Version) (schema.PackageReference, error) {
	return nil, fmt.Errorf("schema.json refers to package %q; it may refer to none", pkg)
}

func (noOtherPackages) LoadPackageReferenceV2(_ context.Context, d *schema.PackageDescriptor) (schema.PackageReference, error) {
	return nil, fmt.Errorf("schema.json refers to package %q; it may refer to none", d.Name)
}
