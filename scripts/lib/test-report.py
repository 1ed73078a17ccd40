#!/usr/bin/env python3
"""Judges one `swift test` run from its event stream (Swift Testing's JSON lines).

Counts the test cases that ran (a parameterised test once per argument), prints every failing
test with its issues in full, and fails the run when: a test failed; the run did not end (the
process crashed); the tests that ran are not the kept list's (a test of the list that did not
run, one that ran and is not listed, or one that ran another number of cases); a test was
skipped, disabled or passed with a known issue without a line in the allow-list; a test target
ran nothing; or a contract test did not run the same number of cases on every backend kind.

Usage: test-report.py EVENTS LIST_FILE ALLOW_FILE TARGETS KINDS CONTRACT_TARGET TALLY_FILE
       test-report.py --record EVENTS LIST_FILE
TARGETS and KINDS are space-separated names; the tally line is written to TALLY_FILE. The list
holds one test a line, `Target.Suite/function(labels:) CASES`, sorted; `--record` writes it
from a run's events (after adding or removing tests on purpose).
"""
import json
import re
import sys

from reasons import read_reasons


def short(test_id):
    """`Target.Suite/function(labels:)/File.swift:3:4` -> `Target.Suite/function(labels:)`."""
    parts = test_id.split("/")
    return "/".join(parts[:2]) if len(parts) > 2 else test_id


def read_events(events_path):
    """The run's tests, those that ended, their cases, issues, known issues, skips, and
    whether the run ended."""
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

    return tests, ended, cases, issues, known, skipped, run_ended


def ran_cases(tests, ended, cases):
    """Each test function that ran, by its short name, with how many cases it ran."""
    ran = {}
    for test_id, test in tests.items():
        if test.get("kind") != "function" or test_id not in ended:
            continue
        ran[short(test_id)] = len(cases.get(test_id, [])) if test.get("isParameterized") else 1
    return ran


def read_list(list_path):
    """The kept list: each test's short name and its number of cases."""
    kept = {}
    for line in open(list_path, encoding="utf-8"):
        name, _, number = line.rstrip("\n").rpartition(" ")
        if name:
            kept[name] = int(number)
    return kept


def record(events_path, list_path):
    ran = ran_cases(*read_events(events_path)[:3])
    with open(list_path, "w", encoding="utf-8") as handle:
        for name in sorted(ran):
            handle.write(f"{name} {ran[name]}\n")
    print(f"{list_path}: {len(ran)} tests, {sum(ran.values())} test cases")
    return 0


def main(events_path, list_path, allow_path, targets, kinds, contract_target, tally_path):
    tests, ended, cases, issues, known, skipped, run_ended = read_events(events_path)
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

    # NB: each test by name, so that a test gone or new is named, not only counted.
    ran = ran_cases(tests, ended, cases)
    kept = read_list(list_path)
    for name in sorted(set(kept) - set(ran)):
        problems.append(
            f"MISSING {name} is in {list_path} but did not run: if it was removed on purpose, "
            "take its line out (and say why in PROGRESS.md)")
    for name in sorted(set(ran) - set(kept)):
        problems.append(
            f"NEW {name} ran but is not in {list_path}: add the line `{name} {ran[name]}` "
            f"(or, after the run, python3 scripts/lib/test-report.py --record "
            f".build/verify/events.jsonl {list_path})")
    for name in sorted(set(ran) & set(kept)):
        if ran[name] != kept[name]:
            problems.append(
                f"CASES {name} ran {ran[name]} case(s), {list_path} says {kept[name]}: write "
                f"{ran[name]} there")

    failing = len(issues)
    # NB: the tally must not read as a pass when the step failed for another reason. A
    # problem's kind is its leading capitals ("NOT ALLOWED", "MISSING"); its indented detail
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
    print(f"{count} test cases ran ({sum(kept.values())} kept), {failing} failed, "
          f"{len(skipped)} skipped, "
          f"{len(known)} with known issues")
    return 1 if problems else 0


if __name__ == "__main__":
    args = sys.argv[1:]
    if args[:1] == ["--record"]:
        sys.exit(record(args[1], args[2]))
    sys.exit(main(args[0], args[1], args[2], args[3].split(), args[4].split(), args[5], args[6]))
