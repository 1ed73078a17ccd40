#!/usr/bin/env python3
"""The command line's fuzzer (AC-INPUT-07): two partners drive the built binary with adversarial
values, seeded and reproducible.

Every command, most options, huge, negative, non-finite and odd numbers, quantities with
units, impossible dates, long, multi-byte, combining, right-to-left and control-character
text, ids that do not exist or match several, options repeated or missing; online and offline,
English and zh-Hant, with --json and without. After every command the oracle holds:

- it ended by exit 0, 1, 64 or 74, never by a signal, within the time limit;
- a refusal is on stderr alone, its first line 'teammate: error: ...', at most one line and a
  hint besides the usage reminder, with no raw control character;
- the next command of that account ('status') runs.

At the end both partners sync and the store passes PRAGMA integrity_check.

Usage: scripts/fuzz.py [--binary PATH] [--seed N] [--commands N] [--plant]
A failure prints the seed and the command to replay it. --plant runs a binary that is made to
crash, to prove the oracle fires (verify's self-test).
"""

import argparse
import json
import os
import random
import re
import sqlite3
import subprocess
import sys
import tempfile

ACCOUNTS = ["alice", "bob"]
RAW = re.compile(r"[\x00-\x09\x0b-\x1f\x7f-\x9f\u202a-\u202e\u2066-\u2069]")
LIMIT_SECONDS = 20


def texts(rng):
    """Adversarial text."""
    pool = [
        "milk", "牛奶", "2 onions", "onions x3", "500 g rice", "rice 1 kg", "999999999999999999999 eggs",
        "9223372036854775807 eggs", "1e400 kg rice", "1e308 kg flour", "-3 eggs", "nan eggs",
        "inf kg sugar", "0 eggs", "0.0000001 g salt", "1000000 eggs", "1000001 eggs", "兩瓶 牛奶",
        "\x1b[2J", "a\nb", "\x07bell", "\r\x08", "\u009b2J", "e\u0301\u0301\u0301", "\u202eevil",
        "שלום", "مرحبا", "👨‍👩‍👧‍👦" * 40, "蛋" * 121, "x" * 5000, " ", "", "--", "-x", "'",
        '"', "\\", "%s%n", "NULL", "Robert'); DROP TABLE cards;--",
    ]
    text = rng.choice(pool)
    if rng.random() < 0.2:
        text = text + " " + rng.choice(pool)
    return text


def numbers(rng):
    return rng.choice([
        "0", "1", "-1", "2", "45", "99999999999999999999", "9223372036854775807",
        "-9223372036854775808", "1e400", "nan", "inf", "1.5", "0x10", "", " 3", "三",
    ])


def times(rng):
    return rng.choice([
        "tomorrow 09:30", "19:00", "7pm", "in 2h", "in 99999999h", "in -5m", "mon 9:30",
        "next tue 18:00", "1969-12-31 23:59", "1900-01-01", "9999-12-31T23:59:59+14:00",
        "10000-01-01", "2026-02-30 10:00", "2026-12-01T25:00", "0000-01-01", "today 24:00",
        "2026-12-01T20:00+99:00", "\x1b[2J", "",
    ])


def days(rng):
    return rng.choice(["today", "tomorrow", "tue", "next mon", "2026-12-03", "9999-12-31",
                       "0001-01-01", "2026-13-01", "yesterday", "\x07"])


def ids(rng, known):
    pool = ["zzzzzzzz", "a", "", "\x1b[2J", "../../etc", "2", "x" * 200]
    if known:
        card = rng.choice(known)
        pool += [card, card[:1], card[:3]]
    return rng.choice(pool)


