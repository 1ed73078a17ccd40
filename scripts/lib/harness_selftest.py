#!/usr/bin/env python3
"""The judge's own checks, planted and required to fire, in one process.

Feeds scripts/lib/test-report.py a recorded event stream (failing, skipped, disabled and
known-issue tests; kept lists that differ; a contract test on one backend kind; a run that did
not end) and scripts/lib/traceability.py planted spec and test-name mistakes, and requires
each to be caught with the right words, and the clean cases to pass.
"""
import hashlib
import contextlib
import importlib.util
import io
import json
import os
import re
import subprocess
import sys
import tempfile

HERE = os.path.dirname(os.path.abspath(__file__))


def load(name, file):
    spec = importlib.util.spec_from_file_location(name, os.path.join(HERE, file))
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


report_module = load("test_report", "test-report.py")
trace_module = load("traceability", "traceability.py")
api_module = load("api", "api.py")
semver_module = load("semver", "semver.py")
scratch = tempfile.mkdtemp()
checks = 0
failures = []


def write(name, text):
    path = os.path.join(scratch, name)
    os.makedirs(os.path.dirname(path), exist_ok=True)
    with open(path, "w", encoding="utf-8") as handle:
        handle.write(text)
    return path


def expect(want, pattern, what, call):
    """`call` must return 0 (want "pass") or not (want "fail", its output matching)."""
    global checks
    checks += 1
    output = io.StringIO()
    with contextlib.redirect_stdout(output):
        status = call()
    text = output.getvalue()
    if want == "pass" and status != 0:
        failures.append(f"{what}: expected to pass, got: {text.splitlines()[:3]}")
    if want == "fail":
        if status == 0:
            failures.append(f"{what}: expected to fail, but it passed")
        elif not re.search(pattern, text):
            failures.append(f"{what}: the failure does not say /{pattern}/: {text.splitlines()[:3]}")


events = os.path.join(HERE, "..", "fixtures", "probe-events.jsonl")
lines = open(events, encoding="utf-8").read().splitlines(keepends=True)
none = write("none", "")
P = "TeammateKitTests.ZZProbe/"
# NB: kept lists of the probe's tests: the recorded run's own (4 cases), one short of a test,
# one with a test that never ran, one with a count that differs, and those of the runs below.
lists = {
    "probe": write("list-probe", f"{P}failing() 1\n{P}known() 1\n{P}param(x:) 2\n"),
    "short": write("list-short", f"{P}failing() 1\n{P}param(x:) 2\n"),
    "extra": write("list-extra", f"{P}failing() 1\n{P}gone() 1\n{P}known() 1\n{P}param(x:) 2\n"),
    "cases": write("list-cases", f"{P}failing() 1\n{P}known() 1\n{P}param(x:) 3\n"),
    "empty": write("list-empty", ""),
    "allowed": write("list-allowed", f"{P}known() 1\n"),
}


def report(events_path, kept, allow, targets, kinds="", contract="X"):
    return lambda: report_module.main(
        events_path, lists[kept], allow, targets.split(), kinds.split(), contract,
        os.path.join(scratch, "tally"))


