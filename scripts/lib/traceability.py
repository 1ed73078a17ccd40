#!/usr/bin/env python3
"""Traceability between specs/ and the tests the runner lists.

Every acceptance id defined in specs/ has a test named after it; every test named after an id
refers to one that specs/ defines; all tests of one id live in one test target (a rule that
spans layers gets one id per layer); and every id-like token in specs/ is either a well-formed
definition or a reference to a defined id.

Usage: traceability.py SPECS_DIR TEST_LIST
TEST_LIST is the output of `swift test list`: one `Target.Suite/function(labels:)` a line.
"""
import os
import re
import sys

DEFINITION = re.compile(r"^- \*\*(AC-[A-Z]+-\d{2})\*\* — \S")
TOKEN = re.compile(r"(?<![A-Za-z0-9])AC[-_][A-Za-z]+[-_]\d+(?![0-9])", re.IGNORECASE)
WELL_FORMED = re.compile(r"^AC([-_])[A-Z]+\1\d{2}$")
LOOKS_LIKE_DEFINITION = re.compile(r"^\s*(?:[-*+]|\d+[.)]|#+)?\s*[*_`\[]*\s*AC[-_]", re.IGNORECASE)
TEST_NAME = re.compile(r"^test_AC_([A-Z]+)_(\d{2})_[A-Za-z0-9_]+$")


def main(specs_dir, test_list):
    problems = []
    defined = {}  # id -> "file:line"
    references = []  # (id, where)

    for entry in sorted(os.listdir(specs_dir)):
        path = os.path.join(specs_dir, entry)
        if not (entry.endswith(".md") and os.path.isfile(path)):
            problems.append(f"stray: specs/{entry} is not a spec (specs are specs/*.md files)")
            continue
        in_fence = False
        with open(path, encoding="utf-8") as handle:
            for number, line in enumerate(handle, 1):
                where = f"specs/{entry}:{number}"
                if line.lstrip().startswith("```"):
                    in_fence = not in_fence
                definition = DEFINITION.match(line)
                tokens = list(TOKEN.finditer(line))
                if definition and entry != "README.md" and not in_fence:
                    ident = definition.group(1)
                    if ident in defined:
                        problems.append(f"duplicated: {ident} is defined at {defined[ident]} and {where}")
                    else:
                        defined[ident] = where
                    tokens = tokens[1:]
                elif tokens and LOOKS_LIKE_DEFINITION.match(line) and not in_fence:
                    problems.append(
                        f"malformed: {where} looks like a definition but is not "
                        f"'- **AC-AREA-NN** — …': {line.strip()[:60]}")
                    tokens = tokens[1:]
                for token in tokens:
                    text = token.group(0)
                    if not WELL_FORMED.match(text):
                        problems.append(f"malformed: {where} has '{text}', not of the form AC-AREA-NN")
                    else:
                        references.append((text.replace("_", "-"), where))

    for ident, where in references:
        if ident not in defined:
            problems.append(f"dangling: {where} refers to {ident}, which no spec defines")

    tested = {}  # id -> set of targets
    names = 0
    with open(test_list, encoding="utf-8") as handle:
        for line in handle:
            line = line.strip()
            match = re.match(r"^(\w+)\.[^/]+/(\w+)\(", line)
            if not match:
                continue
            target, function = match.groups()
            if not re.match(r"(?i)^test_?ac", function):
                continue
            names += 1
            name = TEST_NAME.match(function)
            if not name:
                problems.append(
                    f"malformed: test {function} does not read test_AC_AREA_NN_whatItProves")
                continue
            ident = f"AC-{name.group(1)}-{name.group(2)}"
            tested.setdefault(ident, set()).add(target)

    for ident in sorted(set(defined) - set(tested)):
        problems.append(f"uncovered: {ident} ({defined[ident]}) has no test named test_{ident.replace('-', '_')}_…")
    for ident in sorted(set(tested) - set(defined)):
        problems.append(f"orphaned: a test names {ident}, which specs/ lacks")
    for ident in sorted(tested):
        if len(tested[ident]) > 1:
            problems.append(
                f"layers: {ident} is tested in {', '.join(sorted(tested[ident]))}; "
                "an id belongs to one layer (give each layer its own id)")

    for problem in problems:
        print(problem)
    kinds = {}
    for problem in problems:
        kind = problem.split(":", 1)[0]
        kinds[kind] = kinds.get(kind, 0) + 1
    detail = ", ".join(f"{count} {kind}" for kind, count in sorted(kinds.items())) or "all traced"
    print(f"traceability: {len(defined)} ids, {names} tests, {detail}")
    return 1 if problems or not defined else 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1], sys.argv[2]))
