#!/usr/bin/env bash
# The public API of the package's library products, recorded in docs/api/public-api.txt and
# compared on every verify; every public declaration documented; and proof that no outside code can reach a backend's
# storage around the access table (scripts/fixtures/api-bypass.swift must not compile).
# Needs the debug build's modules (scripts/build.sh).
# The change since the last release is classified and held to the changelog's next version
# (scripts/lib/semver.py); --release records the API as released under that version.
# Usage: scripts/api.sh [--record | --release]
set -uo pipefail
root="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
cd "$root" || exit 2
record=""
case "${1:-}" in
  --record) record=--record ;;
  --release)
    # NB: the version is the changelog's first, which must be dated by now.
    version=$(sed -n 's/^## \[\([0-9]*\.[0-9]*\.[0-9]*\)\] - \([0-9-]*\)$/\1/p' CHANGELOG.md | head -n 1)
    [ -n "$version" ] || { echo "api: date the changelog's next version first (## [X.Y.Z] - YYYY-MM-DD)" >&2; exit 1; }
    { echo "# released $version"; grep -v '^#' docs/api/public-api.txt; } >docs/api/released-api.txt.new &&
      mv docs/api/released-api.txt.new docs/api/released-api.txt
    # NB: the adopter's storage and backend as an app team keeps them: written against this
    # release, they must compile and pass the contract unchanged until the next major one.
    { echo "# released $version: the adopter's code (Tests/ConformanceAdopterTests) as written against it"
      find Tests/ConformanceAdopterTests -name '*.swift' | LC_ALL=C sort | xargs sha256sum; } \
      >docs/api/released-adopter.txt.new && mv docs/api/released-adopter.txt.new docs/api/released-adopter.txt
    echo "api: docs/api/released-api.txt and released-adopter.txt are $version's"; exit 0 ;;
  "") ;;
  *) echo "usage: scripts/api.sh [--record | --release]" >&2; exit 64 ;;
esac
. scripts/lib/built-modules.sh api
graphs=.build/api/graphs
rm -rf "$graphs" && mkdir -p "$graphs" || exit 2
# The targets of every library product, read from Package.swift.
products=$(python3 - <<'PY'
import re
text = open("Package.swift", encoding="utf-8").read()
names = set()
for body in re.findall(r"\.library\((.*?)\)", text, re.S):
    listed = re.search(r"targets:\s*\[(.*?)\]", body, re.S)
    names.update(re.findall(r'"(\w+)"', listed.group(1)) if listed else [])
print(" ".join(sorted(names)))
PY
)
status=0
: >.build/api/extract.log
extracting=()
for module in $products; do
  extract_graph "$graphs" "$module" >>.build/api/extract.log 2>&1 &
  extracting+=($!)
done
for pid in "${extracting[@]}"; do
  wait "$pid" || { echo "api: symbol graphs failed:"; cat .build/api/extract.log; exit 1; }
done
python3 scripts/lib/api.py "$graphs" docs/api/public-api.txt $record || status=1
[ -n "$record" ] && exit $status
python3 scripts/lib/semver.py docs/api/released-api.txt docs/api/public-api.txt CHANGELOG.md \
  docs/api/released-adopter.txt ||
  status=1

# A bypass of the access table must not compile outside the package; the same file with the
# bypass taken out must, so that the refusal is the bypass's and not a broken setup.
bypass=scripts/fixtures/api-bypass.swift
typecheck() {
  swiftc -typecheck "${module_flags[@]}" "$@" 2>&1
}
if out=$(typecheck "$bypass"); then
  echo "api: $bypass compiled: outside code can reach a backend's storage around the access table"
  status=1
elif ! grep -q "inaccessible due to '\(package\|fileprivate\)' protection level" <<<"$out"; then
  echo "api: $bypass was refused for another reason:"; echo "$out" | head -5; status=1
elif ! out=$(typecheck -D WITHOUT_BYPASS "$bypass"); then
  echo "api: $bypass does not compile even without the bypass:"; echo "$out" | head -5; status=1
else
  echo "api: a bypass of the access table does not compile outside the package"
fi
# NB: the adopter's storage and backend use the public API alone, as an app team's would: they
# compile outside the package, where nothing `package` is seen.
adopter=(Tests/ConformanceAdopterTests/DictionaryBackend.swift
  Tests/ConformanceAdopterTests/DictionaryStorage.swift)
if out=$(typecheck "${adopter[@]}"); then
  echo "api: the adopter's storage compiles outside the package, on the public API alone"
else
  echo "api: the adopter's storage does not compile outside the package:"; echo "$out" | head -5
  status=1
fi
exit $status
