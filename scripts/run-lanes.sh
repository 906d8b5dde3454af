#!/usr/bin/env bash
# Runs every lane of scripts/lanes.json (the tested version matrix), each to the end even
# when another failed, then repeats each lane's summary line (Node, SDK and CLI versions,
# counts, time). Expects `npm run build` done.
#
# Every lane at once, each in its own stream: an end-to-end test spends most of its time
# waiting (servers provisioning, an engine starting, a killed process noticed), and no unit
# test waits on the wall clock, so on 2 cores the lanes end in about the time of the longest
# instead of the sum. HOSTING_LANES_SERIAL=1 runs every lane one after the other.
#
# The oldest lane is the longest, and it runs alone once the two tarball lanes have ended;
# so its parts that run one file at a time (unit, release) come first, while the other
# lanes keep both cores busy, and its end-to-end files, two at a time, come last.
#
# A lane's output goes to its own file and is printed whole when the lane ends, so the
# lanes never interleave; a line says when each lane starts.
set -uo pipefail
REPO="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
work_dir="$(mktemp -d)"
trap 'rm -rf "$work_dir"' EXIT
# One tarball for every tarball lane: the same bytes a user would install.
tarball="$work_dir/$(cd "$REPO" && npm pack --silent --pack-destination "$work_dir" | tail -1)"

# The titles of a lane's failing tests and each one's error up to its stack: the assertion's
# message and its expected/actual lines, Pulumi's diagnostics; at most 60 lines.
failure_digest() {
  echo "lane $1:"
  sed -n '/^ *[0-9][0-9]* failing/,$p' "$2" \
    | awk '/^ +[0-9]+\) / { print; error = 1; n = 0; next }
           error && /^ +at / { error = 0; next }
           error && NF && n < 20 { print; n++ }' \
    | cut -c1-300 | head -60
}

# Runs lane $1 into $work_dir/$1.log, then prints that log whole (one lane at a time).
run_one() {
  local name="$1" out="$work_dir/$1.log"
  echo "lane $name: started at $(date -u +%H:%M:%S); its output follows when it ends"
  # The catalogue file cache of every test process of this lane (the provider's default is
  # the user's ~/.cache/pulumi-hosting): a run starts empty, leaves nothing behind, and
  # never reads a list another lane (or an earlier run) saved for a simulator that had the
  # same loopback port.
  HOSTING_CATALOGUE_CACHE_DIR="$work_dir/catalogue-cache-$name" \
    bash "$REPO/scripts/run-lane.sh" "$name" "$tarball" > "$out" 2>&1
  echo $? > "$work_dir/$name.status"
  {
    flock 9
    echo "=== lane $name ==="
    cat "$out"
  } 9> "$work_dir/print.lock"
}

# Runs the lanes named in "$@" one after the other.
run_stream() {
  local name
  for name in "$@"; do run_one "$name"; done
}

mapfile -t names < <(node -p "require('$REPO/scripts/lanes.json').lanes.map((l) => l.name).join('\n')")
if [[ "${HOSTING_LANES_SERIAL:-}" == "1" ]]; then
  run_stream "${names[@]}"
else
  pids=()
  for name in "${names[@]}"; do run_one "$name" & pids+=($!); done
  wait "${pids[@]}"
fi

status=0
summaries=()
digests=()
for name in "${names[@]}"; do
  out="$work_dir/$name.log"
  lane_status="$(cat "$work_dir/$name.status" 2>/dev/null || echo "none")"
  line="$(grep -E "^lane $name: " "$out" 2>/dev/null | tail -1)"
  summaries+=("${line:-lane $name: ended before its summary (exit $lane_status)}")
  [[ "$lane_status" == "0" ]] || { status=1; digests+=("$(failure_digest "$name" "$out")"); }
done
echo "=== lanes ==="
printf '%s\n' "${summaries[@]}"
# The failures again, short, at the very end: a long lane pushes mocha's own report far
# above the last lines that a CI page shows.
[[ ${#digests[@]} -eq 0 ]] || { echo "=== failures ==="; printf '%s\n' "${digests[@]}"; }
exit "$status"
