#!/usr/bin/env bash
# Usage: schemathesis.sh   (prints the path of the `schemathesis` command)
#
# Schemathesis (https://pypi.org/project/schemathesis/) checks the simulator against the
# project's OpenAPI description (docs/openapi.yaml) from outside the project: it derives
# requests from the document, follows its links so that real ids flow from a create into the
# later calls, and checks every answer against the document. test/simulator/schemathesis.test.ts
# runs it. Installed once per machine with pip into a virtual environment under
# ~/.cache/pulumi-hosting/schemathesis-v<version>/, under a lock, since several checkouts may
# set up at once. A Python without the venv module (Debian splits it into python3-venv) gets it
# from apt-get when running as root.
set -euo pipefail

VERSION="4.32.5"
CACHE_ROOT="${PULUMI_HOSTING_CACHE:-${XDG_CACHE_HOME:-$HOME/.cache}/pulumi-hosting}"
DIR="$CACHE_ROOT/schemathesis-v$VERSION"
BIN="$DIR/bin/schemathesis"
DONE="$DIR/.installed"
log() { echo "schemathesis: $*" >&2; }

if [[ -f "$DONE" && -x "$BIN" ]]; then echo "$BIN"; exit 0; fi

mkdir -p "$CACHE_ROOT"
exec 8>"$CACHE_ROOT/.schemathesis.lock"
flock 8
if [[ ! -f "$DONE" || ! -x "$BIN" ]]; then
  PYTHON="$(command -v python3 || true)"
  [[ -n "$PYTHON" ]] || { log "python3 is not installed: install Python 3.9 or later (Debian: apt-get install python3 python3-venv)"; exit 1; }
  if ! "$PYTHON" -c 'import venv, ensurepip' 2>/dev/null; then
    if [[ "$(id -u)" == 0 ]] && command -v apt-get >/dev/null; then
      log "python3 has no venv module: installing Debian's python3-venv"
      apt-get update -qq >&2 && DEBIAN_FRONTEND=noninteractive apt-get install -y -qq python3-venv >&2 \
        || { log "apt-get install python3-venv failed"; exit 1; }
    else
      log "python3 has no venv module: install it (Debian: apt-get install python3-venv)"; exit 1
    fi
  fi
  log "installing schemathesis $VERSION with pip into $DIR (once per machine)"
  # A venv's scripts name its interpreter by absolute path, so it is built in place; the
  # marker file, written last, tells a finished install from one cut short.
  rm -rf "$DIR"
  started=$SECONDS
  "$PYTHON" -m venv "$DIR" >&2 || { log "python3 -m venv failed"; exit 1; }
  "$DIR/bin/python" -m pip install --quiet --disable-pip-version-check "schemathesis==$VERSION" >&2 \
    || { log "pip install schemathesis==$VERSION failed"; exit 1; }
  touch "$DONE"
  log "installed in $((SECONDS - started)) s"
fi
flock -u 8
"$BIN" --version >/dev/null || { log "the schemathesis at $BIN does not run"; exit 1; }
echo "$BIN"