# The recorded run: failing() fails, param(x:) fails its second case, disabled() and
# notEnabled() are skipped, known() passes with a known issue; 4 cases ran.
T = "TeammateKitTests"
expect("fail", r"FAILED TeammateKitTests\.ZZProbe/failing\(\)", "a failing test", report(events, "probe", none, T))
expect("fail", "one is not two", "the failure's comment in full", report(events, "probe", none, T))
expect("fail", r"NOT ALLOWED TeammateKitTests\.ZZProbe/disabled\(\)", "a disabled test", report(events, "probe", none, T))
expect("fail", r"NOT ALLOWED TeammateKitTests\.ZZProbe/notEnabled\(\)", "a test enabled if false", report(events, "probe", none, T))
expect("fail", r"NOT ALLOWED TeammateKitTests\.ZZProbe/known\(\): passed with a known issue", "a known issue", report(events, "probe", none, T))
expect("fail", r"NEW TeammateKitTests\.ZZProbe/known\(\) ran but is not in .*: add the line `TeammateKitTests\.ZZProbe/known\(\) 1`", "a test that ran and is not in the kept list", report(events, "short", none, T))
expect("fail", r"MISSING TeammateKitTests\.ZZProbe/gone\(\) is in .* but did not run", "a kept test that did not run", report(events, "extra", none, T))
expect("fail", r"CASES TeammateKitTests\.ZZProbe/param\(x:\) ran 2 case\(s\), .* says 3: write 2 there", "a kept test that ran another number of cases", report(events, "cases", none, T))
expect("fail", r"EMPTY test target OtherTests", "a test target that ran nothing", report(events, "probe", none, T + " OtherTests"))
expect("fail", r"BACKENDS TeammateKitTests\.ZZProbe/failing\(\) runs on no backend kind", "a contract test with no backend", report(events, "probe", none, T, "1 2", T))
expect("fail", r"BACKENDS TeammateKitTests\.ZZProbe/param\(x:\) ran unevenly.*3 0", "a contract test that skips a kind", report(events, "probe", none, T, "1 2 3", T))
crashed = write("crashed.jsonl", "".join(l for l in lines if '"runEnded"' not in l))
expect("fail", "CRASHED", "a run that did not finish", report(crashed, "probe", none, T))
clean = write("clean.jsonl", "".join(
    l for l in lines if not re.search(r"ZZProbe/(failing|disabled|notEnabled|known|param)", l)))
expect("fail", r"EMPTY test target TeammateKitTests", "a run where nothing ran", report(clean, "empty", none, T))
allowed = write("allowed.jsonl", "".join(l for l in lines if not re.search(r"ZZProbe/(failing|param)", l)))
allow = write("allow", "TeammateKitTests.ZZProbe/disabled() — reason one\n"
              "TeammateKitTests.ZZProbe/notEnabled() — reason two\n"
              "TeammateKitTests.ZZProbe/known() — reason three\n")
expect("pass", "", "skips listed with reasons", report(allowed, "allowed", allow, T))
bare = write("allow-bare", "TeammateKitTests.ZZProbe/disabled()\n")
expect("fail", r"NOT ALLOWED TeammateKitTests\.ZZProbe/disabled", "an allow-list line without a reason", report(allowed, "allowed", bare, T))

# The tally: when only the kept list fails, it must not read as a pass.
def tally_says(pattern, what, call):
    global checks
    checks += 1
    with contextlib.redirect_stdout(io.StringIO()):
        call()
    text = open(os.path.join(scratch, "tally"), encoding="utf-8").read()
    if not re.search(pattern, text):
        failures.append(f"{what}: the tally does not say /{pattern}/: {text.strip()}")


tally_says(r"^tests: 1 passed, 0 failed; yet the step failed: MISSING \(see above\)$",
           "a tally when only the kept list failed", report(allowed, "extra", allow, T))
tally_says(r"^tests: 1 passed, 0 failed\n$", "a tally when all is well", report(allowed, "allowed", allow, T))
tally_says(r"^tests: \d+ passed, [1-9]\d* failed; the step also failed: NOT ALLOWED \(see above\)\n$",
           "a tally of failed tests and one more kind, named whole, with no blank one",
           report(events, "probe", none, T))
tally_says(r"^tests: \d+ passed, [1-9]\d* failed; the step also failed: CASES, NOT ALLOWED \(see above\)\n$",
           "a tally of failed tests and the kept list", report(events, "cases", none, T))

# Format: a finding comes with the command that mends its file.
def format_says(pattern, what):
    global checks
    checks += 1
    folder = tempfile.mkdtemp(dir=scratch)
    planted = os.path.join(folder, "Long.swift")
    with open(planted, "w", encoding="utf-8") as handle:
        handle.write("let x = 1\nlet y = [" + ", ".join(["1"] * 60) + "]\n")
    script = os.path.join(HERE, "..", "format-lint.sh")
    run = subprocess.run([script, planted], capture_output=True, text=True)
    if run.returncode == 0 or not re.search(pattern, run.stdout):
        failures.append(f"{what}: format-lint.sh said: {run.stdout.strip()[:200]}")


