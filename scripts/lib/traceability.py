#!/usr/bin/env python3
"""Traceability between specs/ and the tests the runner lists.

Every acceptance id defined in specs/ has a test named after it; every test named after an id
refers to one that specs/ defines; all tests of one id live in one test target (a rule that
spans layers gets one id per layer); and every id-like token in specs/ is either a well-formed
definition or a reference to a defined id.

A check of the conformance product proves the id it declares (`ContractCheck(id: …)`) where
the contract's one run, a test named `test_AC_CONF_06_…`, is listed (AC-CONF-06).

Every test names an id, or is listed in scripts/tests-without-id with the reason it proves
no acceptance criterion; and in each spec file an area's ids stand in increasing order.

Usage: traceability.py SPECS_DIR TEST_LIST [WITHOUT_ID]
TEST_LIST is the output of `swift test list`: one `Target.Suite/function(labels:)` a line
(`Target.function(labels:)` for a test declared outside any suite).
WITHOUT_ID defaults to scripts/tests-without-id beside SPECS_DIR.
"""
import os
import re
import sys

from reasons import read_reasons

DEFINITION = re.compile(r"^- \*\*(AC-[A-Z]+-\d{2,3})\*\* — \S")
# An id whose behaviour went: it stays where it was published, is never defined again, needs no
# test, and no test may name it.
RETIRED = re.compile(r"^- \*\*(AC-[A-Z]+-\d{2,3})\*\* \(retired\) — \S")
TOKEN = re.compile(r"(?<![A-Za-z0-9])AC[-_][A-Za-z]+[-_]\d+(?![0-9])", re.IGNORECASE)
WELL_FORMED = re.compile(r"^AC([-_])[A-Z]+\1\d{2,3}$")
LOOKS_LIKE_DEFINITION = re.compile(r"^\s*(?:[-*+]|\d+[.)]|#+)?\s*[*_`\[]*\s*AC[-_]", re.IGNORECASE)
TEST_NAME = re.compile(r"^test_AC_([A-Z]+)_(\d{2,3})_[A-Za-z0-9_]+$")
# The contract's one run (AC-CONF-06): a listed test of this prefix traces, in its target, the id
# of every check the conformance product declares.
CONTRACT_RUN = "test_AC_CONF_06_"
CHECK_ID = re.compile(r"=\s*ContractCheck\(\s*id:\s*\"(AC-[A-Z]+-\d{2,3})\"")


def contract_check_ids(root):
    """The acceptance ids the conformance product's checks declare."""
    folder = os.path.join(root, "Sources", "TeammateConformance")
    ids = set()
    for name in sorted(os.listdir(folder)) if os.path.isdir(folder) else []:
        if name.endswith(".swift"):
            with open(os.path.join(folder, name), encoding="utf-8") as handle:
                ids.update(CHECK_ID.findall(handle.read()))
    return ids


def locate(tests_dir, function):
    """Where `func function(` is written under tests_dir, as path:line, or None."""
    pattern = re.compile(r"\bfunc\s+" + re.escape(function) + r"\s*\(")
    for folder, _, files in sorted(os.walk(tests_dir)):
        for name in sorted(files):
            if not name.endswith(".swift"):
                continue
            path = os.path.join(folder, name)
            with open(path, encoding="utf-8", errors="replace") as handle:
                for number, line in enumerate(handle, 1):
                    if pattern.search(line):
                        return f"{os.path.relpath(path, os.path.dirname(tests_dir))}:{number}"
    return None


def read_without_id(path):
    """The tests allowed to name no id: {test: reason}, and the lines that give no reason."""
    allowed, problems = {}, []
    for test, (reason, number) in read_reasons(path).items():
        if not reason:
            problems.append(
                f"without-id: scripts/tests-without-id:{number} gives no reason: write "
                f"'{test} — why it proves no acceptance criterion'")
        allowed[test] = reason
    return allowed, problems


