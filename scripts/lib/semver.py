#!/usr/bin/env python3
"""What kind of release the public API's change since the last release is, and whether the
changelog's next version says so.

The released API (`docs/api/released-api.txt`, its first line `# released X.Y.Z`) is compared
with the recorded one (`docs/api/public-api.txt`, which the api step holds to the build):
- major: a public declaration removed or changed, a conformance taken away, or a requirement
  without a default (`[required]`) added to a protocol the release had, or a default taken
  from one it had;
- minor: anything only added;
- none: nothing.
The changelog's first section names the next version (`## [X.Y.Z] - Unreleased`); it must be
at least the change's kind past the released one, and a major one needs `### Migration`.

The adopter's code kept as the release left it (`docs/api/released-adopter.txt`: a sha256 and
a path a line, the storage and backend an app team wrote against that release) must not have
had to change: a file of it changed or gone is a major change too.

Usage: semver.py RELEASED RECORDED CHANGELOG [ADOPTER]
"""
import hashlib
import os
import re
import sys

MARK = " [required]"


def read_api(path):
    version, lines = None, set()
    for line in open(path, encoding="utf-8").read().splitlines():
        if line.startswith("# released "):
            version = line.split()[-1]
        elif line and not line.startswith("#"):
            lines.add(line)
    return version, lines


def key(line):
    return line[: -len(MARK)] if line.endswith(MARK) else line


def owner(line):
    """`TeammateKit BackendStorage` of `TeammateKit BackendStorage.card(_:): …`."""
    module, rest = line.split(" ", 1)
    return module + " " + rest.split(":", 1)[0].split(".", 1)[0]


def classify(released, recorded):
    """The kind of change and why, one reason a line."""
    old = {key(line): line for line in released}
    new = {key(line): line for line in recorded}
    owners = {owner(line) for line in old}
    major, minor = [], []
    for name in sorted(set(old) - set(new)):
        major.append("removed or changed: " + name)
    for name in sorted(set(new) - set(old)):
        if new[name].endswith(MARK) and owner(name) in owners:
            major.append("a requirement without a default on a protocol adopters implement: " + name)
        else:
            minor.append("added: " + name)
    # NB: a release recorded before requirements were marked cannot say which had defaults.
    marked = any(line.endswith(MARK) for line in released)
    for name in sorted(set(old) & set(new)):
        if marked and new[name].endswith(MARK) and not old[name].endswith(MARK):
            major.append("a default taken from a requirement: " + name)
    if major:
        return "major", major
    return ("minor", minor) if minor else ("none", [])


def adopter_changes(record):
    """Why the adopter's files differ from the release's, a line each (paths from the root)."""
    root = os.path.dirname(os.path.abspath(record))
    root = os.path.dirname(os.path.dirname(root))
    reasons = []
    for line in open(record, encoding="utf-8").read().splitlines():
        if not line or line.startswith("#"):
            continue
        digest, path = line.split(None, 1)
        full = os.path.join(root, path)
        if not os.path.exists(full):
            reasons.append("the adopter's file written against the release is gone: " + path)
        elif hashlib.sha256(open(full, "rb").read()).hexdigest() != digest:
            reasons.append("the adopter's code written against the release had to change: " + path)
    return reasons


def sizes(lines):
    """How many lines of the record each module has (its extensions' with it)."""
    counts = {}
    for line in lines:
        module = line.split(" ", 1)[0].split("@")[0]
        counts[module] = counts.get(module, 0) + 1
    return counts


def parse(version):
    return tuple(int(part) for part in version.split("."))


def next_section(changelog):
    """The first version section: its version, whether it is unreleased, and its text."""
    text = open(changelog, encoding="utf-8").read()
    found = re.search(r"^## \[(\d+\.\d+\.\d+)\] - (.+)$", text, re.M)
    if not found:
        return None, False, ""
    rest = text[found.end():]
    after = re.search(r"^## \[", rest, re.M)
    body = rest[: after.start()] if after else rest
    return found.group(1), found.group(2).strip().lower() == "unreleased", body


def main(released_path, recorded_path, changelog, adopter=None):
    released_version, released = read_api(released_path)
    _, recorded = read_api(recorded_path)
    if released_version is None:
        print(f"semver: {released_path} names no released version (# released X.Y.Z)")
        return 1
    kind, reasons = classify(released, recorded)
    if adopter:
        changed = adopter_changes(adopter)
        if changed:
            kind, reasons = "major", changed + (reasons if kind == "major" else [])
    version, unreleased, body = next_section(changelog)
    print(f"semver: the public API since {released_version} is a {kind} change"
          + (f" ({len(reasons)} line(s))" if reasons else ""))
    before, after = sizes(released), sizes(recorded)
    print(f"semver: lines of the record by module, {released_version} → now: " + ", ".join(
        f"{module} {before.get(module, 0):,} → {after.get(module, 0):,}"
        for module in sorted(set(before) | set(after), key=lambda m: -after.get(m, 0))))
    if kind == "none":
        return 0
    if version is None or not unreleased:
        print(f"semver: {changelog} has no next version (## [X.Y.Z] - Unreleased) for it")
        return 1
    was, next_ = parse(released_version), parse(version)
    needed = (was[0] + 1, 0, 0) if kind == "major" else (was[0], was[1] + 1, 0)
    if next_ < needed:
        print(f"semver: the next version {version} is not a {kind} release after "
              f"{released_version} (at least {'.'.join(map(str, needed))}):")
        for reason in reasons[:10]:
            print("  " + reason)
        return 1
    if kind == "major" and "### Migration" not in body:
        print(f"semver: the next version {version} is a major one with no ### Migration note")
        return 1
    return 0


if __name__ == "__main__":
    if len(sys.argv) not in (4, 5):
        print(__doc__.strip().splitlines()[-1])
        sys.exit(64)
    sys.exit(main(*sys.argv[1:]))