def command(rng, known):
    """One command line, adversarial values in every slot."""
    kinds = ["note", "task", "event", "topic", "meal", "\x1b", ""]
    slots = ["breakfast", "lunch", "dinner", "brunch", ""]
    shapes = [
        lambda: ["card", "add", texts(rng)] + rng.choice([[], ["--kind", rng.choice(kinds)]])
        + rng.choice([[], ["--at", times(rng)]]) + rng.choice([[], ["--note", texts(rng)]])
        + rng.choice([[], ["--every", rng.choice(["day", "2 days", "99999999 days", "0 days",
                                                    "week on tue,fri", "month on 32", "\x1b"])]])
        + rng.choice([[], ["--times", numbers(rng)], ["--until", days(rng)]])
        + rng.choice([[], ["--reply-by", times(rng)], ["--assignee", rng.choice(
            ["me", "partner", "both", "carol", "\x1b"])]]),
        lambda: ["card", "edit", ids(rng, known)] + rng.choice([
            ["--title", texts(rng)], ["--at", times(rng)], ["--note", texts(rng)],
            ["--every", "day", "--times", numbers(rng)], ["--clear-time"], []]),
        lambda: ["card", rng.choice(["show", "done", "skip", "delete", "restore"]),
                 ids(rng, known)],
        lambda: ["card", "list"] + rng.choice([[], ["--kind", rng.choice(kinds)], ["--pending"],
                                               ["--due-before", times(rng)], ["--search", texts(rng)]]),
        lambda: ["ack", ids(rng, known)] if rng.random() < 0.7 else ["ack", "--all"],
        lambda: [rng.choice(["pending", "sync", "status", "outbox", "notifications", "whoami"])],
        lambda: ["settings"] + rng.choice([["--lead", numbers(rng)], ["--quiet", rng.choice(
            ["22:00-07:00", "22:00-22:00", "off", "25:00-01:00", "\x1b"])],
            ["--digest-time", rng.choice(["08:00", "24:61", "-1:00"])], []]),
        lambda: ["list", "add", texts(rng)] + rng.choice([[], [texts(rng)], ["--note", texts(rng)]]),
        lambda: ["list", rng.choice(["got", "undo", "clear"]), texts(rng)],
        lambda: ["list", "move", texts(rng), "--to", rng.choice(["dairy", "produce", texts(rng)])],
        lambda: ["list", "rename", texts(rng), texts(rng)],
        lambda: ["list"] + rng.choice([[], ["clear", "--got"]]),
        lambda: ["meal", "propose", rng.choice(slots), texts(rng), texts(rng), "--day", days(rng)],
        lambda: ["meal", rng.choice(["pick", "decide"]), rng.choice(slots), texts(rng), "--day",
                 days(rng)],
        lambda: ["meal", rng.choice(["skip", "remove"]), rng.choice(slots), "--day", days(rng)],
        lambda: ["meal", "move", rng.choice(slots), "--day", days(rng), "--to", days(rng)],
        lambda: ["meal", "suggest", rng.choice(slots)],
        lambda: ["meal"] + rng.choice([[], ["--week"], ["history"]]),
        lambda: ["dish", "add", texts(rng)] + rng.choice([[], ["--ingredient", texts(rng)]]),
        lambda: ["household", "show"],
        lambda: ["card", "add", "x", "--at", times(rng), "--at", times(rng)],
        lambda: ["card", "add"],
        lambda: ["nonsense", texts(rng)],
    ]
    return rng.choice(shapes)()


def problem(outcome, language):
    """What the oracle finds wrong with one run's outcome, or None."""
    code, out, err = outcome
    if code is None:
        return "hung (no end within %d s)" % LIMIT_SECONDS
    if code < 0:
        return "ended by signal %d" % -code
    if code not in (0, 1, 64, 74):
        return "exit status %d" % code
    if RAW.search(err.replace("\n", "")):
        return "raw control character on stderr: %r" % err[:400]
    if code != 0:
        if out:
            return "a refusal printed on stdout: %r" % out[:200]
        told = [line for line in err.split("\n")
                if line and not line.startswith(("Usage:", "  See "))]
        errors = [line for line in told if line.startswith("teammate: error: ")]
        if len(errors) != 1:
            return "not one error line: %r" % err[:400]
        if len(told[told.index(errors[0]) + 1:]) > 1:
            return "more than a sentence and a hint: %r" % err[:400]
    return None


