#!/usr/bin/env bash
# Usage: [LANE_TESTS=glob] run-lane.sh NAME [TARBALL]   (a lane of scripts/lanes.json; expects `npm run build` done)
#
# Runs one lane of the tested version matrix with that lane's Node first on PATH, so
# the Pulumi CLI, the language-host stand-in and the dynamic-provider host (the shim
# runs `node`) all run on it. Ends with one line naming the lane's Node, SDK and CLI
# versions, its mocha counts and its time, which scripts/run-lanes.sh sums up.
#
# A `tarball` lane tests the package as users get it: a fresh project outside the
# clone gets the `npm pack` tarball and that lane's @pulumi/pulumi by plain
# `npm install`, then the compiled tests are copied in. The tests import the product
# by package name (`pulumi-hosting`, `pulumi-hosting/simulator`, ...): in the
# repository that resolves through node_modules/pulumi-hosting -> .. (scripts/link-self.js),
# in the lane project to the installed tarball, so no test reaches the checkout's code.
set -euo pipefail

REPO="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
NAME="${1:?usage: run-lane.sh NAME [TARBALL]}"
TARBALL="${2:-}"
lane() { node -p "const l = require('$REPO/scripts/lanes.json').lanes.find((l) => l.name === '$NAME'); if (!l) throw new Error('no lane $NAME in scripts/lanes.json'); [].concat(l['$1']).join(' ')"; }
WANT_CLI="$(node -p "require('$REPO/scripts/lanes.json').cli")"

oldest() { node -p "require('$REPO/scripts/lanes.json').lanes[0]['$1']"; }
# The oldest lane's Node, for the upgrade test: found before this lane's Node shadows the machine's.
OLDEST_NODE_BIN="$(bash "$REPO/scripts/setup-node.sh" "$(oldest node)")"
NODE_BIN="$(bash "$REPO/scripts/setup-node.sh" "$(lane node)")"
export PATH="$NODE_BIN:$PATH"
started=$SECONDS
log="$(mktemp)"
project=""
trap 'rm -f "$log"; [[ -z "$project" ]] || rm -rf "$project"' EXIT

# Versions of the run in $1 (a project root with .tools/bin), in the lane's summary line.
versions() {
  echo "Node $(node --version), @pulumi/pulumi $(cd "$1" && node -p "require('@pulumi/pulumi/package.json').version"), Pulumi CLI $("$1/.tools/bin/pulumi" version)"
}

# CI keeps README's "Tested with" true: the CLI a lane used must be the one lanes.json names.
check_cli() {
  local got; got="$("$1/.tools/bin/pulumi" version)"
  if [[ "$got" != "v$WANT_CLI" ]]; then
    echo "lane $NAME: the Pulumi CLI is $got but scripts/lanes.json (and README's Tested with) say v$WANT_CLI; update them" | tee -a "$log"
    [[ "${CI:-}" != "true" ]]
  fi
}

run_in_repository() {
  local status=0 script
  cd "$REPO"
  bash scripts/setup-pulumi.sh
  for script in $(lane scripts); do
    npm run "$script" 2>&1 | tee -a "$log" || status=1
  done
  check_cli "$REPO" || status=1
  summary "$REPO"
  return "$status"
}

run_on_tarball() {
  local status=0 sdk
  project="$(mktemp -d "${TMPDIR:-/tmp}/hosting-lane-$NAME-XXXXXX")"
  if [[ -z "$TARBALL" ]]; then TARBALL="$project/$(cd "$REPO" && npm pack --silent --pack-destination "$project" | tail -1)"; fi
  sdk="$(lane sdk)"; [[ "$sdk" == "newest 3.x" ]] && sdk=3
  cd "$project"
  echo '{ "name": "hosting-lane", "private": true }' > package.json
  # The test tools at the repository's versions (typescript: adopt-id transpiles hosting-import's output); the tarball and the SDK as a user installs them.
  npm install --no-audit --no-fund --loglevel=error "@pulumi/pulumi@$sdk" "$TARBALL" \
    "mocha@$(node -p "require('$REPO/node_modules/mocha/package.json').version")" \
    "chai@$(node -p "require('$REPO/node_modules/chai/package.json').version")" \
    "yaml@$(node -p "require('$REPO/node_modules/yaml/package.json').version")" \
    "typescript@$(node -p "require('$REPO/node_modules/typescript/package.json').version")"
  mkdir -p dist
  cp -r "$REPO/dist/test" "$REPO/dist/scripts" "$REPO/dist/examples" dist/
  cp "$REPO/Pulumi.yaml" "$REPO/fleet.yaml" "$REPO/.mocharc.json" .
  # What the GitOps e2e files use besides the compiled tests: the example project (plain
  # JavaScript) and the throw-away PostgreSQL of the state backend.
  mkdir -p examples/gitops scripts && cp -r "$REPO/examples/gitops/project" examples/gitops/ && cp "$REPO/scripts/postgres.sh" scripts/
  # The upgrade suite's recorded stacks of earlier releases (test/upgrade/recorded-stacks.test.ts).
  mkdir -p test/upgrade && cp -r "$REPO/test/upgrade/recordings" test/upgrade/
  PULUMI_HOSTING_ROOT="$project" bash "$REPO/scripts/setup-pulumi.sh"
  # LANE_TESTS narrows a lane to some compiled test files while working on them.
  local tests; set -f; read -r -a tests <<< "${LANE_TESTS:-$(lane tests)}"; set +f
  # A pattern that matches nothing would only be a warning to mocha: a lane that silently
  # runs fewer tests than it claims. Each must name at least one compiled test file.
  local pattern matched
  for pattern in "${tests[@]}"; do
    matched="$(shopt -s globstar nullglob; printf '%s\n' $pattern | head -1)"
    [[ -n "$matched" && -e "$matched" ]] || { echo "lane $NAME: no test file matches $pattern" | tee -a "$log"; status=1; }
  done
  HOSTING_TARBALL="$TARBALL" HOSTING_OLDEST_NODE_BIN="$OLDEST_NODE_BIN" \
    HOSTING_OLDEST_SDK="$(oldest sdk)" \
    node node_modules/mocha/bin/mocha.js --config .mocharc.json --timeout 600000 --fail-zero "${tests[@]}" 2>&1 | tee -a "$log" || status=1
  check_cli "$project" || status=1
  summary "$project"
  return "$status"
}

summary() {
  count() { { grep -E "^ +[0-9]+ $1" "$log" || true; } | awk '{n += $1} END {print n + 0}'; }
  echo "lane $NAME: $(versions "$1"): $(count passing) passing, $(count failing) failing in $((SECONDS - started)) s"
}

if [[ "$(lane where)" == "repository" ]]; then run_in_repository; else run_on_tarball; fi