format_says(r"to mend them: swift format format --in-place \S*Long\.swift",
            "a format finding with the command that mends it")

# Stale modules: a module whose .swiftmodule changed has its dependents' sources touched.
stale_module = load("stale_modules", "stale_modules.py")


def stale_says(what, fresh_objects=()):
    global checks
    checks += 1
    tree = tempfile.mkdtemp(dir=scratch)
    modules = os.path.join(tree, "Modules")
    os.makedirs(modules)
    targets = [("Kit", []), ("Store", ["Kit"]), ("Tool", ["Store"]), ("Other", [])]
    for name, _ in targets:
        os.makedirs(os.path.join(tree, name))
        with open(os.path.join(tree, name, "A.swift"), "w") as handle:
            handle.write("// source\n")
        os.utime(os.path.join(tree, name, "A.swift"), (1, 1))
        with open(os.path.join(modules, f"{name}.swiftmodule"), "w") as handle:
            handle.write(name)
    description = os.path.join(tree, "describe.json")
    with open(description, "w") as handle:
        json.dump({"targets": [{"name": name, "path": os.path.join(tree, name),
                                "target_dependencies": deps} for name, deps in targets]}, handle)
    record = os.path.join(tree, "record.json")
    run = lambda: stale_module.main(description, modules, record)
    with contextlib.redirect_stdout(io.StringIO()) as first:
        run()
    with open(os.path.join(modules, "Kit.swiftmodule"), "w") as handle:
        handle.write("Kit, with a stored property more")
    for name in fresh_objects:
        # NB: compiled after the new interface: up to date, so not touched.
        os.makedirs(os.path.join(tree, f"{name}.build"))
        with open(os.path.join(tree, f"{name}.build", "A.swift.o"), "w") as handle:
            handle.write("object")
        later = os.path.getmtime(os.path.join(modules, "Kit.swiftmodule")) + 5
        os.utime(os.path.join(tree, f"{name}.build", "A.swift.o"), (later, later))
    with contextlib.redirect_stdout(io.StringIO()) as second:
        run()
    with contextlib.redirect_stdout(io.StringIO()) as third:
        run()
    touched = [name for name, _ in targets
               if os.path.getmtime(os.path.join(tree, name, "A.swift")) > 1]
    want = [name for name in ["Store", "Tool"] if name not in fresh_objects]
    if first.getvalue() or second.getvalue().split() != want or third.getvalue() \
            or touched != want:
        failures.append(f"{what}: said {second.getvalue().split()}, touched {touched}")


stale_says("the dependents of a module whose layout changed, and only they, are touched")
stale_says("a dependent compiled after the change is left alone", fresh_objects=["Store"])

# Traceability: a tree of specs and a test list, each planted with one hole.
SPEC = "# Cards\n\n- **AC-CARD-01** — A card has a title.\n- **AC-CARD-02** — See AC-CARD-01.\n"
LIST = ("TeammateKitTests.CardTests/test_AC_CARD_01_titled()\n"
        "TeammateKitTests.CardTests/test_AC_CARD_02_seeAbove(kind:)\n")


def trace(spec_extra="", list_text=LIST, files=None, without_id=None, conformance=None):
    root = tempfile.mkdtemp(dir=scratch)
    if conformance is not None:
        product = os.path.join(root, "Sources", "TeammateConformance")
        os.makedirs(product)
        with open(os.path.join(product, "CardContract.swift"), "w", encoding="utf-8") as handle:
            handle.write(conformance)
    specs = os.path.join(root, "specs")
    os.makedirs(specs)
    with open(os.path.join(specs, "cards.md"), "w", encoding="utf-8") as handle:
        handle.write(SPEC + spec_extra)
    for name, text in (files or {}).items():
        with open(os.path.join(specs, name), "w", encoding="utf-8") as handle:
            handle.write(text)
    # NB: the tests of the list, written where a message must find them.
    tests = os.path.join(root, "Tests", "TeammateKitTests")
    os.makedirs(tests)
    functions = re.findall(r"[./](\w+)\(", list_text)
    with open(os.path.join(tests, "CardTests.swift"), "w", encoding="utf-8") as handle:
        handle.write("".join(f"  @Test func {name}() {{}}\n" for name in functions))
    if without_id is not None:
        os.makedirs(os.path.join(root, "scripts"))
        with open(os.path.join(root, "scripts", "tests-without-id"), "w", encoding="utf-8") as handle:
            handle.write(without_id)
    listing = write(f"list-{checks}", list_text)
    return lambda: trace_module.main(specs, listing)


