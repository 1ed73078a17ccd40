#!/usr/bin/env bash
# The one judge of every change. Runs the build and the tests, and beside them format, the
# scan self-test (with the harness self-test) and the scans; then traceability. Prints one
# line per step with its wall time, the tally, then VERIFY: PASS or VERIFY: FAIL. The whole log is kept in .build/verify/last.log.
# Usage: scripts/verify.sh [--quick]   (--quick skips the self-tests)
set -uo pipefail
root="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
cd "$root" || exit 2
quick=0
case "${1:-}" in
  --quick) quick=1 ;;
  "") ;;
  *) echo "usage: scripts/verify.sh [--quick]" >&2; exit 64 ;;
esac

logs="$root/.build/verify"
rm -rf "$logs"
mkdir -p "$logs" || exit 2
failed=0
started=$(date +%s%N)
: >"$logs/steps"

# shellcheck source=lib/steps.sh
source scripts/lib/steps.sh

step_format() {
  # NB: only the files changed since the last clean lint are linted again (their hashes, and
  # the configuration's, in .build/format.clean); a clean checkout lints every file.
  local stamp=.build/format.clean now changed rc
  now=$(
    {
      sha256sum .swift-format | sed 's/ .*/  .swift-format/'
      find Sources Tests -name '*.swift' | LC_ALL=C sort | xargs sha256sum
      sha256sum Package.swift
    }
  )
  if [ -f "$stamp" ] && [ "$(head -n 1 "$stamp")" = "$(head -n 1 <<<"$now")" ]; then
    changed=$(comm -13 <(sort "$stamp") <(sort <<<"$now") | sed 's/^[0-9a-f]*  //' | xargs)
  else
    changed="Sources Tests Package.swift"
  fi
  if [ -z "$changed" ]; then
    echo "swift format lint --strict: clean (no file changed since the last clean lint)" \
      >"$logs/format.summary"
    return 0
  fi
  # shellcheck disable=SC2086
  scripts/format-lint.sh $changed >"$logs/format.out"
  rc=$?
  cat "$logs/format.out"
  echo "swift format lint --strict: $(
    [ $rc -eq 0 ] && echo clean || echo 'findings above'
  ) ($(wc -w <<<"$changed" | xargs) path(s) linted)" >"$logs/format.summary"
  if [ "$rc" -eq 0 ]; then echo "$now" >"$stamp"; else rm -f "$stamp"; cp "$logs/format.out" "$logs/format.failure"; fi
  return $rc
}

step_build() {
  # NB: scripts/build.sh builds twice when a module's layout changed, so nothing stays stale.
  scripts/build.sh 2>&1 | tee "$logs/build.out"
  local rc=${PIPESTATUS[0]}
  local warnings
  # NB: a warning inside a macro's expansion names our file only in the note that follows it.
  warnings=$(
    {
      grep -E "^$root/(Sources|Tests)/.*: warning:" "$logs/build.out"
      grep -E -A1 "^macro expansion .*: warning:" "$logs/build.out" |
        grep -oE "$root/(Sources|Tests)/[^ ]*: note: expanded code originates here"
    } | sort -u
  )
  local count=0
  [ -n "$warnings" ] && count=$(wc -l <<<"$warnings")
  echo "swift build (debug, with tests): $count warning(s) in our code" >"$logs/build.summary"
  if [ "$rc" -ne 0 ]; then
    grep -E ": error:" "$logs/build.out" | sort -u >"$logs/build.failure"
    [ -s "$logs/build.failure" ] || tail -n 40 "$logs/build.out" >"$logs/build.failure"
  elif [ "$count" -gt 0 ]; then
    # NB: a warning fails the step: an incremental build shows only the files it compiled,
    # and a clean clone (CI) compiles them all.
    printf '%s\n' "$warnings" >"$logs/build.failure"
    rc=1
  fi
  return $rc
}

# The backend kinds the contract suite must cover, read from the enum itself.
backend_kinds() {
  sed -n '/^public enum BackendKind/,/^}/s/^  case \([A-Za-z]*\)$/\1/p' \
    Sources/TeammateTestHarness/BackendKind.swift | xargs
}

# Runs the tests once, bounded (scripts/lib/test-run.sh: `run_tests`, `tests_limit`).
# shellcheck source=lib/test-run.sh
source scripts/lib/test-run.sh

