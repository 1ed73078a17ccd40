#!/usr/bin/env python3
"""Judges one `swift test` run from its event stream (Swift Testing's JSON lines).

Counts the test cases that ran (a parameterised test once per argument), prints every failing
test with its issues in full, and fails the run when: a test failed; the run did not end (the
process crashed); the count differs from the floor; a test was skipped, disabled or passed with
a known issue without a line in the allow-list; a test target ran nothing; or a contract test
did not run the same number of cases on every backend kind.

Usage: test-report.py EVENTS FLOOR_FILE ALLOW_FILE TARGETS KINDS CONTRACT_TARGET TALLY_FILE
TARGETS and KINDS are space-separated names; the tally line is written to TALLY_FILE.
"""
import json
import re
import sys

from reasons import read_reasons


def short(test_id):
    """`Target.Suite/function(labels:)/File.swift:3:4` -> `Target.Suite/function(labels:)`."""
    parts = test_id.split("/")
    return "/".join(parts[:2]) if len(parts) > 2 else test_id


def main(events_path, floor_path, allow_path, targets, kinds, contract_target, tally_path):
    tests = {}  # id -> record
    ended = set()
    cases = {}  # test id -> [display names]
    issues = {}  # test id -> [text]
    known = {}
    skipped = {}
    run_ended = False
    try:
        handle = open(events_path, encoding="utf-8")
    except FileNotFoundError:
        handle = []
    for line in handle:
        try:
            record = json.loads(line)
        except ValueError:
            continue
        payload = record.get("payload", {})
        if record.get("kind") == "test":
            tests[payload["id"]] = payload
            continue
        kind = payload.get("kind")
        test_id = payload.get("testID")
        if kind == "runEnded":
            run_ended = True
        elif kind == "testEnded":
            ended.add(test_id)
        elif kind == "testCaseEnded":
            cases.setdefault(test_id, []).append(payload.get("_testCase", {}).get("displayName", ""))
        elif kind == "testSkipped":
            skipped[test_id] = " ".join(m["text"] for m in payload.get("messages", []))
        elif kind == "issueRecorded":
            location = payload.get("issue", {}).get("sourceLocation", {})
            where = f"{location.get('fileID', '?')}:{location.get('line', '?')}"
            text = "\n      ".join(m["text"] for m in payload.get("messages", []))
            case = payload.get("_testCase", {}).get("displayName")
            entry = f"{where}: {'(' + case + ') ' if case else ''}{text}"
            target = known if payload.get("issue", {}).get("isKnown") else issues
            target.setdefault(test_id or "(outside any test)", []).append(entry)

    problems = []
    count = 0
    per_target = {}
    for test_id, test in tests.items():
        if test.get("kind") != "function" or test_id not in ended:
            continue
        ran = len(cases.get(test_id, [])) if test.get("isParameterized") else 1
        count += ran
        target = test_id.split(".", 1)[0]
        per_target[target] = per_target.get(target, 0) + ran

    for test_id in sorted(issues):
        problems.append(f"FAILED {short(test_id)}")
        problems.extend(f"    {entry}" for entry in issues[test_id])

    allowed = read_reasons(allow_path)
    used = set()
    for test_id, text in sorted(skipped.items()) + sorted(
        (t, "passed with a known issue: " + "; ".join(e)) for t, e in known.items()
    ):
        name = short(test_id)
        if name in allowed and allowed[name][0]:
            used.add(name)
            continue
        problems.append(f"NOT ALLOWED {name}: {text} (list it with a reason in {allow_path}, "
                        "or make it run)")
    for name, (reason, number) in sorted(allowed.items()):
        if not reason:
            problems.append(f"allow-list line {number} gives no reason: {name}")
        elif name not in used:
            problems.append(f"allow-list line {number} names {name}, which was not skipped")

    for target in targets:
        if per_target.get(target, 0) == 0:
            problems.append(f"EMPTY test target {target}: no test ran")

    kind_names = set(kinds)
    for test_id, test in sorted(tests.items()):
        if test.get("kind") != "function" or not test_id.startswith(contract_target + "."):
            continue
        if test_id not in ended:
            continue
        if not test.get("isParameterized"):
            problems.append(f"BACKENDS {short(test_id)} runs on no backend kind: take "
                            "`kind: BackendKind` (or a value that names one) as its argument")
            continue
        tally = {kind: 0 for kind in kinds}
        for name in cases.get(test_id, []):
            first = re.split(r"[\s,()]+", name.strip('"'), maxsplit=1)[0]
            if first in kind_names:
                tally[first] += 1
        if len(set(tally.values())) != 1 or 0 in tally.values():
            got = ", ".join(f"{kind} {n}" for kind, n in tally.items())
            problems.append(f"BACKENDS {short(test_id)} ran unevenly over the backend kinds: {got}")

    if not run_ended:
        problems.append("CRASHED the test run did not finish (see the signal above)")

    floor = int(re.sub(r"\D", "", open(floor_path).read()) or 0)
    if count != floor:
        problems.append(
            f"FLOOR {count} test cases ran but {floor_path} says {floor}: if the change adds or "
            f"removes tests on purpose, write {count} there (and say why in PROGRESS.md if it "
            "went down)")

    failing = len(issues)
    # NB: the tally must not read as a pass when the step failed for another reason. A
    # problem's kind is its leading capitals ("NOT ALLOWED", "FLOOR"); its indented detail
    # lines name none.
    def kind(problem):
        found = re.match(r"[A-Z]+(?: [A-Z]+)*\b", problem)
        return found.group(0) if found else problem.split(" ", 1)[0]

    others = sorted({kind(problem) for problem in problems if problem[:1].strip()} - {"FAILED"})
    verdict = ""
    if others:
        verdict = ("; the step also failed: " if failing else "; yet the step failed: ") + (
            f"{', '.join(others)} (see above)")
    with open(tally_path, "w") as tally_file:
        tally_file.write(f"tests: {count - failing} passed, {failing} failed{verdict}\n")
    for problem in problems:
        print(problem)
    print(f"{count} test cases ran (floor {floor}), {failing} failed, {len(skipped)} skipped, "
          f"{len(known)} with known issues")
    return 1 if problems else 0


if __name__ == "__main__":
    args = sys.argv[1:]
    sys.exit(main(args[0], args[1], args[2], args[3].split(), args[4].split(), args[5], args[6]))
