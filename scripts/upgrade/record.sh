#!/usr/bin/env bash
# Usage: bash scripts/upgrade/record.sh <release tarball> <version> [<out dir>]
#
# Records the stacks a release makes, for the upgrade suite: builds this checkout (for the
# recorder and the pinned CLI), then runs scripts/upgrade/record.ts, which installs the
# release's tarball in a fresh project and records both faces in both API shapes into
# test/upgrade/recordings/v<version>/ (or <out dir>). Every release adds its own folder
# (docs/testing.md, "Upgrade recordings"); for release 0.1.0:
#   git worktree add /tmp/v010 v0.1.0 && (cd /tmp/v010 && npm ci && npm run build && npm pack)
#   bash scripts/upgrade/record.sh /tmp/v010/pulumi-hosting-0.1.0.tgz 0.1.0
set -euo pipefail
ROOT="$(cd "$(dirname "${BASH_SOURCE[0]}")/../.." && pwd)"
TARBALL="$(realpath "${1:?usage: record.sh <release tarball> <version> [<out dir>]}")"
VERSION="${2:?usage: record.sh <release tarball> <version> [<out dir>]}"
OUT="${3:+$(realpath -m "$3")}"
cd "$ROOT"
npm run --silent build
bash scripts/setup-pulumi.sh
exec node dist/scripts/upgrade/record.js "$TARBALL" "$VERSION" ${OUT:+"$OUT"}
