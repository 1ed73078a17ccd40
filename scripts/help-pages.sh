#!/usr/bin/env bash
# Writes every help page of the built tool into Tests/TeammateCLITests/HelpPages/, where a test
# pins them: run it after changing a help text on purpose, and read the diff before committing.
# Usage: scripts/help-pages.sh   (after swift build)
set -euo pipefail
root="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
tool="$root/.build/debug/teammate"
pages="$root/Tests/TeammateCLITests/HelpPages"
mkdir -p "$pages"
rm -f "$pages"/*.txt
"$tool" --help >"$pages/teammate.txt"
# Every group and command the root page lists, and every subcommand of each group.
for name in $("$tool" --help | sed -n '/^SUBCOMMANDS:/,/^$/p' | awk 'NR > 1 && /^  [^ ]/ { print $1 }'); do
  "$tool" "$name" --help >"$pages/teammate-$name.txt"
  for sub in $("$tool" "$name" --help | sed -n '/^SUBCOMMANDS:/,/^$/p' | awk 'NR > 1 && /^  [^ ]/ { print $1 }'); do
    "$tool" "$name" "$sub" --help >"$pages/teammate-$name-$sub.txt"
  done
done
ls "$pages" | wc -l | xargs echo "help pages written:"
