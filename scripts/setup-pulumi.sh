#!/usr/bin/env bash
# Puts a Pulumi CLI into .tools/bin: a `pulumi` already on PATH at or above the
# CLI version we test (scripts/lanes.json `cli`), or else one built and cached here.
# PULUMI_HOSTING_ROOT names another project to set up (a test lane's fresh project,
# scripts/run-lane.sh); its own @pulumi/pulumi supplies the dynamic-provider shim.
#
# Why a build: the `pulumi` npm package downloads a binary, which fails on an
# offline machine, so we compile the CLI from its Go module. Its own go.mod has
# `replace ../sdk` lines that stop `go install`, so we build through a small
# wrapper module. The result is cached per machine under ~/.cache (keyed by
# version) so a fresh clone, and CI's clean checkout, link it instead of
# compiling again (a cold build takes minutes on 2 cores).
#
# The dynamic-provider shim `pulumi-resource-pulumi-nodejs` ships inside the
# @pulumi/pulumi npm tarball. We copy it beside the cached CLI binary: the engine
# treats plugins next to its own executable as bundled, and warns ("using
# pulumi-resource-pulumi-nodejs from $PATH") about any other location.
#
# `pulumi-language-nodejs` cannot be built: the Go module proxy reachable here
# refuses github.com/pulumi/pulumi/sdk/nodejs/cmd/pulumi-language-nodejs/v3 at
# every version (403). The tests, demo and benchmarks drive the engine through
# the Automation API with inline programs, whose language host runs inside the
# Node process (`pulumi up --client=...`). For a plain `pulumi up` in this
# repository, .tools/bin gets a small stand-in written in Node
# (scripts/language-host/), unless a real host is already on PATH.
set -euo pipefail

SCRIPT_ROOT="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
ROOT="${PULUMI_HOSTING_ROOT:-$SCRIPT_ROOT}"
BIN="$ROOT/.tools/bin"
SDK_DIR="$ROOT/node_modules/@pulumi/pulumi"
mkdir -p "$BIN"

if [[ ! -f "$SDK_DIR/package.json" ]]; then
  echo "setup-pulumi: @pulumi/pulumi is not installed; run 'npm ci' first" >&2
  exit 1
fi
CACHE_ROOT="${PULUMI_HOSTING_CACHE:-${XDG_CACHE_HOME:-$HOME/.cache}/pulumi-hosting}"
# The CLI versions we build: the one every lane is tested with (scripts/lanes.json `cli`)
# first, so that each machine runs the same engine, then older fallbacks for a module proxy
# that refuses it (such a CLI fails CI's version check: scripts/run-lane.sh). A newer CLI
# already cached is not picked up: on 2026-11-24 3.260.0 was served, and a cache holding it
# made the lanes run an untested engine.
read -r -a CLI_VERSIONS <<< "${PULUMI_CLI_VERSIONS:-$(node -p "require('$SCRIPT_ROOT/scripts/lanes.json').cli") 3.255.0 3.252.0}"

# Links the shim into .tools/bin, from a copy beside the CLI in $1 when given.
link_shim() {
  local shim="$SDK_DIR/pulumi-resource-pulumi-nodejs"
  [[ -f "$shim" ]] || { echo "setup-pulumi: $shim is missing from the @pulumi/pulumi package" >&2; exit 1; }
  if [[ -n "${1:-}" ]]; then
    cp "$shim" "$1/pulumi-resource-pulumi-nodejs.tmp.$$" && mv "$1/pulumi-resource-pulumi-nodejs.tmp.$$" "$1/pulumi-resource-pulumi-nodejs"
    shim="$1/pulumi-resource-pulumi-nodejs"
  fi
  ln -sf "$shim" "$BIN/pulumi-resource-pulumi-nodejs"
}

