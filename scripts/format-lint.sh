#!/usr/bin/env bash
# `swift format lint --strict` over the sources (or the paths given), and, when it finds
# anything, the one command that mends the files it names.
# Usage: scripts/format-lint.sh [PATH...]   (default: Sources Tests Package.swift)
set -uo pipefail
root="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
cd "$root" || exit 1
[ "$#" -gt 0 ] || set -- Sources Tests Package.swift
out=$(swift format lint --strict --recursive --parallel "$@" 2>&1)
rc=$?
[ -n "$out" ] && printf '%s\n' "$out"
if [ "$rc" -ne 0 ]; then
  files=$(printf '%s\n' "$out" | sed -nE 's|^([^:]+\.swift):[0-9]+:[0-9]+: .*|\1|p' | sort -u |
    sed "s|^$root/||" | xargs)
  [ -n "$files" ] && echo "to mend them: swift format format --in-place $files"
fi
exit "$rc"
