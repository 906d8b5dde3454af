#!/usr/bin/env bash
# Usage: rcodesign.sh   (prints the path of the `rcodesign` binary)
#
# rcodesign, from the crate apple-codesign (https://crates.io/crates/apple-codesign), signs and
# verifies Mach-O binaries on Linux: `npm run release` gives both macOS executables an ad-hoc
# signature with it after the SEA blob is injected (arm64 macOS refuses to start an unsigned
# binary), and the release test checks them with `rcodesign verify`. Built once per machine
# with `cargo install --locked` into ~/.cache/pulumi-hosting/rcodesign-v<version>/, under a
# lock, since several checkouts may set up at once. The default feature `notarize` (Apple's
# notary service, over the AWS SDK) is left out: ad-hoc signing needs none of it, and it is
# most of the build.
set -euo pipefail

VERSION="0.29.0"
CACHE_ROOT="${PULUMI_HOSTING_CACHE:-${XDG_CACHE_HOME:-$HOME/.cache}/pulumi-hosting}"
DIR="$CACHE_ROOT/rcodesign-v$VERSION"
BIN="$DIR/bin/rcodesign"
log() { echo "rcodesign: $*" >&2; }

if [[ -x "$BIN" ]]; then echo "$BIN"; exit 0; fi

mkdir -p "$CACHE_ROOT"
exec 8>"$CACHE_ROOT/.rcodesign.lock"
flock 8
if [[ ! -x "$BIN" ]]; then
  PATH="$PATH:$HOME/.cargo/bin"
  command -v cargo >/dev/null || { log "cargo is not installed: install Rust (rustup, or Debian's cargo with rustc >= 1.81) to build rcodesign"; exit 1; }
  log "building apple-codesign $VERSION with cargo into $DIR (once per machine; minutes)"
  work="$(mktemp -d)"
  trap 'rm -rf "$work" "$DIR.tmp"' EXIT
  rm -rf "$DIR.tmp"
  started=$SECONDS
  CARGO_TARGET_DIR="$work/target" cargo install apple-codesign --version "$VERSION" --locked --no-default-features \
    --root "$DIR.tmp" --bin rcodesign --quiet >&2 || { log "cargo install apple-codesign@$VERSION failed"; exit 1; }
  "$DIR.tmp/bin/rcodesign" --version >/dev/null || { log "the rcodesign just built does not run"; exit 1; }
  rm -rf "$DIR" && mv "$DIR.tmp" "$DIR"
  log "built in $((SECONDS - started)) s"
fi
flock -u 8
echo "$BIN"
