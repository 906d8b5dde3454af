#!/usr/bin/env bash
# Generates the reference pages of schema.json into docs/reference/ (committed): one page per
# resource and per function, every language, from Pulumi's own documentation generator
# (scripts/gen-docs/main.go), then stamps docs/reference/STAMP with the hashes of the schema and the pages.
# test/docs/reference-pages.test.ts fails when the pages and the schema drift.
#   bash scripts/gen-docs.sh            rewrites docs/reference (npm run docs:reference)
#   bash scripts/gen-docs.sh --tool     only builds the generator and prints its path
# The generator is built once per machine and cached under ~/.cache/pulumi-hosting (keyed by
# its pkg version and the source's hash), like scripts/gen-sdk.sh's. Its pkg version is not
# the CLI's: the docs generator left github.com/pulumi/pulumi/pkg/v3 in v3.144.0 for
# pulumi/registry, whose module the module proxy refuses here; v3.143.0 is its last release.
set -euo pipefail

ROOT="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
CACHE_ROOT="${PULUMI_HOSTING_CACHE:-${XDG_CACHE_HOME:-$HOME/.cache}/pulumi-hosting}"
DOCS_PKG_VERSION=3.143.0
command -v go >/dev/null || { echo "gen-docs: Go is needed to build the generator" >&2; exit 1; }
SOURCE_HASH="$(sha256sum "$ROOT/scripts/gen-docs/main.go" | cut -c1-12)"
TOOL_DIR="$CACHE_ROOT/gen-docs-v$DOCS_PKG_VERSION-$SOURCE_HASH"
export GOFLAGS=-mod=mod GOTOOLCHAIN=local

mkdir -p "$CACHE_ROOT"
exec 7>"$CACHE_ROOT/.gen-docs-build.lock"
flock 7
if [[ ! -x "$TOOL_DIR/gen-docs" ]]; then
  echo "gen-docs: building the generator at pulumi pkg v$DOCS_PKG_VERSION (first time on this machine)..." >&2
  work="$(mktemp -d)"
  cp "$ROOT/scripts/gen-docs/main.go" "$work/"
  (
    cd "$work"
    cat > go.mod <<MOD
module pulumi-hosting/gen-docs

go 1.24

// Copied from pulumi's pkg/go.mod at v$DOCS_PKG_VERSION.
replace github.com/atotto/clipboard => github.com/tgummerer/clipboard v0.0.0-20241001131231-d02d263e614e
replace github.com/sergi/go-diff => github.com/sergi/go-diff v1.1.0
replace github.com/xanzy/ssh-agent => github.com/pulumi/ssh-agent v0.5.1
MOD
    go get "github.com/pulumi/pulumi/pkg/v3@v$DOCS_PKG_VERSION" "github.com/pulumi/pulumi/sdk/v3@v$DOCS_PKG_VERSION" >/dev/null 2>&1
    mkdir -p "$TOOL_DIR.tmp"
    CGO_ENABLED=0 go build -trimpath -ldflags "-s -w" -o "$TOOL_DIR.tmp/gen-docs" .
  ) || { rm -rf "$work" "$TOOL_DIR.tmp"; echo "gen-docs: the generator could not be built" >&2; exit 1; }
  rm -rf "$work" "$TOOL_DIR" && mv "$TOOL_DIR.tmp" "$TOOL_DIR"
fi
flock -u 7

if [[ "${1:-}" == "--tool" ]]; then
  echo "$TOOL_DIR/gen-docs"
  exit 0
fi

OUT="$ROOT/docs/reference"
"$TOOL_DIR/gen-docs" "$ROOT/schema.json" "$OUT"
# The stamp: the schema the pages were made from, and the pages as made (a hand edit shows).
{
  echo "schema.json $(sha256sum < "$ROOT/schema.json" | cut -d' ' -f1)"
  echo "pages $(cd "$OUT" && find . -name '*.md' | LC_ALL=C sort | xargs sha256sum | sha256sum | cut -d' ' -f1)"
} > "$OUT/STAMP"
echo "gen-docs: stamped $OUT/STAMP"
