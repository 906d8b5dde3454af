#!/usr/bin/env bash
# Runs every lane of scripts/lanes.json (the tested version matrix) one after the
# other (2 cores: lanes in parallel would only slow each other's timing-sensitive
# suites), each to the end even when an earlier one failed, then repeats each lane's
# summary line (Node, SDK and CLI versions, counts, time). Expects `npm run build` done.
set -uo pipefail
REPO="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
pack_dir="$(mktemp -d)"
# The catalogue file cache of every test process (the provider's default is the user's
# ~/.cache/pulumi-hosting): a run starts empty, leaves nothing behind, and never reads a
# list another run saved for a simulator that had the same loopback port.
export HOSTING_CATALOGUE_CACHE_DIR="$pack_dir/catalogue-cache"
trap 'rm -rf "$pack_dir"' EXIT
# One tarball for every tarball lane: the same bytes a user would install.
tarball="$pack_dir/$(cd "$REPO" && npm pack --silent --pack-destination "$pack_dir" | tail -1)"

# The titles of a lane's failing tests and the error lines under them (Pulumi's
# diagnostics included), at most 60 lines.
failure_digest() {
  echo "lane $1:"
  sed -n '/^ *[0-9][0-9]* failing/,$p' "$2" \
    | awk '/^ +[0-9]+\) / { print; title = 1; next } title { print; title = 0; next }
           /[Ee]rror|failed|expected/ && !/^ +at / { print }' \
    | cut -c1-300 | head -60
}

status=0
summaries=()
digests=()
for name in $(node -p "require('$REPO/scripts/lanes.json').lanes.map((l) => l.name).join(' ')"); do
  echo "=== lane $name ==="
  out="$(mktemp)"
  bash "$REPO/scripts/run-lane.sh" "$name" "$tarball" 2>&1 | tee "$out"
  lane_status=${PIPESTATUS[0]}
  line="$(grep -E "^lane $name: " "$out" | tail -1)"
  summaries+=("${line:-lane $name: ended before its summary (exit $lane_status)}")
  [[ $lane_status -eq 0 ]] || { status=1; digests+=("$(failure_digest "$name" "$out")"); }
  rm -f "$out"
done
echo "=== lanes ==="
printf '%s\n' "${summaries[@]}"
# The failures again, short, at the very end: a long lane pushes mocha's own report far
# above the last lines that a CI page shows.
[[ ${#digests[@]} -eq 0 ]] || { echo "=== failures ==="; printf '%s\n' "${digests[@]}"; }
exit "$status"