# The Node stand-in for the language host, unless a real one is on PATH.
link_language_host() {
  local real; real="$(PATH="${PATH//$BIN:/}" command -v pulumi-language-nodejs || true)"
  if [[ -n "$real" ]]; then ln -sf "$real" "$BIN/pulumi-language-nodejs"; return; fi
  rm -f "$BIN/pulumi-language-nodejs"
  cat > "$BIN/pulumi-language-nodejs" <<HOST
#!/bin/sh
# Written by scripts/setup-pulumi.sh: the Node stand-in for the language host.
host="$ROOT/dist/scripts/language-host/main.js"
[ -f "\$host" ] || { echo "pulumi-language-nodejs: \$host is missing; run npm run build" >&2; exit 1; }
exec node "\$host" "\$@"
HOST
  chmod +x "$BIN/pulumi-language-nodejs"
}

# Pulumi YAML's language host (`runtime: yaml`, examples/yaml-fleet): built from its Go
# module, which the module proxy serves, and cached per machine like the CLI (keyed by
# version). A failed build leaves the CLI usable; only the YAML tests then fail, naming it.
YAML_VERSION="${PULUMI_YAML_VERSION:-1.25.0}"
link_yaml_host() {
  local cache="$CACHE_ROOT/pulumi-language-yaml-v$YAML_VERSION"
  mkdir -p "$CACHE_ROOT"
  # One build per machine, as for the CLI.
  exec 8>"$CACHE_ROOT/.yaml-build.lock"
  flock 8
  if [[ ! -x "$cache/pulumi-language-yaml" ]]; then
    command -v go >/dev/null || { echo "setup-pulumi: Go is needed to build pulumi-language-yaml" >&2; return 0; }
    echo "setup-pulumi: building pulumi-language-yaml v$YAML_VERSION from its Go module (first time on this machine)..."
    mkdir -p "$cache.tmp"
    if GOFLAGS=-mod=mod GOTOOLCHAIN=local CGO_ENABLED=0 GOBIN="$cache.tmp" \
        go install -trimpath -ldflags "-s -w" "github.com/pulumi/pulumi-yaml/cmd/pulumi-language-yaml@v$YAML_VERSION"; then
      rm -rf "$cache" && mv "$cache.tmp" "$cache"
    else
      rm -rf "$cache.tmp"
      echo "setup-pulumi: pulumi-language-yaml v$YAML_VERSION could not be built; runtime: yaml projects will not run" >&2
      flock -u 8
      return 0
    fi
  fi
  flock -u 8
  local host="$cache/pulumi-language-yaml"
  # Beside the CLI, as for the shim: the engine then takes it as bundled and does not warn.
  if [[ -n "${1:-}" ]]; then
    cp "$host" "$1/pulumi-language-yaml.tmp.$$" && mv "$1/pulumi-language-yaml.tmp.$$" "$1/pulumi-language-yaml"
    host="$1/pulumi-language-yaml"
  fi
  ln -sf "$host" "$BIN/pulumi-language-yaml"
}

# The lowest CLI version a lane tests with; a user's own CLI at or above it is used as is.
LOWEST_CLI="$(node -p "require('$SCRIPT_ROOT/scripts/lanes.json').cli")"
version_at_least() { [[ "$(printf '%s\n%s\n' "$2" "$1" | sort -V | head -1)" == "$2" ]]; }

# A pulumi already on PATH (outside .tools) is used when it is new enough: no build then.
existing="$(PATH="${PATH//$BIN:/}" command -v pulumi || true)"
if [[ -n "$existing" && "$existing" != "$BIN/pulumi" ]]; then
  found="$("$existing" version 2>/dev/null || true)"
  if [[ "$found" =~ ^v[0-9]+\.[0-9]+\.[0-9]+ ]] && version_at_least "${found#v}" "$LOWEST_CLI"; then
    ln -sf "$existing" "$BIN/pulumi"
    link_shim
    link_language_host
    link_yaml_host
    echo "setup-pulumi: using $existing ($found, at or above v$LOWEST_CLI)"
    exit 0
  fi
  echo "setup-pulumi: $existing is ${found:-of unknown version}, below v$LOWEST_CLI; using a cached or built CLI" >&2
fi

# Builds CLI version $1 into $CACHE_ROOT/pulumi-cli-v$1; fails when the proxy refuses it.
build_cli() {
  local version="$1" cache="$CACHE_ROOT/pulumi-cli-v$1" work
  command -v go >/dev/null || { echo "setup-pulumi: Go is needed to build the Pulumi CLI" >&2; return 1; }
  echo "setup-pulumi: building the Pulumi CLI v$version from its Go module (first time on this machine; minutes)..."
  work="$(mktemp -d)"
  (
    cd "$work"
    cat > go.mod <<MOD
module pulumi-hosting/cli-build

go 1.24

// Copied from pkg/go.mod: the CLI's clipboard dependency is a fork.
replace github.com/atotto/clipboard => github.com/tgummerer/clipboard v0.0.0-20241001131231-d02d263e614e
MOD
    # Go's checksum database stays on: the module proxy also serves it (<proxy>/sumdb/).
    export GOFLAGS=-mod=mod GOTOOLCHAIN=local
    go get "github.com/pulumi/pulumi/pkg/v3@v$version" "github.com/pulumi/pulumi/sdk/v3@v$version" >/dev/null &&
      mkdir -p "$cache.tmp" &&
      CGO_ENABLED=0 go build -trimpath \
        -ldflags "-s -w -X github.com/pulumi/pulumi/sdk/v3/go/common/version.Version=v$version" \
        -o "$cache.tmp/pulumi" github.com/pulumi/pulumi/pkg/v3/cmd/pulumi
  ) || { rm -rf "$work" "$cache.tmp"; return 1; }
  rm -rf "$work" "$cache" && mv "$cache.tmp" "$cache"
}

cached_cli() {
  local v
  for v in "${CLI_VERSIONS[@]}"; do
    [[ -x "$CACHE_ROOT/pulumi-cli-v$v/pulumi" ]] && { echo "$CACHE_ROOT/pulumi-cli-v$v"; return 0; }
  done
  return 1
}

mkdir -p "$CACHE_ROOT"
# One build per machine even when several checkouts set up at once.
exec 9>"$CACHE_ROOT/.build.lock"
flock 9
if ! CACHE="$(cached_cli)"; then
  for v in "${CLI_VERSIONS[@]}"; do
    if build_cli "$v"; then CACHE="$CACHE_ROOT/pulumi-cli-v$v"; break; fi
    echo "setup-pulumi: v$v could not be built here; trying the next version" >&2
  done
  [[ -n "${CACHE:-}" ]] || { echo "setup-pulumi: none of ${CLI_VERSIONS[*]} could be built" >&2; exit 1; }
fi
flock -u 9

ln -sf "$CACHE/pulumi" "$BIN/pulumi"
link_shim "$CACHE"
link_language_host
link_yaml_host "$CACHE"
echo "setup-pulumi: $("$BIN/pulumi" version) in $BIN"