expect("pass", "", "well-formed specs and tests", trace())
for bad in ["- AC-CARD-03: colon form", "- **AC-CARD-03:** bold colon", "* **AC-CARD-03** — star",
            "  - **AC-CARD-03** — indented", "- **AC-Card-03** — mixed case",
            "- **AC-CARD-3** — one digit", "### AC-CARD-03 heading"]:
    expect("fail", "malformed", f"the spec line '{bad}'", trace(bad + "\n"))
expect("fail", r"dangling: .* AC-CARD-09", "a reference to an undefined id", trace("Mentions AC-CARD-09.\n"))
expect("fail", r"malformed: .*'AC-card-01'", "a reference in the wrong case", trace("Mentions AC-card-01.\n"))
expect("fail", r"duplicated: AC-CARD-01", "an id defined twice", trace("- **AC-CARD-01** — again.\n"))
expect("fail", r"stray: specs/notes\.txt", "a spec file that is not .md", trace(files={"notes.txt": "- **AC-CARD-05** — x.\n"}))
expect("fail", r"uncovered: AC-CARD-04", "an id with no test", trace("- **AC-CARD-04** — untested.\n"))
expect("fail",
       r"orphaned: TeammateKitTests\.CardTests/test_AC_CARD_07_noSpec\(\) "
       r"\(Tests/TeammateKitTests/CardTests\.swift:3\) names AC-CARD-07, which specs/ lacks: "
       r"define it in specs/cards\.md",
       "a test naming an undefined id, with its file and where to define the id",
       trace(list_text=LIST + "TeammateKitTests.CardTests/test_AC_CARD_07_noSpec()\n"))
NAMELESS = LIST + "TeammateKitTests.CardTests/titlesAreTrimmed()\n"
expect("fail",
       r"without-id: TeammateKitTests\.CardTests/titlesAreTrimmed\(\) "
       r"\(Tests/TeammateKitTests/CardTests\.swift:3\) names no acceptance id: name it "
       r"test_AC_AREA_NN_whatItProves", "a test that names no id", trace(list_text=NAMELESS))
expect("pass", "", "a test without an id, listed with its reason",
       trace(list_text=NAMELESS,
             without_id="TeammateKitTests.CardTests/titlesAreTrimmed() — a unit check\n"))
expect("fail", r"without-id: scripts/tests-without-id:1 gives no reason",
       "a test without an id, listed without a reason",
       trace(list_text=NAMELESS, without_id="TeammateKitTests.CardTests/titlesAreTrimmed()\n"))
expect("fail", r"without-id: scripts/tests-without-id lists TeammateKitTests\.CardTests/gone\(\), "
       r"which the runner does not list", "a listed test that is gone",
       trace(without_id="TeammateKitTests.CardTests/gone() — it was renamed\n"))
expect("fail", r"order: AC-CARD-03 at specs/cards\.md:6 comes after AC-CARD-04",
       "ids out of order in a spec file",
       trace("- **AC-CARD-04** — four.\n- **AC-CARD-03** — three.\n",
             list_text=LIST + "TeammateKitTests.CardTests/test_AC_CARD_03_three()\n"
             "TeammateKitTests.CardTests/test_AC_CARD_04_four()\n"))
expect("fail", r"malformed: test test_AC_CARD_1_shortId", "a test id with one digit",
       trace(list_text=LIST + "TeammateKitTests.CardTests/test_AC_CARD_1_shortId()\n"))
