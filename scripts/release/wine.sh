#!/usr/bin/env bash
# Usage: wine.sh   (prints the path of the `wine` command)
#
# Debian's Wine (8.0 on bookworm), with which the end-to-end suite and the start-up benchmark
# run the release's windows-amd64 executable (scripts/release/wine-run.ts). Only the 64-bit
# loader is needed (the executable is Node's x64 build; `wine` is the command that runs it),
# without the recommended fonts, desktop and 32-bit parts: 23 packages, about 105 MB to fetch.
# Installs what is missing; needs root, like scripts/postgres.sh.
set -euo pipefail
PACKAGES=(wine64 wine)
missing=()
for pkg in "${PACKAGES[@]}"; do
  dpkg-query -W -f='${Status}' "$pkg" 2>/dev/null | grep -q "install ok installed" || missing+=("$pkg")
done
if [[ ${#missing[@]} -gt 0 ]]; then
  echo "wine: installing ${missing[*]} (Debian, without recommends)" >&2
  export DEBIAN_FRONTEND=noninteractive
  apt-get update -qq >/dev/null
  apt-get install -y -qq --no-install-recommends "${missing[@]}" >/dev/null
fi
command -v wine || { echo "wine: no wine command after installing ${PACKAGES[*]}" >&2; exit 1; }
