#!/usr/bin/env bash
# Proves the judge's own checks can fire: feeds the test report and traceability planted
# holes (a recorded event stream of failing, skipped, disabled and known-issue tests; a floor
# that differs; a contract test on one backend kind; malformed spec ids and test names) and
# requires each to be caught, and the clean cases to pass.
set -uo pipefail
here="$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)"
root="$(cd "$here/.." && pwd)"
scratch="$(mktemp -d)"
trap 'rm -rf "$scratch"' EXIT
checks=0
failures=0
fail() { echo "harness: $*"; failures=$((failures + 1)); }

# expect WANT(pass|fail) PATTERN DESCRIPTION -- COMMAND...: the command must pass or fail, and
# when it fails its output must match PATTERN.
expect() {
  local want=$1 pattern=$2 what=$3 out rc
  shift 4
  checks=$((checks + 1))
  out="$("$@" 2>&1)"
  rc=$?
  if [ "$want" = pass ]; then
    [ "$rc" -eq 0 ] || fail "$what: expected to pass, got: $(head -3 <<<"$out")"
  else
    [ "$rc" -ne 0 ] || fail "$what: expected to fail, but it passed"
    grep -qE -- "$pattern" <<<"$out" || fail "$what: the failure does not say /$pattern/: $(head -3 <<<"$out")"
  fi
}

report() { python3 "$here/lib/test-report.py" "$@" "$scratch/tally"; }
events="$here/fixtures/probe-events.jsonl"
: >"$scratch/none"
echo 4 >"$scratch/floor4"
echo 5 >"$scratch/floor5"

# The recorded run: failing() fails, param(x:) fails its second case, disabled() and
# notEnabled() are skipped, known() passes with a known issue; 4 cases ran.
expect fail 'FAILED TeammateKitTests.ZZProbe/failing\(\)' "a failing test" -- \
  report "$events" "$scratch/floor4" "$scratch/none" TeammateKitTests "" X
expect fail 'one is not two' "the failure's comment is printed in full" -- \
  report "$events" "$scratch/floor4" "$scratch/none" TeammateKitTests "" X
expect fail 'NOT ALLOWED TeammateKitTests.ZZProbe/disabled\(\)' "a disabled test" -- \
  report "$events" "$scratch/floor4" "$scratch/none" TeammateKitTests "" X
expect fail 'NOT ALLOWED TeammateKitTests.ZZProbe/notEnabled\(\)' "a test enabled if false" -- \
  report "$events" "$scratch/floor4" "$scratch/none" TeammateKitTests "" X
expect fail 'NOT ALLOWED TeammateKitTests.ZZProbe/known\(\): passed with a known issue' \
  "a known issue" -- report "$events" "$scratch/floor4" "$scratch/none" TeammateKitTests "" X
expect fail 'FLOOR 4 test cases ran but .* says 5: .* write 4 there' "a floor above the count" -- \
  report "$events" "$scratch/floor5" "$scratch/none" TeammateKitTests "" X
echo 3 >"$scratch/floor3"
expect fail 'FLOOR 4 test cases ran but .* says 3' "a floor below the count" -- \
  report "$events" "$scratch/floor3" "$scratch/none" TeammateKitTests "" X
expect fail 'EMPTY test target OtherTests' "a test target that ran nothing" -- \
  report "$events" "$scratch/floor4" "$scratch/none" "TeammateKitTests OtherTests" "" X
expect fail 'BACKENDS TeammateKitTests.ZZProbe/failing\(\) runs on no backend kind' \
  "a contract test with no backend argument" -- \
  report "$events" "$scratch/floor4" "$scratch/none" TeammateKitTests "1 2" TeammateKitTests
expect fail 'BACKENDS TeammateKitTests.ZZProbe/param\(x:\) ran unevenly.*3 0' \
  "a contract test that skips a backend kind" -- \
  report "$events" "$scratch/floor4" "$scratch/none" TeammateKitTests "1 2 3" TeammateKitTests
grep -v '"runEnded"' "$events" >"$scratch/crashed.jsonl"
expect fail 'CRASHED' "a run that did not finish" -- \
  report "$scratch/crashed.jsonl" "$scratch/floor4" "$scratch/none" TeammateKitTests "" X

# A clean run passes: keep only the passing tests' events.
grep -vE 'ZZProbe/(failing|disabled|notEnabled|known|param)' "$events" >"$scratch/clean.jsonl"
echo 0 >"$scratch/floor0"
expect fail 'EMPTY test target TeammateKitTests' "a run where nothing ran" -- \
  report "$scratch/clean.jsonl" "$scratch/floor0" "$scratch/none" TeammateKitTests "" X
