#!/usr/bin/env bash
# The long runs beside the judge (issue 62): what verify proves on a short run, run at length.
# Verify judges a change; the soak runs after it (CI runs both) and whenever a change touches
# the simulator, the sync engine, a backend or the command line's input. Prints one line per
# step with its wall time, then SOAK: PASS or SOAK: FAIL; the whole log is kept in
# .build/soak/last.log, its path printed when a step fails.
#
# Every check is named in one of the two commands alone (scripts/checks, held by the harness's
# self-test). The soak's steps:
#   long      the tests sized by `Soak` at their long size (TEAMMATE_SOAK=1): the simulator's
#             test runs, the contract's sweep (100 seeds in memory), the hundred-process kill test
#   sweep     the simulator, release: seeds 1…1000 × 300 steps in memory
#   sqlite    seeds 1…100 × 300 steps on SQLite in memory
#   postgres  seeds 1…60 × 300 steps on PostgreSQL
#   pooled    seeds 1…20 × 300 steps through PgBouncer
#   fuzz      the command line's fuzzer, three seeds × 600 commands
#   load      the load benchmark's rows (8 and 32 clients beside pgbench), release: 0 errors
# Usage: scripts/soak.sh [STEP...]   (no step: all of them)
set -uo pipefail
root="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
cd "$root" || exit 2

all_steps=(long sweep sqlite postgres pooled fuzz load)
steps=("$@")
[ ${#steps[@]} -eq 0 ] && steps=("${all_steps[@]}")
for name in "${steps[@]}"; do
  [[ " ${all_steps[*]} " == *" $name "* ]] || {
    echo "usage: scripts/soak.sh [STEP...]   (steps: ${all_steps[*]})" >&2
    exit 64
  }
done

logs="$root/.build/soak"
rm -rf "$logs"
mkdir -p "$logs" || exit 2
failed=0
started=$(date +%s%N)
: >"$logs/steps"
# shellcheck source=lib/steps.sh
source scripts/lib/steps.sh
# shellcheck source=lib/test-run.sh
source scripts/lib/test-run.sh

# NB: each step is bounded, as verify's tests are (issue 64): a run past its limit is ended
# with everything it started, and fails its step.
step_limit=${TEAMMATE_SOAK_STEP_LIMIT:-1800}

# Runs a command bounded by the step's limit, its processes marked so that all end with it.
bounded() {
  local mark="soak-$$-$RANDOM" rc
  TEAMMATE_TEST_RUN=$mark timeout -k 10 "$step_limit" "$@"
  rc=$?
  if [ "$rc" -eq 124 ] || [ "$rc" -eq 137 ]; then
    end_test_run "$mark"
    echo "ran past its limit (${step_limit} s) and was ended"
  fi
  return $rc
}

sim=.build/release/teammate-sim

# NB: a release simulator for the sweeps (2,000 and more steps a second), built once.
build_release() {
  [ -n "${release_built:-}" ] && return "$release_built"
  echo "building the simulator and the benchmark (release)"
  swift build -c release --product teammate-sim >"$logs/release.out" 2>&1 &&
    swift build -c release --product teammate-bench >>"$logs/release.out" 2>&1 &&
    swift build -c release --product teammate >>"$logs/release.out" 2>&1
  release_built=$?
  return "$release_built"
}

# A sweep of the simulator: seeds, steps, backend; its summary is the tool's last line.
sweep() {
  build_release || { tail -n 20 "$logs/release.out"; return 1; }
  bounded "$sim" --seeds "$1" --steps "$2" --backend "$3"
  local rc=$?
  tail -n 1 "$logs/$current.log" >"$logs/$current.summary"
  return $rc
}

step_long() {
  swift build --build-tests >"$logs/long.build" 2>&1 || { tail -n 20 "$logs/long.build"; return 1; }
  TEAMMATE_SOAK=1 bounded swift test --skip-build \
    --filter 'SimulationTests|SimulationContractTests|DeviceKillCLITests' >"$logs/long.out" 2>&1
  local rc=$?
  grep -E '^✘|Test run with' "$logs/long.out" | tail -n 20
  grep -E 'Test run with' "$logs/long.out" | tail -n 1 >"$logs/long.summary"
  return $rc
}

step_sweep() { current=sweep sweep 1...1000 300 inMemory; }
step_sqlite() { current=sqlite sweep 1...100 300 sqliteInMemory; }
step_postgres() { current=postgres sweep 1...60 300 postgres; }
step_pooled() { current=pooled sweep 1...20 300 postgresPooled; }

step_fuzz() {
  swift build --product teammate >/dev/null 2>&1 || { echo "the command line does not build"; return 1; }
  local seed rc=0
  for seed in 11 12 13; do
    bounded python3 scripts/fuzz.py --binary .build/debug/teammate --seed "$seed" --commands 600 ||
      rc=1
  done
  grep -c '^fuzz: ok' "$logs/fuzz.log" | sed 's/$/ of 3 runs of 600 commands clean/' >"$logs/fuzz.summary"
  return $rc
}

step_load() {
  build_release || { tail -n 20 "$logs/release.out"; return 1; }
  TEAMMATE_BENCH_ONLY=load bounded .build/release/teammate-bench
  local rc=$?
  grep -E 'clients' "$logs/load.log" | tail -n 1 >"$logs/load.summary"
  return $rc
}

# NB: a cluster of the soak's own for the steps that need a server, stopped when it ends.
scripts/postgres.sh sweep 2>"$logs/sweep.log"
TEAMMATE_TEST_POSTGRES=$(TEAMMATE_PG_OWNER=$$ scripts/postgres.sh start 2>"$logs/postgres.log" &&
  true)
if [ -n "$TEAMMATE_TEST_POSTGRES" ]; then
  export TEAMMATE_TEST_POSTGRES
  scripts/postgres.sh install-pooler >>"$logs/postgres.log" 2>&1
  trap 'scripts/postgres.sh stop "$TEAMMATE_TEST_POSTGRES" 2>/dev/null' EXIT
fi

for name in "${steps[@]}"; do step "$name"; done

total=$((($(date +%s%N) - started) / 1000000))
printf 'total        %6.1fs\n' "${total}e-3"
{
  cat "$logs/steps"
  for name in "${steps[@]}"; do
    [ -f "$logs/$name.log" ] || continue
    echo "=== $name ==="
    cat "$logs/$name.log"
  done
} >"$logs/last.log" 2>/dev/null
if [ "$failed" -eq 0 ]; then
  echo "SOAK: PASS"
else
  echo "full log: .build/soak/last.log"
  echo "SOAK: FAIL"
  exit 1
fi
