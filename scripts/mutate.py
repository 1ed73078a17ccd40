#!/usr/bin/env python3
"""Mutation testing of TeammateKit: flips one comparison, boolean operator or constant at a
time in a scratch copy of the tree, runs the tests, and reports each mutant as killed (a test
failed), survived (every test passed) or stillborn (it did not compile, so it proves nothing).

The sample is fixed: every candidate site is listed in a stable order and a seeded generator
picks SAMPLE of them, so two runs judge the same mutants.
Usage: scripts/mutate.sh [--sample N] [--seed S] [--only PATH-PART] [--list]
(--only keeps the sites in files whose path holds PATH-PART; it may be given more than once.)
"""
import argparse
import glob
import os
import random
import re
import shutil
import signal
import subprocess
import sys
import tempfile
import time

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
KIT = "Sources/TeammateKit"
# A seeded generator's mixing constants are arbitrary: any other value is as good a generator,
# so mutating them says nothing about the tests.
EXCLUDED = {"Sources/TeammateKit/Time/SeededRandomNumberGenerator.swift"}
# The whole suite takes seconds; a mutant that makes it run a minute has made it hang.
TEST_TIME_LIMIT = 300

# (pattern, replacement, description); applied at one match at a time.
OPERATORS = [
    (r"(?<![=!<>])==(?!=)", "!=", "== to !="),
    (r"!=(?!=)", "==", "!= to =="),
    (r"(?<=\s)<(?=\s)", "<=", "< to <="),
    (r"(?<=\s)<=(?=\s)", "<", "<= to <"),
    (r"(?<=\s)>(?=\s)", ">=", "> to >="),
    (r"(?<=\s)>=(?=\s)", ">", ">= to >"),
    (r"&&", "||", "&& to ||"),
    (r"\|\|", "&&", "|| to &&"),
    (r"\btrue\b", "false", "true to false"),
    (r"\bfalse\b", "true", "false to true"),
    (r"(?<![\w.$])(\d+)(?![\w.])", None, "constant +1"),
]


def code_mask(source):
    """A copy of source with comments and string literals blanked, same length."""
    out = list(source)
    i, n = 0, len(source)
    while i < n:
        if source.startswith("//", i):
            j = source.find("\n", i)
            j = n if j < 0 else j
            for k in range(i, j):
                out[k] = " "
            i = j
        elif source.startswith("/*", i):
            j = source.find("*/", i)
            j = n if j < 0 else j + 2
            for k in range(i, j):
                if out[k] != "\n":
                    out[k] = " "
            i = j
        elif source[i] == '"':
            multi = source.startswith('"""', i)
            close = '"""' if multi else '"'
            j = i + len(close)
            while j < n and not source.startswith(close, j):
                j += 2 if source[j] == "\\" else 1
            j = min(n, j + len(close))
            for k in range(i, j):
                if out[k] != "\n":
                    out[k] = " "
            i = j
        else:
            i += 1
    return "".join(out)


def sites():
    found = []
    for folder, _, files in os.walk(os.path.join(ROOT, KIT)):
        for name in sorted(files):
            if not name.endswith(".swift"):
                continue
            path = os.path.relpath(os.path.join(folder, name), ROOT)
            if path in EXCLUDED:
                continue
            source = open(os.path.join(ROOT, path), encoding="utf-8").read()
            masked = code_mask(source)
            for pattern, replacement, what in OPERATORS:
                for match in re.finditer(pattern, masked):
                    line_start = masked.rfind("\n", 0, match.start()) + 1
                    line = masked[line_start:masked.find("\n", match.start())]
                    # Declarations and imports are not behaviour.
                    if re.match(r"\s*(?:import|@|case\s+\w+\s*=)", line):
                        continue
                    text = replacement if replacement is not None else str(int(match.group(1)) + 1)
                    found.append((path, match.start(), match.end(), text, what))
    return sorted(found)


def run(command, cwd, timeout=None):
    """The command's exit status; None when it ran past `timeout` seconds (then it and its
    children are stopped)."""
    servers = os.path.join(tempfile.gettempdir(), "teammate-pg-*")
    before = set(glob.glob(servers))
    process = subprocess.Popen(command, cwd=cwd, stdout=subprocess.DEVNULL,
                               stderr=subprocess.DEVNULL, start_new_session=True)
    try:
        return process.wait(timeout=timeout)
    except subprocess.TimeoutExpired:
        os.killpg(process.pid, signal.SIGKILL)
        process.wait()
        # NB: the test runner starts its own processes, which may leave the group: stop
        # everything still running from the scratch tree.
        subprocess.run(["pkill", "-KILL", "-f", cwd], check=False)
        # NB: and the servers and poolers its tests started, whose watcher died with it.
        for folder in sorted(set(glob.glob(servers)) - before):
            stop_servers(folder)
        return None


