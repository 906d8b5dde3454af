#!/usr/bin/env bash
# A throw-away PostgreSQL server for tests and CI: Pulumi's DIY backend keeps stack state in it
# (postgres://...), the way a team shares one state store between CI runners.
#
#   scripts/postgres.sh install       installs Debian's `postgresql` when no server binaries are found
#   scripts/postgres.sh start <dir>   initialises a cluster in <dir> (empty or missing), starts it on a
#                                     free loopback port and prints its URL (also written to <dir>/url)
#   scripts/postgres.sh stop <dir>    stops that server and removes <dir>
#
# The server listens on 127.0.0.1 only, its socket lives in <dir>, and it needs a password (scram).
# PostgreSQL refuses to run as root, so as root the cluster belongs to the `postgres` user that the
# Debian package creates. Nothing is downloaded but Debian's package.
set -euo pipefail

DB_USER="pulumi"
DB_PASSWORD="pulumi-state-test"
DB_NAME="pulumi"

# The directory of initdb/pg_ctl/postgres: PATH first, then Debian's versioned folders, newest first.
bin_dir() {
  local p; p="$(command -v initdb || true)"
  if [[ -n "$p" ]]; then dirname "$(readlink -f "$p")"; return 0; fi
  local d; d="$(ls -d /usr/lib/postgresql/*/bin 2>/dev/null | sort -V | tail -n 1)"
  [[ -n "$d" && -x "$d/initdb" ]] && { echo "$d"; return 0; }
  return 1
}

install_server() {
  bin_dir >/dev/null && return 0
  [[ "$(id -u)" == 0 ]] || { echo "postgres.sh: PostgreSQL is missing; run 'sudo apt-get install -y postgresql'" >&2; exit 1; }
  echo "postgres.sh: installing Debian's postgresql package..." >&2
  apt-get update -qq >&2
  DEBIAN_FRONTEND=noninteractive apt-get install -y -qq postgresql >&2
  bin_dir >/dev/null || { echo "postgres.sh: postgresql installed but initdb is not found" >&2; exit 1; }
}

# Runs a server binary as the cluster's owner (postgres when we are root).
as_owner() {
  if [[ "$(id -u)" == 0 ]]; then runuser -u postgres -- "$@"; else "$@"; fi
}

free_port() {
  node -e 'const s=require("net").createServer();s.listen(0,"127.0.0.1",()=>{console.log(s.address().port);s.close()})'
}

start_server() {
  local dir="$1" bin port
  install_server
  bin="$(bin_dir)"
  mkdir -p "$dir"
  dir="$(cd "$dir" && pwd)"
  if [[ "$(id -u)" == 0 ]]; then
    chown postgres: "$dir"
    runuser -u postgres -- test -x "$dir" ||
      { echo "postgres.sh: the postgres user cannot reach $dir; make its parent folders traversable (chmod 711)" >&2; exit 1; }
  fi
  printf '%s\n' "$DB_PASSWORD" > "$dir/pwfile"
  [[ "$(id -u)" == 0 ]] && chown postgres: "$dir/pwfile"
  as_owner "$bin/initdb" -D "$dir/data" -U "$DB_USER" --pwfile="$dir/pwfile" --auth=scram-sha-256 -E UTF8 >"$dir/initdb.log" 2>&1 ||
    { cat "$dir/initdb.log" >&2; exit 1; }
  rm -f "$dir/pwfile"
  # A port can be taken between the probe and the start: try a few.
  for _ in 1 2 3 4 5; do
    port="$(free_port)"
    if as_owner "$bin/pg_ctl" -D "$dir/data" -l "$dir/server.log" -w -t 30 \
      -o "-c listen_addresses=127.0.0.1 -p $port -k $dir -c fsync=off" start >/dev/null; then
      PGPASSWORD="$DB_PASSWORD" as_owner "$bin/createdb" -h 127.0.0.1 -p "$port" -U "$DB_USER" "$DB_NAME"
      echo "postgres://$DB_USER:$DB_PASSWORD@127.0.0.1:$port/$DB_NAME?sslmode=disable" | tee "$dir/url"
      return 0
    fi
  done
  echo "postgres.sh: the server did not start; see $dir/server.log" >&2
  tail -n 20 "$dir/server.log" >&2 || true
  exit 1
}

stop_server() {
  local dir="$1" bin
  [[ -d "$dir/data" ]] && bin="$(bin_dir)" && as_owner "$bin/pg_ctl" -D "$dir/data" -m fast -w stop >/dev/null 2>&1 || true
  rm -rf "$dir"
}

case "${1:-}" in
  install) install_server ;;
  start) start_server "${2:?usage: postgres.sh start <dir>}" ;;
  stop) stop_server "${2:?usage: postgres.sh stop <dir>}" ;;
  *) echo "usage: postgres.sh install | start <dir> | stop <dir>" >&2; exit 2 ;;
esac
