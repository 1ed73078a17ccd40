#!/usr/bin/env python3
"""The public API of the package's products, from their symbol graphs.

Writes one line per public declaration and conformance, sorted, and compares them with the
recorded file, so that a change to the public surface is a diff in review, never an accident.
A protocol requirement without a default implementation ends with ` [required]`. Checks too
that every public type, protocol requirement, method, property and initializer has
a doc comment (a witness of a documented requirement, or of a standard library protocol,
reads from it).

Usage: api.py GRAPH_DIR RECORDED [--record]
"""
import glob
import json
import os
import sys

# Kinds that need a doc comment of their own. Enum cases and operators read from their type.
DOCUMENTED_KINDS = {
    "swift.struct", "swift.class", "swift.enum", "swift.protocol", "swift.actor",
    "swift.typealias", "swift.associatedtype", "swift.property", "swift.type.property",
    "swift.method", "swift.type.method", "swift.init", "swift.func", "swift.subscript",
    "swift.type.subscript", "swift.var",
}
# Members that implement a standard library protocol and read from its documentation.
STANDARD_WITNESSES = {
    "description", "debugDescription", "hash(into:)", "hashValue", "encode(to:)", "init(from:)",
    "rawValue", "init(rawValue:)", "init(stringLiteral:)", "next()", "makeAsyncIterator()",
    "errorDescription", "id", "testDescription", "unownedExecutor", "init(extendedGraphemeClusterLiteral:)",
    "init(unicodeScalarLiteral:)", "allCases", "localizedDescription",
}


# The mark of a protocol requirement without a default implementation.
REQUIRED = " [required]"


def text(fragments):
    return " ".join("".join(f["spelling"] for f in fragments).split())


def main(graph_dir, recorded_path, record=False):
    lines, undocumented = set(), set()
    for path in sorted(glob.glob(os.path.join(graph_dir, "*.symbols.json"))):
        graph = json.load(open(path, encoding="utf-8"))
        module = graph["module"]["name"]
        extended = os.path.basename(path).split(".")[0]
        where = module if "@" not in extended else extended
        symbols = {s["identifier"]["precise"]: s for s in graph["symbols"]}
        owner, requirements, conforms, defaults = {}, {}, {}, {}
        for relation in graph["relationships"]:
            kind, source, target = relation["kind"], relation["source"], relation["target"]
            if kind == "defaultImplementationOf":
                defaults[source] = target
            elif kind == "memberOf":
                owner[source] = target
            elif kind == "requirementOf":
                requirements.setdefault(target, set()).add(source)
            elif kind == "conformsTo":
                conforms.setdefault(source, set()).add(target)
                if source in symbols:
                    name = ".".join(symbols[source]["pathComponents"])
                    lines.add(f"{where} {name}: {relation.get('targetFallback') or target}")
        documented_requirement_titles = {}
        for protocol, members in requirements.items():
            for member in members:
                if member in symbols and "docComment" in symbols[member]:
                    documented_requirement_titles.setdefault(protocol, set()).add(
                        symbols[member]["names"]["title"])
        # NB: a requirement no default implements is one every adopter must write: adding one
        # to a protocol a release had is a major change (scripts/lib/semver.py).
        defaulted = set(defaults.values())
        required = {member for members in requirements.values() for member in members} - defaulted
        for precise, symbol in symbols.items():
            name = ".".join(symbol["pathComponents"])
            mark = REQUIRED if precise in required else ""
            lines.add(f"{where} {name}: {text(symbol['declarationFragments'])}{mark}")
            if symbol["kind"]["identifier"] not in DOCUMENTED_KINDS or "docComment" in symbol:
                continue
            title = symbol["names"]["title"]
            if title in STANDARD_WITNESSES:
                continue
            # NB: a default implementation reads from the requirement it implements.
            if defaults.get(precise) in symbols and "docComment" in symbols[defaults[precise]]:
                continue
            if precise in defaults and defaults[precise] not in symbols:
                continue
            parent = owner.get(precise)
            protocols = conforms.get(parent, set()) if parent else set()
            if any(title in documented_requirement_titles.get(p, set()) for p in protocols):
                continue
            undocumented.add(f"{where} {name}")

    current = sorted(lines)
    if record:
        with open(recorded_path, "w", encoding="utf-8") as handle:
            handle.write("\n".join(current) + "\n")
        print(f"recorded {len(current)} declarations, {len(undocumented)} undocumented")
        return 0

    problems = []
    recorded = set(open(recorded_path, encoding="utf-8").read().splitlines()) if os.path.exists(
        recorded_path) else set()
    for line in sorted(set(current) - recorded):
        problems.append(f"api: + {line}")
    for line in sorted(recorded - set(current)):
        problems.append(f"api: - {line}")
    if problems:
        problems.append(
            f"api: the public API moved ({len(problems)} line(s)); if that is meant, run "
            f"scripts/api.sh --record and commit {os.path.relpath(recorded_path)} with the change")
    for name in sorted(undocumented):
        problems.append(f"docs: {name} is public and has no doc comment: say why it exists in a line")
    for problem in problems:
        print(problem)
    print(f"api: {len(current)} declarations, {len(undocumented)} undocumented")
    return 1 if problems else 0


if __name__ == "__main__":
    args = [a for a in sys.argv[1:] if a != "--record"]
    if len(args) != 2:
        print(__doc__.strip().splitlines()[-1], file=sys.stderr)
        sys.exit(64)
    sys.exit(main(*args, record="--record" in sys.argv))
