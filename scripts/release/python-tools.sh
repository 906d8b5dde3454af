#!/usr/bin/env bash
# Debian's Python packaging tools, which npm run release uses to build the Python SDK's sdist
# and wheel, and its test to install the wheel into a virtual environment (no Python registry
# is reachable here, so pip cannot fetch them). Installs what is missing; needs root.
set -euo pipefail
missing=()
for pkg in python3-build python3-setuptools python3-wheel python3-venv; do
  dpkg-query -W -f='${Status}' "$pkg" 2>/dev/null | grep -q "install ok installed" || missing+=("$pkg")
done
[[ ${#missing[@]} -eq 0 ]] && exit 0
echo "python-tools: installing ${missing[*]}"
export DEBIAN_FRONTEND=noninteractive
apt-get update -qq >/dev/null
apt-get install -y -qq "${missing[@]}" >/dev/null
