#!/usr/bin/env bash
# Static scans over the Swift sources, defined in scripts/scans.def (name, mode, paths, reason,
# patterns). Comments never count; string literals count only in "text" scans, which guard
# user-facing words. A scan whose set of files is empty fails: a renamed folder must not
# silence it.
# Usage: scripts/scans.sh [ROOT]   (ROOT defaults to this repository)
set -uo pipefail
here="$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)"
root="$(cd "${1:-$here/..}" && pwd)"

out="$(perl "$here/lib/scan.pl" "$root" "$here/scans.def")" || {
  echo "scans: the scanner failed"
  exit 1
}
reason() {
  awk -v want="$1" '/^name: /{n=substr($0,7)} /^reason: /&&n==want{print substr($0,9); exit}' \
    "$here/scans.def"
}
fired=$(awk -F'\t' '$1=="hit"{print $2}' <<<"$out" | sort -u)
for name in $fired; do
  echo "$name: $(reason "$name")"
  awk -F'\t' -v n="$name" '$1=="hit"&&$2==n{printf "  %s:%s: %s\n", $3, $4, $5}' <<<"$out"
done
awk -F'\t' '$1=="empty"{printf "%s: no files to scan under '"'"'%s'"'"' — a scan that cannot see anything is broken\n", $2, $3}' <<<"$out"
total=$(awk -F'\t' '$1=="scans"{print $2}' <<<"$out")
nfired=$(grep -c . <<<"$fired")
empty=$(awk -F'\t' '$1=="empty"' <<<"$out" | grep -c .)
echo "scans: $total run, $nfired fired, $empty with no files"
[ "$nfired" -eq 0 ] && [ "$empty" -eq 0 ]
