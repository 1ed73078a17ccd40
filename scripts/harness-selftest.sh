#!/usr/bin/env bash
# Proves the judge's own checks can fire: the test report and traceability are fed planted
# holes and must catch each (scripts/lib/harness_selftest.py, one Python process); then the
# guards against what a test run leaves behind (scripts/lib/guard-selftest.sh).
set -uo pipefail
here="$(dirname "${BASH_SOURCE[0]}")"
rc=0
python3 "$here/lib/harness_selftest.py" || rc=1
"$here/lib/guard-selftest.sh" || rc=1
exit $rc
