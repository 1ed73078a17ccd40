#!/usr/bin/env bash
# The next free acceptance id of an area, and the spec file its ids live in.
# Usage: scripts/next-id.sh AREA   (for example: scripts/next-id.sh CLI  ->  AC-CLI-70 specs/cli.md)
set -euo pipefail
root="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
area=$(printf '%s' "${1:-}" | tr '[:lower:]' '[:upper:]' | sed 's/^AC-//; s/-$//')
if ! [[ "$area" =~ ^[A-Z]+$ ]]; then
  echo "next-id: give an area, such as CLI or ACK (the letters of AC-AREA-NN)" >&2
  exit 64
fi
found=$(grep -HoE "^- \*\*AC-$area-[0-9]{2}\*\*" "$root"/specs/*.md | sed -E 's/^([^:]*):.*-([0-9]{2})\*\*$/\2 \1/' | sort -n)
if [ -z "$found" ]; then
  echo "next-id: no spec defines an AC-$area id yet: the first is AC-$area-01, in a new specs/<capability>.md" >&2
  exit 1
fi
last=$(tail -n 1 <<<"$found")
number=$((10#${last%% *} + 1))
file=$(cut -d' ' -f2 <<<"$found" | sort | uniq -c | sort -rn | head -1 | awk '{print $2}')
printf 'AC-%s-%02d %s\n' "$area" "$number" "${file#"$root"/}"