def stop_servers(folder):
    """Stops a throwaway cluster (or pair) and its pooler left in `folder`, and removes it."""
    pid_file = os.path.join(folder, "pgbouncer.pid")
    if os.path.exists(pid_file):
        try:
            os.kill(int(open(pid_file).read().strip()), signal.SIGKILL)
        except (ValueError, OSError):
            pass
    if os.path.isdir(os.path.join(folder, "data")):
        subprocess.run([os.path.join(ROOT, "scripts", "postgres.sh"), "stop",
                        f"postgresql:///postgres?host={folder}&user=postgres"],
                       stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL, check=False)
    shutil.rmtree(folder, ignore_errors=True)


def main():
    parser = argparse.ArgumentParser()
    parser.add_argument("--sample", type=int, default=48)
    parser.add_argument("--seed", type=int, default=2026)
    parser.add_argument("--list", action="store_true")
    parser.add_argument("--only", action="append", default=[])
    args = parser.parse_args()
    candidates = [site for site in sites() if not args.only or any(part in site[0] for part in args.only)]
    chosen = sorted(random.Random(args.seed).sample(candidates, min(args.sample, len(candidates))))
    describe = lambda m: f"{m[0]}:{open(os.path.join(ROOT, m[0])).read().count(chr(10), 0, m[1]) + 1}: {m[4]}"
    if args.list:
        for mutant in chosen:
            print(describe(mutant))
        return 0
    scratch = tempfile.mkdtemp(prefix="teammate-mutate-")
    os.chmod(scratch, 0o755)
    print(f"{len(candidates)} candidate sites, {len(chosen)} chosen (seed {args.seed}); "
          f"scratch copy in {scratch}", flush=True)
    shutil.copytree(ROOT, os.path.join(scratch, "tree"), symlinks=True,
                    ignore=shutil.ignore_patterns(".git", ".build", ".swiftpm"))
    tree = os.path.join(scratch, "tree")
    if run(["swift", "build", "--build-tests"], tree) != 0:
        print("the unmutated tree does not build")
        return 2
    if run(["swift", "test", "--skip-build"], tree) != 0:
        print("the unmutated tree fails its tests: run swift test in " + tree)
        return 2
    tally = {"killed": 0, "survived": 0, "stillborn": 0}
    for mutant in chosen:
        path, start, end, text, _ = mutant
        file = os.path.join(tree, path)
        original = open(file, encoding="utf-8").read()
        mutated = original[:start] + text + original[end:]
        note = ""
        with open(file, "w", encoding="utf-8") as handle:
            handle.write(mutated)
        try:
            if run(["swift", "build", "--build-tests"], tree) != 0:
                verdict = "stillborn"
            else:
                # NB: a mutant that makes a test loop forever is caught by the time limit.
                status = run(["swift", "test", "--skip-build"], tree, timeout=TEST_TIME_LIMIT)
                verdict = "survived" if status == 0 else "killed"
                if status is None:
                    verdict = "killed"
                    note = " (the tests ran past the time limit)"
        finally:
            with open(file, "w", encoding="utf-8") as handle:
                handle.write(original)
        tally[verdict] += 1
        line = original.count("\n", 0, start) + 1
        source_line = original.splitlines()[line - 1].strip()
        print(f"{verdict:9} {path}:{line}: {mutant[4]}: {source_line}{note}", flush=True)
    judged = tally["killed"] + tally["survived"]
    score = 100.0 * tally["killed"] / judged if judged else 0.0
    print(f"mutation: {tally['killed']} killed, {tally['survived']} survived, "
          f"{tally['stillborn']} stillborn; {score:.0f}% of {judged} judged mutants killed")
    # NB: the last tests' server watchers stop their servers with the scratch tree's script:
    # it stays until they are done (at most half a minute).
    for _ in range(60):
        if subprocess.run(["pgrep", "-f", tree], stdout=subprocess.DEVNULL).returncode != 0:
            break
        time.sleep(0.5)
    shutil.rmtree(scratch, ignore_errors=True)
    return 0


if __name__ == "__main__":
    sys.exit(main())
