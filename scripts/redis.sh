#!/usr/bin/env bash
# A throw-away Redis server for tests and the benchmark: the opt-in rate-limit coordinator
# (provider/api/pacing/redis-coordinator.ts) keeps a key's shared budget in it.
#
#   scripts/redis.sh install       installs Debian's `redis-server` when it is missing
#   scripts/redis.sh start <dir>   starts a server on a free loopback port with its files in <dir>
#                                  and prints its URL (also written to <dir>/url)
#   scripts/redis.sh stop <dir>    stops that server and removes <dir>
#
# The server listens on 127.0.0.1 only and keeps nothing on disk. Nothing is downloaded but
# Debian's package; the install is kept by the system, so later runs find it.
set -euo pipefail

install_server() {
  command -v redis-server >/dev/null && return 0
  [[ "$(id -u)" == 0 ]] || { echo "redis.sh: redis-server is missing; run 'sudo apt-get install -y redis-server'" >&2; exit 1; }
  echo "redis.sh: installing Debian's redis-server package..." >&2
  apt-get update -qq >&2
  DEBIAN_FRONTEND=noninteractive apt-get install -y -qq redis-server >&2
  command -v redis-server >/dev/null || { echo "redis.sh: redis-server installed but not found on PATH" >&2; exit 1; }
}

free_port() {
  node -e 'const s=require("net").createServer();s.listen(0,"127.0.0.1",()=>{console.log(s.address().port);s.close()})'
}

start_server() {
  local dir="$1" port
  install_server
  mkdir -p "$dir"
  dir="$(cd "$dir" && pwd)"
  # A port can be taken between the probe and the start: try a few.
  for _ in 1 2 3 4 5; do
    port="$(free_port)"
    if redis-server --bind 127.0.0.1 --port "$port" --dir "$dir" --daemonize yes --pidfile "$dir/redis.pid" \
      --logfile "$dir/server.log" --save "" --appendonly no >/dev/null; then
      for _ in $(seq 1 50); do
        if redis-cli -h 127.0.0.1 -p "$port" ping 2>/dev/null | grep -q PONG; then
          echo "redis://127.0.0.1:$port/0" | tee "$dir/url"
          return 0
        fi
        sleep 0.1
      done
    fi
  done
  echo "redis.sh: the server did not start; see $dir/server.log" >&2
  tail -n 20 "$dir/server.log" >&2 || true
  exit 1
}

stop_server() {
  local dir="$1" pid
  if [[ -f "$dir/redis.pid" ]]; then
    pid="$(cat "$dir/redis.pid")"
    kill "$pid" 2>/dev/null || true
    for _ in $(seq 1 50); do kill -0 "$pid" 2>/dev/null || break; sleep 0.1; done
  fi
  rm -rf "$dir"
}

case "${1:-}" in
  install) install_server ;;
  start) start_server "${2:?usage: redis.sh start <dir>}" ;;
  stop) stop_server "${2:?usage: redis.sh stop <dir>}" ;;
  *) echo "usage: redis.sh install | start <dir> | stop <dir>" >&2; exit 2 ;;
esac
