#!/usr/bin/env bash
# Mutation testing of TeammateKit (not part of verify: it builds once per mutant). Prints
# killed/survived/stillborn per mutant and the share killed; record the result in
# docs/mutation.md. Usage: scripts/mutate.sh [--sample N] [--seed S] [--only PATH-PART] [--list]
set -uo pipefail
exec python3 "$(dirname "${BASH_SOURCE[0]}")/mutate.py" "$@"
