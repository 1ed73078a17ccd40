#!/usr/bin/env bash
# Times a rule's inner loop (issue 48) as a contributor meets it: a change inside a function
# of TeammateKit, then an error case added to `TeammateError`, each followed by
# `scripts/rule-loop.sh FILTER` (the one test named after the rule's id). The sources are put
# back as they were, whatever happens. Targets: 10 s for a body change, 20 s for an error case.
# Usage: scripts/loop-times.sh [FILTER]   (default AC_REP_07)
set -euo pipefail
root="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
filter="${1:-AC_REP_07}"
error="$root/Sources/TeammateKit/Errors/TeammateError.swift"
chinese="$root/Sources/TeammateKit/Notifications/TraditionalChineseRefusals.swift"
body="$root/Sources/TeammateKit/Cards/CardRules.swift"
kept="$(mktemp -d)"
cp "$error" "$kept/error.swift"
cp "$chinese" "$kept/chinese.swift"
cp "$body" "$kept/body.swift"
trap 'cp "$kept/error.swift" "$error"; cp "$kept/chinese.swift" "$chinese"; cp "$kept/body.swift" "$body"; rm -rf "$kept"' EXIT

loop() {
  local start end
  start=$(date +%s.%N)
  "$root/scripts/rule-loop.sh" "$filter" >"$kept/loop.log" 2>&1 || {
    cat "$kept/loop.log"
    exit 1
  }
  end=$(date +%s.%N)
  python3 -c "print(f'{$end - $start:.1f}')"
}

echo "warming the loop for $filter: $(loop) s"
# NB: a statement inside a function body: the kit's interface stays as it was.
python3 - "$body" <<'PY'
import sys
path = sys.argv[1]
text = open(path).read()
mark = "      if case .until(let until)? = repeatRule?.end, until < time {"
assert mark in text, "the body change's mark moved: update scripts/loop-times.sh"
open(path, "w").write(text.replace(mark, "      _ = 0\n" + mark, 1))
PY
echo "a body change: $(loop) s (target 10 s)"
# NB: an error case and its sentences, as a rule adds one: the kit's interface changes.
python3 - "$error" "$chinese" <<'PY'
import sys
path, chinese = sys.argv[1], sys.argv[2]
text = open(path).read()
case, sentence = "  case mealHasNoDish(CardID)\n", "    case .mealHasNoDish(let id):\n"
assert case in text and sentence in text, "the error case's mark moved: update scripts/loop-times.sh"
text = text.replace(case, case + "  case loopProbe\n", 1)
text = text.replace(sentence, "    case .loopProbe: return \"a probe\"\n" + sentence, 1)
open(path, "w").write(text)
text = open(chinese).read()
assert sentence in text, "the Chinese sentence's mark moved: update scripts/loop-times.sh"
open(chinese, "w").write(text.replace(sentence, "    case .loopProbe: return \"試探\"\n" + sentence, 1))
PY
echo "an error case: $(loop) s (target 20 s)"
