#!/usr/bin/env bash
# Generates the SDKs of schema.json into sdk/ (not committed) and proves each one:
#   sdk/nodejs   compiled with tsc (test/e2e/plugin-sdk-node.test.ts runs a program on it)
#   sdk/go       `go build` against github.com/pulumi/pulumi/sdk/v3 at the CLI's version, as the
#                module github.com/pulumi-hosting/pulumi-hosting/sdk (sdk/go.mod), the layout of
#                Pulumi's providers (pulumi-hcloud: sdk/go.mod, package sdk/go/hcloud)
#   sdk/python   `python3 -m compileall` (no Python registry is reachable here)
#   sdk/java     pulumi-java's generator, a jar built by Maven (scripts/release/java-sdk.sh)
# HOSTING_SDK_SCHEMA and HOSTING_SDK_DIR name another schema and folder (the release's:
# scripts/release/sdks.ts).
# The generator is scripts/gen-sdk/main.go: the code generators `pulumi package gen-sdk`
# runs, at the version of the CLI in .tools/bin, built once per machine and cached under
# ~/.cache/pulumi-hosting (keyed by that version and the source's hash), like the CLI.
# Why not `pulumi package gen-sdk` itself: it asks each language's host to generate, and
# the Node.js host's Go module is refused by the module proxy (scripts/setup-pulumi.sh).
set -euo pipefail

ROOT="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
CACHE_ROOT="${PULUMI_HOSTING_CACHE:-${XDG_CACHE_HOME:-$HOME/.cache}/pulumi-hosting}"
PULUMI="$ROOT/.tools/bin/pulumi"
[[ -x "$PULUMI" ]] || { echo "gen-sdk: no Pulumi CLI in .tools/bin; run npm run setup:pulumi first" >&2; exit 1; }
command -v go >/dev/null || { echo "gen-sdk: Go is needed to build the generator" >&2; exit 1; }
VERSION="$("$PULUMI" version)"; VERSION="${VERSION#v}"
SOURCE_HASH="$(sha256sum "$ROOT/scripts/gen-sdk/main.go" | cut -c1-12)"
TOOL_DIR="$CACHE_ROOT/gen-sdk-v$VERSION-$SOURCE_HASH"
export GOFLAGS=-mod=mod GOTOOLCHAIN=local

mkdir -p "$CACHE_ROOT"
exec 7>"$CACHE_ROOT/.gen-sdk-build.lock"
flock 7
if [[ ! -x "$TOOL_DIR/gen-sdk" ]]; then
  echo "gen-sdk: building the generator at pulumi v$VERSION (first time on this machine)..."
  work="$(mktemp -d)"
  cp "$ROOT/scripts/gen-sdk/main.go" "$work/"
  (
    cd "$work"
    cat > go.mod <<MOD
module pulumi-hosting/gen-sdk

go 1.24

// Copied from pulumi's pkg/go.mod, as scripts/setup-pulumi.sh does.
replace github.com/atotto/clipboard => github.com/tgummerer/clipboard v0.0.0-20241001131231-d02d263e614e
MOD
    go get "github.com/pulumi/pulumi/pkg/v3@v$VERSION" "github.com/pulumi/pulumi/sdk/v3@v$VERSION" >/dev/null
    mkdir -p "$TOOL_DIR.tmp"
    CGO_ENABLED=0 go build -trimpath -ldflags "-s -w" -o "$TOOL_DIR.tmp/gen-sdk" .
  ) || { rm -rf "$work" "$TOOL_DIR.tmp"; echo "gen-sdk: the generator could not be built" >&2; exit 1; }
  rm -rf "$work" "$TOOL_DIR" && mv "$TOOL_DIR.tmp" "$TOOL_DIR"
fi
flock -u 7

SDK="${HOSTING_SDK_DIR:-$ROOT/sdk}"
"$TOOL_DIR/gen-sdk" "${HOSTING_SDK_SCHEMA:-$ROOT/schema.json}" "$SDK" nodejs go python
# The schema's version, which is package.json's unless a release names another (--version).
PKG_VERSION="$(node -p "JSON.parse(require('fs').readFileSync('${HOSTING_SDK_SCHEMA:-$ROOT/schema.json}', 'utf8')).version")"

# Node.js: the version placeholder, as provider repositories' builds fill it, then tsc.
sed -i "s/\${VERSION}/$PKG_VERSION/" "$SDK/nodejs/package.json"
(cd "$SDK/nodejs" && "$ROOT/node_modules/.bin/tsc" -p tsconfig.json)
cp "$SDK/nodejs/package.json" "$SDK/nodejs/bin/package.json"
echo "gen-sdk: nodejs compiled into sdk/nodejs/bin"

# Go: the module of the generated package, built against the SDK of the CLI's version.
GO_MODULE="$(node -p "require('$ROOT/dist/scripts/schema/generate.js').GO_MODULE")"
rm -f "$SDK/go.mod" "$SDK/go.sum"
cat > "$SDK/go.mod" <<MOD
module $GO_MODULE

go 1.24
MOD
(cd "$SDK" && go get "github.com/pulumi/pulumi/sdk/v3@v$VERSION" >/dev/null && go build ./go/...)
echo "gen-sdk: go ($GO_MODULE) builds against github.com/pulumi/pulumi/sdk/v3 v$VERSION"

python3 -m compileall -q "$SDK/python" >/dev/null
echo "gen-sdk: python byte-compiles ($(python3 --version))"

# Java: pulumi-java's generator, then Maven against com.pulumi:pulumi (skipped, saying so, without
# a JDK or Maven, except under CI).
bash "$ROOT/scripts/release/java-sdk.sh" "${HOSTING_SDK_SCHEMA:-$ROOT/schema.json}" "$SDK/java"