expect("pass", "", "a three-digit id after two-digit ones, defined and tested",
       trace("- **AC-CARD-100** — the hundredth.\n",
             list_text=LIST + "TeammateKitTests.CardTests/test_AC_CARD_100_hundredth()\n"))
expect("fail", r"malformed: test test_AC_CARD_1000_tooLong", "a test id with four digits",
       trace(list_text=LIST + "TeammateKitTests.CardTests/test_AC_CARD_1000_tooLong()\n"))
expect("fail", r"layers: AC-CARD-01 is tested in TeammateCLITests, TeammateKitTests", "one id in two layers",
       trace(list_text=LIST + "TeammateCLITests.CardCLITests/test_AC_CARD_01_alsoHere()\n"))
expect("fail", r"uncovered: AC-CARD-02", "a test only in a comment is not in the runner's list",
       trace(list_text=LIST.splitlines(keepends=True)[0]))
expect("fail", r"without-id: TeammateKitTests\.plantedAtTheTop\(\) .*names no acceptance id",
       "a test declared outside any suite that names no id",
       trace(list_text=LIST + "TeammateKitTests.plantedAtTheTop()\n"))
expect("fail", r"orphaned: TeammateKitTests\.test_AC_CARD_08_atTheTop\(\) .*names AC-CARD-08",
       "a test declared outside any suite naming an undefined id",
       trace(list_text=LIST + "TeammateKitTests.test_AC_CARD_08_atTheTop()\n"))

RETIRED = "\n## Retired\n\n- **AC-CARD-06** (retired) — It went.\n"
expect("pass", "", "a retired id, untested and referred to",
       trace("- **AC-CARD-03** — Once AC-CARD-06.\n" + RETIRED,
             list_text=LIST + "TeammateKitTests.CardTests/test_AC_CARD_03_three()\n"))
expect("fail", r"retired: TeammateKitTests\.CardTests/test_AC_CARD_06_stillHere\(\) names AC-CARD-06",
       "a test naming a retired id", trace(RETIRED, list_text=LIST
                                            + "TeammateKitTests.CardTests/test_AC_CARD_06_stillHere()\n"))
expect("fail", r"duplicated: AC-CARD-01 is defined at specs/cards\.md:3 and", "an id both defined and retired",
       trace("\n## Retired\n\n- **AC-CARD-01** (retired) — It went.\n"))

# The contract's one run traces the id of every check the product declares (AC-CONF-06).
CHECK = ('  public static let titled = ContractCheck(\n    id: "AC-CARD-05", name: "titled"\n'
         '  ) { world in }\n')
RUN = "BackendContractTests.BackendContractTests/test_AC_CONF_06_everyCheck(run:)\n"
CONF = {"conformance.md": "# Conformance\n\n- **AC-CONF-06** — The one run.\n"}
expect("pass", "", "a check's id traced to the contract's one run",
       trace("- **AC-CARD-05** — checked.\n", list_text=LIST + RUN, files=CONF,
             conformance=CHECK))
expect("fail", r"uncovered: AC-CARD-05", "a check's id with the contract's run not listed",
       trace("- **AC-CARD-05** — checked.\n", files=CONF, conformance=CHECK))

# The public API: a declaration that moved or went, and an undocumented one.
def symbol(precise, path, kind="swift.struct", doc=True, decl=None):
    found = {"identifier": {"precise": precise}, "pathComponents": path, "kind": {"identifier": kind},
             "names": {"title": path[-1]},
             "declarationFragments": [{"spelling": decl or f"struct {path[-1]}"}]}
    if doc:
        found["docComment"] = {"lines": [{"text": "Why it exists."}]}
    return found


def graph(*symbols, relationships=()):
    return json.dumps({"module": {"name": "Kit"}, "symbols": list(symbols),
                       "relationships": list(relationships)})


def api(graph_text, recorded):
    folder = os.path.join(scratch, f"graphs{checks}")
    write(os.path.join(os.path.basename(folder), "Kit.symbols.json"), graph_text)
    return lambda: api_module.main(folder, write(f"api{checks}", recorded))