def main():
    parser = argparse.ArgumentParser()
    root = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
    parser.add_argument("--binary", default=os.path.join(root, ".build/debug/teammate"))
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--commands", type=int, default=200)
    parser.add_argument("--plant", action="store_true")
    options = parser.parse_args()
    rng = random.Random(options.seed)
    folder = tempfile.mkdtemp(prefix="teammate-fuzz-")
    store = os.path.join(folder, "home.sqlite")
    base = {"PATH": "/usr/bin:/bin", "TEAMMATE_STORE": store, "HOME": folder}

    def run(account, arguments, language="en", offline=False, as_json=False):
        argv = [options.binary, "--as", account]
        argv += ["--offline"] if offline else []
        argv += ["--json"] if as_json else []
        env = dict(base)
        if language == "zh-Hant":
            env["TEAMMATE_LANG"] = "zh-Hant"
        if options.plant:
            # NB: a plant: the run dies of a signal, as a trap would end it.
            argv = ["/bin/sh", "-c", 'kill -ILL $$', "sh"] + argv
        try:
            done = subprocess.run(argv + arguments, env=env, capture_output=True,
                                  timeout=LIMIT_SECONDS)
        except subprocess.TimeoutExpired:
            return (None, "", "")
        return (done.returncode, done.stdout.decode("utf-8", "replace"),
                done.stderr.decode("utf-8", "replace"))

    def fail(step, account, arguments, why, flags):
        shown = " ".join(repr(a) for a in arguments)
        print("fuzz: FAIL at command %d (seed %d): teammate --as %s %s%s: %s" % (
            step, options.seed, account, " ".join(flags), shown, why))
        print("fuzz: replay with: scripts/fuzz.py --seed %d --commands %d" % (
            options.seed, step + 1))
        sys.exit(1)

    created = run("alice", ["household", "create", "--name", "Home", "--tz", "Asia/Taipei"],
                  as_json=True)
    if created[0] != 0:
        fail(0, "alice", ["household", "create"], problem(created, "en") or created[2], [])
    code = json.loads(created[1])["invite"]["code"]
    joined = run("bob", ["household", "join", code, "--display-name", "Bob"])
    if joined[0] != 0:
        fail(0, "bob", ["household", "join"], joined[2], [])
    known = []
    for step in range(1, options.commands + 1):
        account = rng.choice(ACCOUNTS)
        language = rng.choice(["en", "zh-Hant"])
        offline = rng.random() < 0.3
        as_json = rng.random() < 0.3
        arguments = command(rng, known)
        flags = (["--offline"] if offline else []) + (["--json"] if as_json else []) + (
            ["(zh-Hant)"] if language == "zh-Hant" else [])
        outcome = run(account, arguments, language, offline, as_json)
        why = problem(outcome, language)
        if why:
            fail(step, account, arguments, why, flags)
        if outcome[0] == 0 and arguments[:2] == ["card", "add"] and as_json:
            try:
                known.append(json.loads(outcome[1])["card"]["id"])
            except (ValueError, KeyError, TypeError):
                pass
        after = run(account, ["status"], language, offline)
        if after[0] != 0:
            fail(step, account, arguments, "the next command of %s failed: %s" % (
                account, after[2].strip()[:300]), flags)
    for account in ACCOUNTS:
        synced = run(account, ["sync"])
        if synced[0] != 0:
            fail(options.commands, account, ["sync"], "the last sync failed: " + synced[2], [])
    check = sqlite3.connect(store).execute("PRAGMA integrity_check").fetchone()[0]
    if check != "ok":
        print("fuzz: FAIL: the store's integrity check says %s (seed %d)" % (check, options.seed))
        sys.exit(1)
    print("fuzz: ok: %d commands, seed %d" % (options.commands, options.seed))


if __name__ == "__main__":
    main()
