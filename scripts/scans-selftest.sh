#!/usr/bin/env bash
# Proves every scan can fire. In a scratch copy of the tree it plants each violation of
# scripts/scan-plants.txt in a file of its own and requires that scan, and only it, to fire on
# that file; the same text inside comments must stay silent, and inside string literals must
# fire only for a "text" scan (which guards user-facing words). A scan with no plant fails.
# Finally it renames a scanned folder away and requires the empty file set to fail.
# All plants go into one tree and one scanner run, so the self-test takes about a second.
set -uo pipefail
here="$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)"
root="$(cd "$here/.." && pwd)"
scratch="$(mktemp -d)"
trap 'rm -rf "$scratch"' EXIT

failures=0
fail() { echo "selftest: $*"; failures=$((failures + 1)); }

tar -C "$root" -cf - Sources Tests Package.swift | tar -C "$scratch" -xf -
scan() { perl "$here/lib/scan.pl" "$scratch" "$here/scans.def" "$@"; }

mode_of() {
  awk -v want="$1" '/^name: /{n=substr($0,7)} /^mode: /&&n==want{print substr($0,7); exit}' \
    "$here/scans.def"
}

# Write every plant and its twins; remember what each file must fire.
index=0
planted=0
: >"$scratch/.expected"
while IFS=$'\t' read -r scan template violation flags; do
  case "$scan" in '' | '#'*) continue ;; esac
  index=$((index + 1))
  mode="$(mode_of "$scan")"
  [ -n "$mode" ] || { fail "plant $index names '$scan', which scans.def does not define"; continue; }
  code="${template/\{\}/${index}c}"
  comment="${template/\{\}/${index}k}"
  string="${template/\{\}/${index}s}"
  mkdir -p "$(dirname "$scratch/$code")"
  printf '%s\n' "$violation" >"$scratch/$code"
  printf '// %s\n/* %s */\n/*\n  /* nested */ %s\n*/\n/// %s\n' \
    "$violation" "$violation" "$violation" "$violation" >"$scratch/$comment"
  printf '%s\x1f%s\x1f%s\n' "$code" "$scan" "$violation" >>"$scratch/.expected"
  printf '%s\x1f%s\x1f%s\n' "$comment" "" "$violation (in comments)" >>"$scratch/.expected"
  if [ "$flags" != no-string-twin ]; then
    escaped="${violation//\\/\\\\}"
    escaped="${escaped//\"/\\\"}"
    printf 'let a = "%s"\nlet b = """\n  %s\n  """\nlet c = #"%s"#\n' \
      "$escaped" "$violation" "$violation" >"$scratch/$string"
    [ "$mode" = text ] && want="$scan" || want=""
    printf '%s\x1f%s\x1f%s\n' "$string" "$want" "$violation (in strings)" >>"$scratch/.expected"
  fi
  planted=$((planted + 1))
done <"$here/scan-plants.txt"

hits="$(scan)"
# NB: the tree itself must not fire: any hit outside the planted files fails.
unplanted="$(awk -F'\t' '$1=="hit" && $3 !~ /ScanPlant|Package@swift-/' <<<"$hits")"
[ -z "$unplanted" ] || fail "the unplanted tree already fires: $(cut -f2,3 <<<"$unplanted" | head -3)"
while IFS=$'\x1f' read -r file want what; do
  got="$(awk -F'\t' -v f="$file" '$1=="hit"&&$3==f{print $2}' <<<"$hits" | sort -u | xargs)"
  [ "$got" = "$want" ] || fail "'$what' in $file fired [${got}], expected [${want}]"
done <"$scratch/.expected"

for name in $(sed -n 's/^name: //p' "$here/scans.def" | sort -u); do
  cut -d$'\x1f' -f2 "$scratch/.expected" | grep -qx "$name" || fail "$name has no planted violation"
done

mv "$scratch/Sources/TeammateKit" "$scratch/Sources/RenamedKit"
renamed="$(scan kit-boundary)"
grep -q "^empty"$'\t'"kit-boundary"$'\t' <<<"$renamed" || fail "kit-boundary did not fail when its folder disappeared"

echo "selftest: $planted violations planted over $(sed -n 's/^name: //p' "$here/scans.def" | sort -u | wc -l) scans, $failures failure(s)"
[ "$failures" -eq 0 ]
