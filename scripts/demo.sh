#!/usr/bin/env bash
# `npm run demo`: from a fresh clone to a fleet on the local simulator.
# Installs what is missing, builds, gets the Pulumi CLI, then runs the demo.
# `npm run demo -- destroy` tears the fleet down.
set -euo pipefail
cd "$(dirname "${BASH_SOURCE[0]}")/.."
bash scripts/install-if-missing.sh
echo "demo: building..."
npm run --silent build
bash scripts/setup-pulumi.sh
exec node dist/scripts/demo/run.js "$@"
