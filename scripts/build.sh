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
[ "$rc" -eq 0 ] || exit "$rc"
description=$(mktemp)
trap 'rm -f "$description"' EXIT
swift package describe --type json >"$description" 2>/dev/null || exit 0
stale=$(python3 scripts/lib/stale_modules.py "$description" .build/debug/Modules \
  .build/stale-modules.json)
[ -n "$stale" ] || exit 0
echo "build: a module's layout changed; compiling again what depends on it: $(xargs <<<"$stale")"
swift build --build-tests 2>&1
rc=${PIPESTATUS[0]}
[ "$rc" -eq 0 ] && python3 scripts/lib/stale_modules.py "$description" .build/debug/Modules \
  .build/stale-modules.json >/dev/null
exit "$rc"