CARD = symbol("c", ["Card"])
RECORDED = "Kit Card: struct Card\n"
expect("pass", "", "an API as recorded, documented", api(graph(CARD), RECORDED))
expect("fail", r"api: \+ Kit Card: struct Card2", "a declaration that moved",
       api(graph(symbol("c", ["Card"], decl="struct Card2")), RECORDED))
expect("fail", r"docs: Kit Card\.title is public and has no doc comment",
       "a public property without a doc comment",
       api(graph(CARD, symbol("t", ["Card", "title"], "swift.property", doc=False, decl="var title"),
                 relationships=[{"kind": "memberOf", "source": "t", "target": "c"}]),
           RECORDED + "Kit Card.title: var title\n"))
expect("fail", r"api: - Kit Card: struct Card", "a declaration that went",
       api(graph(symbol("d", ["Deck"], decl="struct Deck")), RECORDED + "Kit Deck: struct Deck\n"))
expect("pass", "", "a default implementation reads from its documented requirement",
       api(graph(symbol("p", ["Backend"], "swift.protocol", decl="protocol Backend"),
                 symbol("r", ["Backend", "cards()"], "swift.method", decl="func cards()"),
                 symbol("d", ["Backend", "cards()"], "swift.method", doc=False, decl="func cards()"),
                 relationships=[{"kind": "requirementOf", "source": "r", "target": "p"},
                                {"kind": "defaultImplementationOf", "source": "d", "target": "r"}]),
           "Kit Backend: protocol Backend\nKit Backend.cards(): func cards()\n"))

expect("pass", "", "a requirement no default implements is marked [required]",
       api(graph(symbol("p", ["Backend"], "swift.protocol", decl="protocol Backend"),
                 symbol("r", ["Backend", "cards()"], "swift.method", decl="func cards()"),
                 relationships=[{"kind": "requirementOf", "source": "r", "target": "p"}]),
           "Kit Backend: protocol Backend\nKit Backend.cards(): func cards() [required]\n"))

# The release check: the API since the last release against the changelog's next version.
RELEASED = "# released 2.0.0\nKit Storage: protocol Storage\nKit Storage.cards(): func cards() [required]\n"


def semver(recorded, changelog):
    return lambda: semver_module.main(
        write(f"released{checks}", RELEASED), write(f"recorded{checks}", recorded),
        write(f"changelog{checks}", changelog))


NEW_REQUIREMENT = RELEASED.split("\n", 1)[1] + "Kit Storage.erase(): func erase() [required]\n"
NEW_DEFAULTED = RELEASED.split("\n", 1)[1] + "Kit Storage.erase(): func erase()\n"
MINOR = "# Changelog\n\n## [2.1.0] - Unreleased\n\n### Added\n- erase\n\n## [2.0.0] - 2026-12-06\n"
MAJOR = "# Changelog\n\n## [3.0.0] - Unreleased\n\n### Migration\n- write erase\n"
expect("fail", r"requirement without a default on a protocol adopters implement: Kit Storage\.erase",
       "a requirement without a default added in a minor version", semver(NEW_REQUIREMENT, MINOR))
expect("pass", "", "a requirement without a default in a major version with its migration",
       semver(NEW_REQUIREMENT, MAJOR))
expect("fail", r"major one with no ### Migration", "a major version without a migration note",
       semver(NEW_REQUIREMENT, MAJOR.replace("### Migration", "### Changed")))
expect("pass", "", "a requirement with a default in a minor version", semver(NEW_DEFAULTED, MINOR))
expect("fail", r"removed or changed: Kit Storage\.cards\(\)", "a requirement that went, in a minor version",
       semver("Kit Storage: protocol Storage\n", MINOR))
expect("fail", r"a default taken from a requirement: Kit Storage\.erase",
       "a default taken away, in a minor version",
       lambda: semver_module.main(
           write(f"released{checks}", RELEASED + "Kit Storage.erase(): func erase()\n"),
           write(f"recorded{checks}", NEW_REQUIREMENT), write(f"changelog{checks}", MINOR)))
