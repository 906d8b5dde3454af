#!/usr/bin/env bash
# What the Java SDK and a Java program need, linked into .tools/bin:
#   - a JDK and Maven (Debian's openjdk-17-jdk-headless and maven), installed when missing and
#     this runs as root, as scripts/release/python-tools.sh installs Python's tools;
#   - pulumi-java's SDK generator `pulumi-java-gen` and its language host `pulumi-language-java`
#     (what `runtime: java` starts), built from the Go module github.com/pulumi/pulumi-java/pkg
#     once per machine and cached under ~/.cache/pulumi-hosting/pulumi-java-v<version>.
# PULUMI_JAVA_VERSION picks another version of pulumi-java (default below); the SDK is then built
# against com.pulumi:pulumi of the same version (scripts/gen-sdk.sh), the pairing pulumi-java
# releases (the generator's --sdk default is its own version).
#
#   java-tools.sh          install what is missing, build or link the tools
#   java-tools.sh --check  exit 3, saying what is missing, when java, javac or mvn is absent
#
# Why a wrapper module instead of `go install ...@v1.12.0`: the module's go.mod has `replace`
# lines, which `go install pkg@version` refuses, and `go install` asks the proxy for the
# module's version list, which the proxy here refuses (403). And why pulumi v3.171.0: pulumi-java
# v1.12.0 requires an untagged pulumi commit (v3.170.1-0.20250521083949-e50302c97fa9) that the
# checksum database does not know (404); v3.171.0 is the first release after it.
set -euo pipefail

ROOT="$(cd "$(dirname "${BASH_SOURCE[0]}")/../.." && pwd)"
VERSION="${PULUMI_JAVA_VERSION:-1.12.0}"
PULUMI_FOR_JAVA="${PULUMI_JAVA_PULUMI_VERSION:-3.171.0}"
CACHE_ROOT="${PULUMI_HOSTING_CACHE:-${XDG_CACHE_HOME:-$HOME/.cache}/pulumi-hosting}"
CACHE="$CACHE_ROOT/pulumi-java-v$VERSION"
BIN="$ROOT/.tools/bin"

missing_tools() {
  local t out=()
  for t in java javac mvn; do command -v "$t" >/dev/null || out+=("$t"); done
  echo "${out[*]:-}"
}

if [[ "${1:-}" == "--check" ]]; then
  gone="$(missing_tools)"
  [[ -z "$gone" ]] && exit 0
  echo "java-tools: $gone not found; the Java SDK needs a JDK (11 or later) and Maven: bash scripts/release/java-tools.sh installs Debian's openjdk-17-jdk-headless and maven" >&2
  exit 3
fi

if [[ -n "$(missing_tools)" ]]; then
  if [[ "$(id -u)" != 0 ]] || ! command -v apt-get >/dev/null; then
    echo "java-tools: $(missing_tools) not found, and only root with apt-get can install them here; install a JDK (11 or later) and Maven" >&2
    exit 3
  fi
  echo "java-tools: installing openjdk-17-jdk-headless and maven"
  export DEBIAN_FRONTEND=noninteractive
  apt-get update -qq >/dev/null
  apt-get install -y -qq openjdk-17-jdk-headless maven >/dev/null
fi

mkdir -p "$CACHE_ROOT" "$BIN"
# One build per machine even when several checkouts set up at once.
exec 7>"$CACHE_ROOT/.pulumi-java-build.lock"
flock 7
if [[ ! -x "$CACHE/pulumi-language-java" || ! -x "$CACHE/pulumi-java-gen" ]]; then
  command -v go >/dev/null || { echo "java-tools: Go is needed to build pulumi-java v$VERSION" >&2; exit 1; }
  echo "java-tools: building pulumi-language-java and pulumi-java-gen v$VERSION from their Go module (first time on this machine)..."
  work="$(mktemp -d)"
  (
    cd "$work"
    cat > go.mod <<MOD
module pulumi-hosting/pulumi-java-build

go 1.24

// Copied from pulumi-java's pkg/go.mod.
replace github.com/Sirupsen/logrus => github.com/sirupsen/logrus v1.5.0

replace github.com/gogo/protobuf => github.com/gogo/protobuf v1.3.2
MOD
    export GOFLAGS=-mod=mod GOTOOLCHAIN=local
    go get "github.com/pulumi/pulumi-java/pkg@v$VERSION" \
      "github.com/pulumi/pulumi/pkg/v3@v$PULUMI_FOR_JAVA" "github.com/pulumi/pulumi/sdk/v3@v$PULUMI_FOR_JAVA" >/dev/null
    mkdir -p "$CACHE.tmp"
    # The version as pulumi-java's release build stamps it (no "v"): the host reports it to the
    # engine, and the generator takes it as the com.pulumi:pulumi version to depend on.
    CGO_ENABLED=0 go build -trimpath -ldflags "-s -w -X github.com/pulumi/pulumi-java/pkg/version.Version=$VERSION" \
      -o "$CACHE.tmp/" github.com/pulumi/pulumi-java/pkg/cmd/pulumi-language-java github.com/pulumi/pulumi-java/pkg/cmd/pulumi-java-gen
  ) || { rm -rf "$work" "$CACHE.tmp"; echo "java-tools: pulumi-java v$VERSION could not be built" >&2; exit 1; }
  rm -rf "$work" "$CACHE" && mv "$CACHE.tmp" "$CACHE"
fi
flock -u 7

ln -sf "$CACHE/pulumi-language-java" "$BIN/pulumi-language-java"
ln -sf "$CACHE/pulumi-java-gen" "$BIN/pulumi-java-gen"