def main(specs_dir, test_list, without_id=None):
    problems = []
    defined = {}  # id -> "file:line"
    retired = {}  # id -> "file:line"
    references = []  # (id, where)
    root = os.path.dirname(os.path.abspath(specs_dir))
    tests_dir = os.path.join(root, "Tests")
    without_id = without_id or os.path.join(root, "scripts", "tests-without-id")
    area_files = {}  # area -> the spec files defining its ids
    last_number = {}  # (file, area) -> (number, where)

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
                gone = RETIRED.match(line)
                if gone and entry != "README.md" and not in_fence:
                    ident = gone.group(1)
                    if ident in defined or ident in retired:
                        first = defined.get(ident) or retired[ident]
                        problems.append(f"duplicated: {ident} is defined at {first} and {where}")
                    retired[ident] = where
                    tokens = tokens[1:]
                elif definition and entry != "README.md" and not in_fence:
                    ident = definition.group(1)
                    if ident in retired:
                        problems.append(f"duplicated: {ident} is retired at {retired[ident]} and defined at {where}")
                    elif ident in defined:
                        problems.append(f"duplicated: {ident} is defined at {defined[ident]} and {where}")
                    else:
                        defined[ident] = where
                    _, area, number = ident.split("-")
                    area_files.setdefault(area, []).append(f"specs/{entry}")
                    before = last_number.get((entry, area))
                    if before and int(number) < before[0]:
                        problems.append(
                            f"order: {ident} at {where} comes after AC-{area}-{before[0]:02d} "
                            f"({before[1]}): keep an area's ids in increasing order")
                    last_number[(entry, area)] = (int(number), where)
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
        if ident not in defined and ident not in retired:
            problems.append(f"dangling: {where} refers to {ident}, which no spec defines")

    tested = {}  # id -> set of targets
    namers = {}  # id -> the first test that names it
    names = 0
    allowed, malformed = read_without_id(without_id)
    problems += malformed
    listed = set()
    with open(test_list, encoding="utf-8") as handle:
        for line in handle:
            line = line.strip()
            # NB: `Target.Suite/function(…)`, or `Target.function(…)` for a test declared at
            # the top level of a file, outside any suite: every test the runner lists is traced.
            match = re.match(r"^((\w+)\.(?:[^(]*/)?(\w+)\([^)]*\))", line)
            if not match:
                if line:
                    problems.append(f"unreadable: the test list's line '{line}' names no test")
                continue
            test, target, function = match.groups()
            if not re.match(r"(?i)^test_?ac", function):
                listed.add(test)
                if test not in allowed:
                    where = locate(tests_dir, function) or "its file"
                    problems.append(
                        f"without-id: {test} ({where}) names no acceptance id: name it "
                        f"test_AC_AREA_NN_whatItProves after the criterion it proves, or list "
                        f"it in scripts/tests-without-id with the reason it proves none")
                continue
            names += 1
            name = TEST_NAME.match(function)
            if not name:
                where = locate(tests_dir, function) or "its file"
                problems.append(
                    f"malformed: test {function} ({where}) does not read "
                    f"test_AC_AREA_NN_whatItProves")
                continue
            ident = f"AC-{name.group(1)}-{name.group(2)}"
            tested.setdefault(ident, set()).add(target)
            namers.setdefault(ident, (test, function))
            if function.startswith(CONTRACT_RUN):
                for check in contract_check_ids(root):
                    tested.setdefault(check, set()).add(target)
                    namers.setdefault(check, (test, function))
    for test in sorted(set(allowed) - listed):
        problems.append(
            f"without-id: scripts/tests-without-id lists {test}, which the runner does not "
            f"list: remove the line, or give the test its new name there")

    for ident in sorted(set(defined) - set(tested)):
        problems.append(f"uncovered: {ident} ({defined[ident]}) has no test named test_{ident.replace('-', '_')}_…")
    for ident in sorted(set(tested) & set(retired)):
        test, function = namers[ident]
        problems.append(
            f"retired: {test} names {ident}, retired at {retired[ident]}: a retired id's "
            f"behaviour went, and so does its test")
    for ident in sorted(set(tested) - set(defined) - set(retired)):
        test, function = namers[ident]
        where = locate(tests_dir, function) or "its file"
        area = ident.split("-")[1]
        home = sorted(set(area_files.get(area, [])))
        into = f"define it in {home[0]}" if home else f"define it in a spec of specs/"
        problems.append(
            f"orphaned: {test} ({where}) names {ident}, which specs/ lacks: {into} "
            f"('- **{ident}** — …'), or rename the test after an id that exists")
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
    sys.exit(main(sys.argv[1], sys.argv[2], sys.argv[3] if len(sys.argv) > 3 else None))
