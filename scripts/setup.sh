#!/usr/bin/env bash
# Usage: setup.sh [--wait-release-tools]
#
# The one set-up of a machine for the test suite: `npm test` runs it first (its `pretest`),
# and `.ci/run` is only `npm ci` + `npm test`, so a newcomer's first `npm test` installs all
# that CI's does. Everything it installs is found again on the next run: Debian packages stay
# installed, and every tool built from source is cached per machine under
# ~/.cache/pulumi-hosting (PULUMI_HOSTING_CACHE) by its own script, under a lock.
#
# In the foreground, what the first lanes need at once: the npm packages, PostgreSQL and Redis
# (Debian), the Pulumi CLI (built from its Go module the first time) and Schemathesis (PyPI). The tools only the
# oldest lane's release tests and the reference pages' drift test use are slow to build on a
# new machine (pulumi-java, rcodesign, the docs generator), so they are built in the background
# while the lanes' first tests run, and those tests wait for them with
# `setup.sh --wait-release-tools`, which also installs them itself when no background build
# runs (a test run on its own).
set -euo pipefail
ROOT="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
CACHE_ROOT="${PULUMI_HOSTING_CACHE:-${XDG_CACHE_HOME:-$HOME/.cache}/pulumi-hosting}"
LOCK="$CACHE_ROOT/.release-tools.lock"
LOG="$CACHE_ROOT/release-tools.log"
cd "$ROOT"
mkdir -p "$CACHE_ROOT"

# Each installer prints what it does on standard error and, for some, a path on standard
# output; the set-up keeps only the messages.
# The docs generator first: the unit lane's drift test needs it minutes before the release tests.
# (Chained: the function is also called as an `if` condition, where `set -e` does not stop it.)
release_tools() {
  bash scripts/gen-docs.sh --tool >/dev/null &&
    bash scripts/release/python-tools.sh &&
    bash scripts/release/java-tools.sh >/dev/null &&
    bash scripts/release/wine.sh >/dev/null &&
    bash scripts/release/rcodesign.sh >/dev/null
}

if [[ "${1:-}" == "--wait-release-tools" ]]; then
  # Holds the lock the background build holds, so this waits for it to end; then installs
  # what is still missing (nothing, after a background build that succeeded) with each
  # installer's own error naming the tool when it cannot.
  exec 5>"$LOCK"
  flock 5
  if ! release_tools; then
    echo "setup: a release tool could not be installed (see the message above; the background build's log: $LOG); run: bash scripts/setup.sh --wait-release-tools" >&2
    exit 1
  fi
  exit 0
fi

bash scripts/install-if-missing.sh
bash scripts/postgres.sh install
bash scripts/redis.sh install
bash scripts/setup-pulumi.sh >/dev/null
bash scripts/schemathesis.sh >/dev/null

# The background build takes the lock before this script returns, so a waiter that starts
# later always finds it held until the build ends.
exec 5>"$LOCK"
flock 5
{
  echo "release tools: started at $(date -u +%H:%M:%S)"
  started=$SECONDS
  if release_tools; then echo "release tools: ready after $((SECONDS - started)) s"; else echo "release tools: failed after $((SECONDS - started)) s"; fi
} > "$LOG" 2>&1 </dev/null &
exec 5>&-
echo "setup: the release tools are being installed in the background (log: $LOG)"
