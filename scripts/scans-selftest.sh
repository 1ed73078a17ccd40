#!/usr/bin/env bash
# Proves every scan can fire. In a scratch copy of the tree it plants one violation per scan
# and requires that scan, and only it, to fire; then plants the same text inside comments
# and string literals, where a "code" scan must stay silent (a "text" scan, which guards
# user-facing words, must fire on the string and stay silent on the comment). Finally it
# renames a scanned folder away and requires the empty file set to fail.
set -uo pipefail
here="$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)"
root="$(cd "$here/.." && pwd)"
scratch="$(mktemp -d)"
trap 'rm -rf "$scratch"' EXIT

# scan|mode|file to plant in|violation
PLANTS=(
  'kit-boundary|code|Sources/TeammateKit/ScanPlant.swift|import UIKit'
  'storage-boundary|code|Sources/TeammateInMemory/ScanPlant.swift|import CSQLite'
  'no-system-clock|code|Sources/TeammateKit/ScanPlant.swift|let t = Date()'
  'no-scoring|text|Sources/TeammateKit/ScanPlant.swift|struct PartnerScore {}'
  'no-remote-push|code|Sources/TeammateInMemory/ScanPlant.swift|UIApplication.shared.registerForRemoteNotifications()'
  'no-print-in-libraries|code|Sources/TeammateInMemory/ScanPlant.swift|print(1)'
  'cli-no-rules|code|Sources/TeammateCLI/ScanPlant.swift|if card.ackBy == nil { badge += 1 }'
)

failures=0
fail() { echo "selftest: $*"; failures=$((failures + 1)); }

tar -C "$root" --exclude=./.build --exclude=./.git --exclude=./.swiftpm -cf - . | tar -C "$scratch" -xf -

# Names of the scans that fired on the scratch tree, one per line.
fired() {
  "$scratch/scripts/scans.sh" "$scratch" | sed -n 's/^\([a-z-]*\): .*/\1/p' | grep -vx scans | sort -u
}

baseline="$(fired)"
[ -z "$baseline" ] || fail "the unplanted tree already fires: $(echo $baseline)"

for entry in "${PLANTS[@]}"; do
  IFS='|' read -r scan mode file violation <<<"$entry"
  target="$scratch/$file"

  printf '%s\n' "$violation" >"$target"
  got="$(fired)"
  [ "$got" = "$scan" ] || fail "$scan: planting '$violation' in $file fired [$(echo $got)], expected [$scan]"

  printf '// %s\n/* %s */\n/*\n  /* nested */ %s\n*/\n/// %s\n' \
    "$violation" "$violation" "$violation" "$violation" >"$target"
  got="$(fired)"
  [ -z "$got" ] || fail "$scan: the violation inside comments fired [$(echo $got)]"

  printf 'let a = "%s"\nlet b = """\n  %s\n  """\nlet c = #"%s"#\n' \
    "$violation" "$violation" "$violation" >"$target"
  got="$(fired)"
  if [ "$mode" = text ]; then
    [ "$got" = "$scan" ] || fail "$scan: user-facing text '$violation' in a string did not fire"
  else
    [ -z "$got" ] || fail "$scan: the violation inside string literals fired [$(echo $got)]"
  fi
  rm -f "$target"
done

mv "$scratch/Sources/TeammateKit" "$scratch/Sources/RenamedKit"
renamed="$("$scratch/scripts/scans.sh" "$scratch")"
grep -q '^kit-boundary: no files to scan' <<<"$renamed" ||
  fail "kit-boundary did not fail when its folder disappeared"
mv "$scratch/Sources/RenamedKit" "$scratch/Sources/TeammateKit"

echo "selftest: ${#PLANTS[@]} scans planted, $failures failure(s)"
[ "$failures" -eq 0 ]