# A throwaway PostgreSQL cluster for the tests that need a server, stopped when verify ends,
# whatever happened; a machine without PostgreSQL fails the tests step and says why. PgBouncer,
# which the pooled cases start for themselves, is installed meanwhile if it is missing.
# It starts beside the build; `use_postgres` waits for it.
start_postgres() {
  # NB: the cluster is this verify's: its watcher stops it once verify is gone, however.
  { TEAMMATE_PG_OWNER=$$ scripts/postgres.sh start && scripts/postgres.sh install-pooler; } \
    >"$logs/postgres.url" 2>"$logs/postgres.log" &
  postgres_starting=$!
  trap 'wait "$postgres_starting" 2>/dev/null; [ -s "$logs/postgres.url" ] && scripts/postgres.sh stop "$(cat "$logs/postgres.url")" 2>/dev/null' EXIT
}

use_postgres() {
  wait "$postgres_starting" || return 1
  TEAMMATE_TEST_POSTGRES=$(cat "$logs/postgres.url")
  export TEAMMATE_TEST_POSTGRES
}

step_tests() {
  local rc line notes="" targets
  if [ -z "${TEAMMATE_TEST_POSTGRES:-}" ]; then
    echo "no PostgreSQL server for the tests:" >"$logs/tests.failure"
    cat "$logs/postgres.log" >>"$logs/tests.failure"
    echo "PostgreSQL could not be started" >"$logs/tests.summary"
    return 1
  fi
  line=$(run_tests)
  local ran=$?
  if [ "$ran" -eq 3 ]; then
    # NB: a run past its limit is not retried: what hung is named, and the run fails.
    notes="$line"
  elif [ "$ran" -ne 0 ]; then
    notes="$line; cleaning the test build products and retrying once"
    rm -rf .build/debug/*Tests.build .build/debug/TeammatePackage*Tests.*
    swift build --build-tests >"$logs/rebuild.out" 2>&1
    swift build --build-tests >>"$logs/rebuild.out" 2>&1
    if line=$(run_tests); then
      notes="$notes"$'\n'"the retry ran to the end"
    else
      notes="$notes"$'\n'"$line, again after the clean rebuild"
    fi
  fi
  targets=$(for dir in Tests/*/; do basename "$dir"; done | xargs)
  python3 scripts/lib/test-report.py "$logs/events.jsonl" scripts/test-list \
    scripts/test-allowlist "$targets" "$(backend_kinds)" BackendContractTests "$logs/tests.tally" \
    >"$logs/tests.report"
  rc=$?
  [ "$ran" -eq 3 ] && rc=1
  swift test list --skip-build >"$logs/tests.list" 2>/dev/null || rc=1
  { [ -n "$notes" ] && echo "$notes"; cat "$logs/tests.report"; } | tee "$logs/tests.failure"
  [ "$rc" -eq 0 ] && rm -f "$logs/tests.failure"
  tail -n 1 "$logs/tests.report" >"$logs/tests.summary"
  return $rc
}

step_selftest() {
  # NB: the self-tests prove the judge's own checks, which live in scripts/ alone: run again
  # only when scripts/ changed since they last passed (.build/selftest.hash); a clean checkout
  # runs them.
  local stamp=.build/selftest.hash hash rc=0
  hash=$(find scripts -type f | LC_ALL=C sort | xargs sha256sum | sha256sum | cut -d' ' -f1)
  if [ -f "$stamp" ] && [ "$(cat "$stamp")" = "$hash" ]; then
    echo "selftest: unchanged since the self-tests last passed (scripts/ as it was)" \
      >"$logs/selftest.summary"
    return 0
  fi
  rm -f "$stamp"
  scripts/scans-selftest.sh || rc=1
  scripts/harness-selftest.sh || rc=1
  grep -hE '^(selftest|harness):' "$logs/selftest.log" | grep -E 'planted|checks' |
    paste -sd ';' - | sed 's/;/; /' >"$logs/selftest.summary"
  [ "$rc" -eq 0 ] && echo "$hash" >"$stamp"
  return $rc
}

step_scans() {
  scripts/scans.sh
  local rc=$?
  tail -n 1 "$logs/scans.log" >"$logs/scans.summary"
  return $rc
}

