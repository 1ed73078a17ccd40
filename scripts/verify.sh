#!/usr/bin/env bash
# The one judge of every change. Runs format, build, tests, the scan self-test, the scans
# and traceability; prints one line per step with its wall time, then VERIFY: PASS or FAIL.
# Usage: scripts/verify.sh [--quick]   (--quick skips the scan self-test)
set -uo pipefail
root="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
cd "$root" || exit 2
quick=0
case "${1:-}" in
  --quick) quick=1 ;;
  "") ;;
  *) echo "usage: scripts/verify.sh [--quick]" >&2; exit 64 ;;
esac

logs="$(mktemp -d)"
trap 'rm -rf "$logs"' EXIT
failed=0
started=$(date +%s%N)

# step NAME -- runs "step_NAME", which writes its log and a one-line summary.
step() {
  local name=$1 t0 t1 status
  t0=$(date +%s%N)
  if "step_$name" >"$logs/$name.log" 2>&1; then status=ok; else status=FAIL; failed=1; fi
  last_status=$status
  t1=$(date +%s%N)
  printf '%-12s %-4s %6.1fs  %s\n' "$name" "$status" "$(((t1 - t0) / 1000000))e-3" \
    "$(cat "$logs/$name.summary" 2>/dev/null)"
  if [ "$status" = FAIL ]; then sed 's/^/    /' "$logs/$name.log" | tail -n 40; fi
}

step_format() {
  swift format lint --strict --recursive --parallel Sources Tests Package.swift
  local rc=$?
  echo "swift format lint --strict: $(
    [ $rc -eq 0 ] && echo clean || echo 'findings above'
  )" >"$logs/format.summary"
  return $rc
}

step_build() {
  swift build --build-tests 2>&1 | tee "$logs/build.out"
  local rc=${PIPESTATUS[0]}
  local warnings
  warnings=$(grep -E "^$root/(Sources|Tests)/.*: warning:" "$logs/build.out" | sort -u)
  local count=0
  [ -n "$warnings" ] && count=$(wc -l <<<"$warnings")
  echo "swift build (debug, with tests): $count warning(s) in our code" >"$logs/build.summary"
  [ "$count" -gt 0 ] && printf '%s\n' "$warnings" >&2
  return $rc
}

step_tests() {
  local floor count rc
  floor=$(tr -dc '0-9' <scripts/test-floor)
  swift test --skip-build 2>&1 | tee "$logs/tests.out"
  rc=${PIPESTATUS[0]}
  count=$(sed -nE 's/.*Test run with ([0-9]+) tests?.*/\1/p' "$logs/tests.out" | tail -1)
  count=${count:-0}
  local empty=""
  swift test list --skip-build >"$logs/tests.list" 2>/dev/null
  for dir in Tests/*/; do
    local target
    target=$(basename "$dir")
    grep -q "^$target\." "$logs/tests.list" || empty="$empty $target"
  done
  echo "$count tests executed (floor $floor)${empty:+; no tests in:$empty}" >"$logs/tests.summary"
  local failing
  failing=$(grep -E '^✘ Test ' "$logs/tests.out" | grep -v '^✘ Test run' | grep -c ' failed after')
  echo "tests: $((count - failing)) passed, $failing failed" >"$logs/tests.tally"
  [ "$rc" -eq 0 ] && [ "$count" -gt 0 ] && [ "$count" -ge "$floor" ] && [ -z "$empty" ]
}

step_selftest() {
  scripts/scans-selftest.sh
  local rc=$?
  tail -n 1 "$logs/selftest.log" >"$logs/selftest.summary"
  return $rc
}

step_scans() {
  scripts/scans.sh
  local rc=$?
  tail -n 1 "$logs/scans.log" >"$logs/scans.summary"
  return $rc
}

step_trace() {
  scripts/traceability.sh
  local rc=$?
  tail -n 1 "$logs/trace.log" >"$logs/trace.summary"
  return $rc
}

step format
step build
if [ "$last_status" = ok ]; then step tests; else echo "tests        skip           (the build failed)"; fi
if [ "$quick" -eq 0 ]; then step selftest; else echo "selftest     skip           (--quick)"; fi
step scans
step trace

[ -f "$logs/tests.tally" ] && cat "$logs/tests.tally"
total=$((($(date +%s%N) - started) / 1000000))
printf 'total        %6.1fs\n' "${total}e-3"
if [ "$failed" -eq 0 ]; then echo "VERIFY: PASS"; else echo "VERIFY: FAIL"; exit 1; fi
