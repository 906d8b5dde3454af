#!/usr/bin/env bash
# Installs the locked dependencies (npm ci) when they are missing or older than
# package-lock.json, so that `npm test` and `npm run demo` work as the first command on a
# fresh clone. Run by `npm test` (its `pretest`) and scripts/demo.sh.
set -euo pipefail
cd "$(dirname "${BASH_SOURCE[0]}")/.."
if [[ ! -d node_modules/@pulumi/pulumi || ! -e node_modules/.bin/tsc || package-lock.json -nt node_modules/.package-lock.json ]]; then
  echo "installing dependencies (npm ci)..."
  npm ci --no-audit --no-fund --loglevel=error
fi
