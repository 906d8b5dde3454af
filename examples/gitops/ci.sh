#!/usr/bin/env bash
# The two CI steps of a fleet repository.
#   ci.sh preview : starts the simulator, previews the fleet against it (pull requests)
#   ci.sh up      : applies the fleet to the real API (main branch; needs HOSTING_API_KEY)
# Both fail on any error; `preview` also fails when the plan would replace a
# server whose change was meant to be in place (the summary is printed first).
set -euo pipefail
cd "$(dirname "${BASH_SOURCE[0]}")/../.."
verb="${1:?usage: ci.sh preview|up}"
exec node dist/examples/gitops/run.js "$verb"