step_api() {
  scripts/api.sh
  local rc=$?
  grep -E '^api: [0-9]+ declarations' "$logs/api.log" >"$logs/api.summary"
  [ "$rc" -ne 0 ] && grep -E '^(api|docs|semver):' "$logs/api.log" | grep -v 'declarations,' >"$logs/api.failure"
  return $rc
}

step_docs() {
  # NB: the catalog documents TeammateKit alone: it is built again only when its sources, its
  # articles, this step's scripts or the toolchain changed since it last built clean (a hash
  # of them). A clean checkout has no hash, so CI always builds it.
  local stamp=.build/docs.hash hash rc
  hash=$(
    {
      find Sources/TeammateKit scripts/docs.sh scripts/lib/built-modules.sh -type f |
        LC_ALL=C sort | xargs sha256sum
      swift --version 2>&1
    } | sha256sum | cut -d' ' -f1
  )
  if [ -f "$stamp" ] && [ "$(cat "$stamp")" = "$hash" ] && [ -f .build/docs/index.html ]; then
    echo "docs: unchanged since the catalog last built clean (.build/docs)"
    tail -n 1 "$logs/docs.log" >"$logs/docs.summary"
    return 0
  fi
  rm -f "$stamp"
  scripts/docs.sh
  rc=$?
  [ "$rc" -eq 0 ] && echo "$hash" >"$stamp"
  tail -n 1 "$logs/docs.log" >"$logs/docs.summary"
  return $rc
}

step_trace() {
  local list="$logs/tests.list"
  [ -s "$list" ] || list=""
  scripts/traceability.sh $list
  local rc=$?
  tail -n 1 "$logs/trace.log" >"$logs/trace.summary"
  return $rc
}

# NB: the checks that read only the sources (format, the scans and their self-test) run
# beside the build and the tests, which need the cores most; their lines follow.
(
  run_step format
  [ "$quick" -eq 0 ] && run_step selftest
  run_step scans
) &
static_checks=$!
# NB: clusters a run left whose owner is gone (a killed verify, a crashed test process) go
# first; a cluster whose owner lives, another verify's, is never touched.
scripts/postgres.sh sweep 2>"$logs/sweep.log"
start_postgres
# NB: the build is silent while it works; a cold one takes minutes, so say so before it.
if [ -d .build/debug/Modules ]; then
  echo "building (incremental: seconds after a small change, a minute or two after a type's layout changed)"
else
  echo "building from cold: about two to three minutes on two cores, then the tests"
fi
step build
use_postgres
built=$last_status
# NB: the public API and the documentation are read from the build's modules, beside the
# tests.
if [ "$built" = ok ]; then { run_step api; run_step docs; } & api_check=$!; fi
if [ "$built" = ok ]; then step tests; else echo "tests        skip           (the build failed)" | tee -a "$logs/steps"; fi
if [ "$built" = ok ]; then
  wait "$api_check"
  print_step api
  print_step docs
else
  echo "api          skip           (the build failed)" | tee -a "$logs/steps"
  echo "docs         skip           (the build failed)" | tee -a "$logs/steps"
  failed=1
fi
wait "$static_checks"
print_step format
if [ "$quick" -eq 0 ]; then print_step selftest; else echo "selftest     skip           (--quick)" | tee -a "$logs/steps"; fi
print_step scans
if [ -s "$logs/tests.list" ]; then step trace; else echo "trace        skip           (no test list: the build or the tests failed)" | tee -a "$logs/steps"; [ "$quick" -eq 1 ] || failed=1; fi

[ -f "$logs/tests.tally" ] && cat "$logs/tests.tally"
total=$((($(date +%s%N) - started) / 1000000))
printf 'total        %6.1fs\n' "${total}e-3"
{
  cat "$logs/steps"
  for name in format build tests api docs selftest scans trace; do
    [ -f "$logs/$name.log" ] || continue
    echo "=== $name ==="
    cat "$logs/$name.log"
  done
  [ -f "$logs/tests.out" ] && { echo "=== swift test output ==="; cat "$logs/tests.out"; }
} >"$logs/last.log" 2>/dev/null
if [ "$failed" -eq 0 ]; then
  echo "VERIFY: PASS"
else
  echo "full log: .build/verify/last.log"
  echo "VERIFY: FAIL"
  exit 1
fi
