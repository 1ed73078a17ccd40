#!/usr/bin/env python3
"""Marks for compiling again the modules that a changed module may have left stale.

SwiftPM's incremental build does not always compile again a module whose dependency changed
its layout (a stored property added, an enum case, a conformance written by hand): the
dependent keeps the old layout and the test process dies of a signal
(swiftlang/swift-package-manager#10502). A module's .swiftmodule changes exactly when its
interface or layout does, not when only a body does; so, after a build, every module whose
.swiftmodule differs from the last one recorded has its dependents' sources touched, and the
next build compiles them whole. Prints the targets it touched, one a line.

Usage: stale_modules.py PACKAGE_DESCRIPTION_JSON MODULES_DIR RECORD
"""
import hashlib
import json
import os
import sys


def digest(path):
    with open(path, "rb") as handle:
        return hashlib.sha256(handle.read()).hexdigest()


def main(description_path, modules_dir, record_path):
    with open(description_path, encoding="utf-8") as handle:
        targets = json.load(handle)["targets"]
    module_of = {target["name"]: target["name"].replace("-", "_") for target in targets}
    now = {}
    for name, module in module_of.items():
        path = os.path.join(modules_dir, f"{module}.swiftmodule")
        if os.path.isfile(path):
            now[name] = digest(path)
    before = {}
    if os.path.exists(record_path):
        with open(record_path, encoding="utf-8") as handle:
            before = json.load(handle)
    changed = {name for name, value in now.items() if name in before and before[name] != value}
    dependents = {}
    for target in targets:
        for dependency in target.get("target_dependencies") or []:
            dependents.setdefault(dependency, set()).add(target["name"])
    stale, queue = set(), list(changed)
    while queue:
        for dependent in dependents.get(queue.pop(), ()):
            if dependent not in stale:
                stale.add(dependent)
                queue.append(dependent)
    paths = {target["name"]: target["path"] for target in targets}
    # NB: a file compiled after the changed interface was written is up to date; only the
    # files whose objects are older (or missing) are touched.
    since = max((os.path.getmtime(os.path.join(modules_dir, f"{module_of[name]}.swiftmodule"))
                 for name in changed), default=0)
    products = os.path.dirname(os.path.abspath(modules_dir))
    for name in sorted(stale):
        objects = os.path.join(products, f"{module_of[name]}.build")
        touched = 0
        for folder, _, files in os.walk(paths[name]):
            for file in files:
                if not file.endswith(".swift"):
                    continue
                made = os.path.join(objects, f"{file}.o")
                if os.path.exists(made) and os.path.getmtime(made) >= since:
                    continue
                os.utime(os.path.join(folder, file))
                touched += 1
        if touched:
            print(name)
    os.makedirs(os.path.dirname(record_path), exist_ok=True)
    with open(record_path, "w", encoding="utf-8") as handle:
        json.dump(now, handle, indent=1, sort_keys=True)
    return 0


if __name__ == "__main__":
    sys.exit(main(*sys.argv[1:4]))
