#!/usr/bin/env bash
# Every acceptance id defined in specs/ has a test named after it, every test named after an id
# refers to one that specs/ defines, an id's tests live in one test target, and every id-like
# token in specs/ is a well-formed definition or a reference to a defined id. Test names come
# from what the runner lists (`swift test list`), so a test in a comment or under `#if false`
# does not count.
# Usage: scripts/traceability.sh [TEST_LIST]   (default: runs swift test list --skip-build)
set -uo pipefail
root="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
list="${1:-}"
if [ -z "$list" ]; then
  list="$(mktemp)"
  trap 'rm -f "$list"' EXIT
  (cd "$root" && swift test list --skip-build 2>/dev/null) >"$list" || {
    echo "traceability: swift test list failed (build the tests first)"
    exit 1
  }
fi
python3 "$root/scripts/lib/traceability.py" "$root/specs" "$list"
