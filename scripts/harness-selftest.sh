#!/usr/bin/env bash
# Proves the judge's own checks can fire: the test report and traceability are fed planted
# holes and must catch each (scripts/lib/harness_selftest.py, one Python process).
set -uo pipefail
exec python3 "$(dirname "${BASH_SOURCE[0]}")/lib/harness_selftest.py"
