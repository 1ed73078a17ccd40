"""Lists of test names, each with its reason: `Target.Suite/function(labels:) — the reason`.

Shared by test-report.py (scripts/test-allowlist) and traceability.py
(scripts/tests-without-id). Blank lines and `#` comments are skipped.
"""


def read_reasons(path):
    """{name: (reason, line number)}; an empty reason is kept for the caller to refuse."""
    entries = {}
    try:
        with open(path, encoding="utf-8") as handle:
            for number, line in enumerate(handle, 1):
                line = line.strip()
                if not line or line.startswith("#"):
                    continue
                name, _, reason = line.partition(" — ")
                entries[name.strip()] = (reason.strip(), number)
    except FileNotFoundError:
        pass
    return entries
