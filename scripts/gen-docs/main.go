// gen-docs: the reference pages of schema.json, from Pulumi's own documentation generator
// (github.com/pulumi/pulumi/pkg/v3/codegen/docs): one Markdown page per resource and per
// function, with every language's signatures, properties and examples (TypeScript, Python,
// Go, C#, Java, YAML), as the Pulumi Registry renders them.
// Why pkg v3.143.0 and not the CLI's version (scripts/gen-sdk/main.go): the generator left
// pulumi/pulumi in v3.144.0 (pulumi/pulumi#18053) for pulumi/registry, whose module the
// module proxy reachable here refuses (403); v3.143.0 is its last release in pkg/v3.
//
//	gen-docs <schema.json> <out dir>
package main

import (
	"context"
	"encoding/json"
	"fmt"
	"os"
	"path/filepath"
	"sort"

	"github.com/blang/semver"

	"github.com/pulumi/pulumi/pkg/v3/codegen/docs"
	"github.com/pulumi/pulumi/pkg/v3/codegen/schema"
)

const tool = "pulumi-hosting gen-docs"

func main() {
	if len(os.Args) != 3 {
		fail(fmt.Errorf("usage: gen-docs <schema.json> <out dir>"))
	}
	data, err := os.ReadFile(os.Args[1])
	if err != nil {
		fail(err)
	}
	var spec schema.PackageSpec
	if err := json.Unmarshal(data, &spec); err != nil {
		fail(fmt.Errorf("%s: %w", os.Args[1], err))
	}
	pkg, diags, err := schema.BindSpec(spec, noOtherPackages{})
	if err != nil {
		fail(err)
	}
	if diags.HasErrors() {
		fail(diags)
	}
	docs.Initialize(tool, pkg)
	files, err := docs.GeneratePackage(tool, pkg)
	if err != nil {
		fail(err)
	}
	out := os.Args[2]
	if err := os.RemoveAll(out); err != nil {
		fail(err)
	}
	names := make([]string, 0, len(files))
	for name := range files {
		names = append(names, name)
	}
	sort.Strings(names)
	for _, name := range names {
		path := filepath.Join(out, name)
		if err := os.MkdirAll(filepath.Dir(path), 0o755); err != nil {
			fail(err)
		}
		if err := os.WriteFile(path, files[name], 0o644); err != nil {
			fail(err)
		}
	}
	fmt.Printf("gen-docs: %d pages in %s\n", len(names), out)
}

func fail(err error) {
	fmt.Fprintf(os.Stderr, "gen-docs: %v\n", err)
	os.Exit(1)
}

// noOtherPackages is the schema loader: hosting refers to no other package.
type noOtherPackages struct{}

func (noOtherPackages) LoadPackage(pkg string, _ *semver.Version) (*schema.Package, error) {
	return nil, fmt.Errorf("schema.json refers to package %q; it may refer to none", pkg)
}

func (noOtherPackages) LoadPackageV2(_ context.Context, d *schema.PackageDescriptor) (*schema.Package, error) {
	return nil, fmt.Errorf("schema.json refers to package %q; it may refer to none", d.Name)
}
