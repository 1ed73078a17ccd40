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
ln -sfn "$root/Tests/TeammateKitTests" "$loop/Tests/TeammateKitTests"
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
