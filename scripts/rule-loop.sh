#!/usr/bin/env bash
# A rule's inner loop (issue 48): the kit and its own tests alone, in a package of their own
# under .build/rule-loop whose sources are this tree's (symbolic links), so that a change to
# TeammateKit — an error case added included — rebuilds four modules, not the whole package.
# Usage: scripts/rule-loop.sh [FILTER]   (for example: scripts/rule-loop.sh AC_MEAL_23)
# Prints what `swift test --filter FILTER` prints there; the full judge stays ./scripts/verify.sh.
set -euo pipefail
root="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
loop="$root/.build/rule-loop"
mkdir -p "$loop/Sources" "$loop/Tests"
for target in TeammateKit TeammateInMemory TeammateTestSupport; do
  ln -sfn "$root/Sources/$target" "$loop/Sources/$target"
done
# NB: with a filter, the test target holds only the test files that name it (and those with no
# test: helpers), so that an error case added recompiles a few test files, not all of them.
tests="$loop/Tests/TeammateKitTests"
[ -L "$tests" ] && rm "$tests"
mkdir -p "$tests"
ln -sfn "$root/Tests/TeammateKitTests/Fixtures" "$tests/Fixtures"
for file in "$root"/Tests/TeammateKitTests/*.swift; do
  link="$tests/$(basename "$file")"
  if [ $# -eq 0 ] || ! grep -q "@Test" "$file" || grep -q -E -- "$1" "$file"; then
    [ -L "$link" ] || ln -s "$file" "$link"
  else
    rm -f "$link"
  fi
done
# NB: tests read files beside the sources by their path (the docs a fixture names).
ln -sfn "$root/docs" "$loop/docs"
cat >"$loop/Package.swift" <<'SWIFT'
// swift-tools-version: 6.0
// Written by scripts/rule-loop.sh: the kit and its tests alone, for a rule's inner loop.
import PackageDescription

let package = Package(
  name: "TeammateRuleLoop",
  platforms: [.macOS(.v14), .iOS(.v17)],
  targets: [
    .target(name: "TeammateKit", exclude: ["TeammateKit.docc"]),
    .target(name: "TeammateInMemory", dependencies: ["TeammateKit"]),
    .target(name: "TeammateTestSupport", dependencies: ["TeammateKit", "TeammateInMemory"]),
    .testTarget(
      name: "TeammateKitTests", dependencies: ["TeammateKit", "TeammateTestSupport"],
      exclude: ["Fixtures"]),
  ]
)
SWIFT
cd "$loop"
if [ $# -gt 0 ]; then
  exec swift test --filter "$1"
fi
exec swift test
