#!/usr/bin/env bash
# `swift build --build-tests`, then, when a module's interface or layout changed, a second
# build of every module that depends on it (scripts/lib/stale_modules.py says why): a correct
# change never leaves a test process to die of a stale layout. Verify builds with this.
# Usage: scripts/build.sh   (then `swift test --skip-build …`)
set -uo pipefail
root="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
cd "$root" || exit 1
swift build --build-tests 2>&1
rc=${PIPESTATUS[0]}
# NB: a stale dependent may fail the first build itself (a link error naming the old
# symbol), so the check runs whether or not it passed.
description=$(mktemp)
trap 'rm -f "$description"' EXIT
swift package describe --type json >"$description" 2>/dev/null || exit "$rc"
stale=$(python3 scripts/lib/stale_modules.py "$description" .build/debug/Modules \
  .build/stale-modules.json)
[ -n "$stale" ] || exit "$rc"
echo "build: a module's layout changed; compiling again what depends on it: $(xargs <<<"$stale")"
swift build --build-tests 2>&1
rc=${PIPESTATUS[0]}
[ "$rc" -eq 0 ] && python3 scripts/lib/stale_modules.py "$description" .build/debug/Modules \
  .build/stale-modules.json >/dev/null
exit "$rc"