grep -vE 'ZZProbe/(failing|param)' "$events" >"$scratch/allowed.jsonl"
printf '%s\n' "TeammateKitTests.ZZProbe/disabled() — reason one" \
  "TeammateKitTests.ZZProbe/notEnabled() — reason two" \
  "TeammateKitTests.ZZProbe/known() — reason three" >"$scratch/allow"
echo 1 >"$scratch/floor1"
expect pass '' "skips listed with reasons" -- \
  report "$scratch/allowed.jsonl" "$scratch/floor1" "$scratch/allow" TeammateKitTests "" X
printf '%s\n' "TeammateKitTests.ZZProbe/disabled()" >"$scratch/allow-bare"
expect fail 'NOT ALLOWED TeammateKitTests.ZZProbe/disabled' "an allow-list line without a reason" -- \
  report "$scratch/allowed.jsonl" "$scratch/floor1" "$scratch/allow-bare" TeammateKitTests "" X

# Traceability: a tree of specs and a test list, each planted with one hole.
trace() { python3 "$here/lib/traceability.py" "$scratch/specs" "$scratch/list"; }
plant_specs() {
  rm -rf "$scratch/specs"
  mkdir -p "$scratch/specs"
  printf '# Cards\n\n- **AC-CARD-01** — A card has a title.\n- **AC-CARD-02** — See AC-CARD-01.\n' \
    >"$scratch/specs/cards.md"
  printf '%s\n' 'TeammateKitTests.CardTests/test_AC_CARD_01_titled()' \
    'TeammateKitTests.CardTests/test_AC_CARD_02_seeAbove(kind:)' >"$scratch/list"
}
plant_specs
expect pass '' "well-formed specs and tests" -- trace
for bad in '- AC-CARD-03: colon form' '- **AC-CARD-03:** bold colon' '* **AC-CARD-03** — star bullet' \
  '  - **AC-CARD-03** — indented' '- **AC-Card-03** — mixed case' '- **AC-CARD-3** — one digit' \
  '### AC-CARD-03 heading'; do
  plant_specs
  printf '%s\n' "$bad" >>"$scratch/specs/cards.md"
  expect fail 'malformed' "the spec line '$bad'" -- trace
done
plant_specs
printf 'Mentions AC-CARD-09 in passing.\n' >>"$scratch/specs/cards.md"
expect fail 'dangling: .* AC-CARD-09' "a reference to an undefined id" -- trace
plant_specs
printf 'Mentions AC-card-01 in passing.\n' >>"$scratch/specs/cards.md"
expect fail "malformed: .*'AC-card-01'" "a reference in the wrong case" -- trace
plant_specs
printf '%s\n' '- **AC-CARD-01** — again.' >>"$scratch/specs/cards.md"
expect fail 'duplicated: AC-CARD-01' "an id defined twice" -- trace
plant_specs
echo '- **AC-CARD-05** — elsewhere.' >"$scratch/specs/notes.txt"
expect fail 'stray: specs/notes.txt' "a spec file that is not .md" -- trace
plant_specs
printf '%s\n' '- **AC-CARD-04** — untested.' >>"$scratch/specs/cards.md"
expect fail 'uncovered: AC-CARD-04' "an id with no test" -- trace
plant_specs
echo 'TeammateKitTests.CardTests/test_AC_CARD_07_noSpec()' >>"$scratch/list"
expect fail 'orphaned: .*AC-CARD-07' "a test naming an undefined id" -- trace
plant_specs
echo 'TeammateKitTests.CardTests/test_AC_CARD_1_shortId()' >>"$scratch/list"
expect fail 'malformed: test test_AC_CARD_1_shortId' "a test id with one digit" -- trace
plant_specs
echo 'TeammateCLITests.CardCLITests/test_AC_CARD_01_alsoHere()' >>"$scratch/list"
expect fail 'layers: AC-CARD-01 is tested in TeammateCLITests, TeammateKitTests' \
  "one id tested in two layers" -- trace
plant_specs
grep -v AC_CARD_02 "$scratch/list" >"$scratch/list2" && mv "$scratch/list2" "$scratch/list"
expect fail 'uncovered: AC-CARD-02' "a test only in a comment is not in the runner's list" -- trace

echo "harness: $checks checks of the judge's own checks, $failures failure(s)"
[ "$failures" -eq 0 ]
