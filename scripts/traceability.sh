#!/usr/bin/env bash
# Every acceptance id defined in specs/ has a test named after it, and every test named after
# an id refers to one that specs/ defines. An id is defined by a spec line that starts with
# "- **AC-XXX-NN**"; a test carries it as "func test_AC_XXX_NN_…".
set -uo pipefail
root="$(cd "${1:-$(dirname "${BASH_SOURCE[0]}")/..}" && pwd)"
work="$(mktemp -d)"
trap 'rm -rf "$work"' EXIT

grep -rhoE '^- \*\*AC-[A-Z]+-[0-9]+\*\*' "$root/specs" --include='*.md' --exclude=README.md |
  sed -E 's/^- \*\*(AC-[A-Z]+-[0-9]+)\*\*/\1/' | sort >"$work/defined"
sort -u "$work/defined" >"$work/ids"
grep -rhoE 'func test_AC_[A-Z]+_[0-9]+_[A-Za-z0-9_]*' "$root/Tests" --include='*.swift' |
  sed -E 's/^func //' | sort >"$work/tests"
sed -E 's/^test_(AC)_([A-Z]+)_([0-9]+)_.*/\1-\2-\3/' "$work/tests" | sort -u >"$work/tested"

comm -23 "$work/ids" "$work/tested" >"$work/uncovered"
comm -13 "$work/ids" "$work/tested" >"$work/orphaned"
uniq -d "$work/defined" >"$work/duplicated"

while read -r id; do echo "uncovered: $id has no test named test_${id//-/_}_…"; done <"$work/uncovered"
while read -r id; do
  echo "orphaned: $(grep -E "^test_${id//-/_}_" "$work/tests" | head -1) names $id, which specs/ lacks"
done <"$work/orphaned"
while read -r id; do echo "duplicated: $id is defined more than once in specs/"; done <"$work/duplicated"

ids=$(wc -l <"$work/ids")
tests=$(wc -l <"$work/tests")
uncovered=$(wc -l <"$work/uncovered")
orphaned=$(wc -l <"$work/orphaned")
duplicated=$(wc -l <"$work/duplicated")
echo "traceability: $ids ids, $tests tests, $uncovered uncovered, $orphaned orphaned, $duplicated duplicated"
[ "$ids" -gt 0 ] && [ "$uncovered" -eq 0 ] && [ "$orphaned" -eq 0 ] && [ "$duplicated" -eq 0 ]