expect("fail", r"no next version", "an API change with the released version on top",
       semver(NEW_DEFAULTED, "# Changelog\n\n## [2.0.0] - 2026-12-06\n"))
expect("pass", "", "nothing changed since the release", semver(RELEASED.split("\n", 1)[1], MINOR))


def adopter(edit):
    """The semver check over a scratch checkout whose adopter's file `edit` changes or not."""
    def run():
        tree = os.path.join(scratch, f"adopter{checks}")
        os.makedirs(os.path.join(tree, "docs", "api"))
        os.makedirs(os.path.join(tree, "Tests"))
        kept = b"struct Storage {}\n"
        open(os.path.join(tree, "Tests", "Storage.swift"), "wb").write(edit(kept))
        digest = hashlib.sha256(kept).hexdigest()
        record = os.path.join(tree, "docs", "api", "released-adopter.txt")
        open(record, "w").write(f"# released 2.0.0\n{digest}  Tests/Storage.swift\n")
        return semver_module.main(
            write(f"released{checks}", RELEASED), write(f"recorded{checks}", NEW_DEFAULTED),
            write(f"changelog{checks}", MINOR), record)
    return run


expect("fail", r"the adopter's code written against the release had to change: Tests/Storage\.swift",
       "an adopter's storage that had to change, in a minor version",
       adopter(lambda kept: kept + b"var currentWrite: Int\n"))
expect("pass", "", "an adopter's storage kept as released, in a minor version", adopter(lambda kept: kept))

# Every check in exactly one of the two commands (issue 62): the registry, scripts/checks,
# against the steps verify.sh runs and the steps soak.sh lists.
def judge_steps(verify_text, soak_text, registry_text):
    code = "\n".join(line for line in verify_text.splitlines() if not line.lstrip().startswith("#"))
    verify = set(re.findall(r"(?:^|[\s;{(])(?:step|run_step|print_step) ([a-z]+)\b", code, re.M))
    listed = re.search(r"^all_steps=\(([^)]*)\)", soak_text, re.M)
    soak = set(listed.group(1).split()) if listed else set()
    problems = []
    registry = {}
    for line in registry_text.splitlines():
        if not line.strip() or line.startswith("#"):
            continue
        name, where = line.split()[:2]
        registry[name] = where
    for name, where in sorted(registry.items()):
        runs = [command for command, names in (("verify", verify), ("soak", soak)) if name in names]
        if not runs:
            problems.append(f"checks: '{name}' is run by neither verify nor the soak")
        elif len(runs) > 1:
            problems.append(f"checks: '{name}' is run by both verify and the soak")
        elif runs[0] != where:
            problems.append(f"checks: '{name}' is listed for {where} but run by {runs[0]}")
    for name in sorted((verify | soak) - set(registry)):
        problems.append(f"checks: the step '{name}' is not in scripts/checks")
    for problem in problems:
        print(problem)
    return 1 if problems else 0


def read(name):
    return open(os.path.join(HERE, "..", name), encoding="utf-8").read()


VERIFY, SOAK, REGISTRY = read("verify.sh"), read("soak.sh"), read("checks")
expect("pass", "", "every check is in exactly one of verify and the soak",
       lambda: judge_steps(VERIFY, SOAK, REGISTRY))
expect("fail", r"'nightly' is run by neither verify nor the soak", "a check in neither command",
       lambda: judge_steps(VERIFY, SOAK, REGISTRY + "nightly   soak  a check nobody runs\n"))
expect("fail", r"'sweep' is run by both", "a check in both commands",
       lambda: judge_steps(VERIFY + "\nstep sweep\n", SOAK, REGISTRY))
expect("fail", r"the step 'extra' is not in scripts/checks", "a step the registry does not list",
       lambda: judge_steps(VERIFY, SOAK.replace("all_steps=(long", "all_steps=(extra long"),
                           REGISTRY))

for failure in failures:
    print(f"harness: {failure}")
print(f"harness: {checks} checks of the judge's own checks, {len(failures)} failure(s)")
sys.exit(1 if failures else 0)
