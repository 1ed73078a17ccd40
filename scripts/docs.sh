#!/usr/bin/env bash
# Builds TeammateKit's documentation catalog with the toolchain's docc into .build/docs, in the
# form a static web host serves. Fails on any docc warning. Needs the debug build's modules
# (scripts/build.sh); the symbol graph comes from swift-symbolgraph-extract.
# Usage: scripts/docs.sh   (then serve .build/docs, or open .build/docs/index.html)
set -uo pipefail
root="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
cd "$root" || exit 2
. scripts/lib/built-modules.sh docs
graphs=.build/docs-graphs
rm -rf "$graphs" .build/docs && mkdir -p "$graphs" || exit 2
extract_graph "$graphs" TeammateKit ||
  { echo "docs: the symbol graph could not be extracted"; exit 1; }
# convert CATALOG OUTPUT: docc's own output; its status is docc's.
convert() {
  docc convert "$1" --additional-symbol-graph-dir "$graphs" --output-path "$2" \
    --fallback-display-name TeammateKit --fallback-bundle-identifier org.teammate.TeammateKit \
    --transform-for-static-hosting --warnings-as-errors 2>&1
}
# NB: a link to nothing, planted in a copy of the catalog, must fail: the check can fire.
planted=.build/docs-planted
rm -rf "$planted" && mkdir -p "$planted" && cp -R Sources/TeammateKit/TeammateKit.docc "$planted/"
printf '\nSee ``NoSuchSymbolAnywhere``.\n' >>"$planted/TeammateKit.docc/TheRules.md"
if convert "$planted/TeammateKit.docc" "$planted/out" >"$planted/log" ||
  ! grep -q "NoSuchSymbolAnywhere" "$planted/log"; then
  echo "docs: a link to nothing planted in the catalog was not reported: the check cannot fire"
  exit 1
fi
out=$(convert Sources/TeammateKit/TeammateKit.docc .build/docs)
rc=$?
warnings=$(grep -cE "(warning|error):" <<<"$out")
if [ "$rc" -ne 0 ] || [ "$warnings" -gt 0 ]; then
  grep -E "(warning|error):" <<<"$out" | head -40
  echo "docs: $warnings docc warning(s) or error(s)"
  exit 1
fi
echo "docs: the catalog builds with no warning: .build/docs ($(find .build/docs -name '*.json' | wc -l) pages of data)"
