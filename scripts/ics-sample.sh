#!/usr/bin/env bash
# Writes docs/sample.ics: the walk-through household of docs/icalendar.md, exported by the
# built tool. A test (AC-ICS-05) runs the same steps and compares, ids aside.
# Usage: scripts/ics-sample.sh   (after swift build)
set -euo pipefail
root="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
tool="$root/.build/debug/teammate"
scratch=$(mktemp -d)
trap 'rm -rf "$scratch"' EXIT
export TEAMMATE_STORE="$scratch/store.sqlite" TEAMMATE_NOW="2026-12-01T09:00:00-05:00"
"$tool" --as alice household create --name Home --tz America/New_York >/dev/null
while IFS= read -r line; do
  eval "\"$tool\" --as alice card add $line" >/dev/null
done < <(sed -n '/^<!-- sample cards -->/,/^<!-- end -->/p' "$root/docs/icalendar.md" | sed -n 's/^teammate card add //p')
"$tool" --as alice export --ics --output "$root/docs/sample.ics"
