#!/usr/bin/env bash
# Proves the guards of issue 64 fire: a test run past its limit is ended, its test binary
# (a process group of its own) included, and the test that hung is named; a cluster whose
# owner was killed leaves no process; nor does one whose checkout was removed first.
# Prints one line per check and ends 1 if any failed.
set -uo pipefail
root="$(cd "$(dirname "${BASH_SOURCE[0]}")/../.." && pwd)"
scratch=$(mktemp -d /tmp/teammate-guard-XXXXXX)
trap 'rm -rf "$scratch"' EXIT
failures=0
check() {
  if [ "$2" = ok ]; then echo "guard: ok: $1"; else echo "guard: FAIL: $1: $2"; failures=$((failures + 1)); fi
}

# 1. A planted test that never returns: a `swift` whose test binary starts in a session of its
#    own, says a test started, and never ends.
mkdir -p "$scratch/bin" "$scratch/logs"
cat >"$scratch/bin/swift" <<'FAKE'
#!/bin/sh
events=$4
setsid sh -c 'printf "%s\n" "{\"kind\":\"event\",\"payload\":{\"kind\":\"testStarted\",\"testID\":\"Planted.HangTests/test_neverReturns()/HangTests.swift:3:4\"},\"version\":0}" >"$1"; exec sleep 1000' planted "$events" &
wait
FAKE
chmod +x "$scratch/bin/swift"
outcome=$(
  PATH="$scratch/bin:$PATH" logs="$scratch/logs" TEAMMATE_TESTS_LIMIT=2 bash -c '
    source "$0"; run_tests; echo "status $?"' "$root/scripts/lib/test-run.sh"
)
left=$(pgrep -f "sleep 1000" -a | grep -c . || true)
case "$outcome" in
  *"hung: Planted.HangTests/test_neverReturns()"*"status 3"*) named=ok ;;
  *) named="not named: $outcome" ;;
esac
check "a test that never returns is ended and named" "$named"
[ "$left" -eq 0 ] && check "its test binary, in a group of its own, is ended" ok ||
  check "its test binary, in a group of its own, is ended" "$left left"

# 2 and 3. A cluster whose owner is killed, from the checkout and from a copy removed first.
gone_within() { # folder seconds: whether no process names the folder within that time
  local i
  for i in $(seq "$2"); do pgrep -f "$1" >/dev/null || return 0; sleep 1; done
  return 1
}
for where in checkout removed; do
  script="$root/scripts/postgres.sh"
  if [ "$where" = removed ]; then
    mkdir -p "$scratch/clone/scripts" && cp "$script" "$scratch/clone/scripts/" &&
      script="$scratch/clone/scripts/postgres.sh"
  fi
  sleep 300 &
  owner=$!
  url=$(TEAMMATE_PG_OWNER=$owner bash "$script" start 2>"$scratch/start.log") ||
    { check "a cluster of a killed owner ($where)" "did not start: $(cat "$scratch/start.log")"; kill "$owner"; continue; }
  folder=${url#*host=}
  folder=${folder%%&*}
  [ "$where" = removed ] && rm -rf "$scratch/clone"
  kill -9 "$owner"
  wait "$owner" 2>/dev/null
  if gone_within "$folder" 15; then
    check "a cluster of a killed owner leaves no process ($where)" ok
  else
    check "a cluster of a killed owner leaves no process ($where)" "still running"
    bash "$root/scripts/postgres.sh" stop "$url" 2>/dev/null
  fi
done
echo "harness: 4 guard checks, $failures failure(s)"
exit $((failures > 0))
