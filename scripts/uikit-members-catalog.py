#!/usr/bin/env python3
"""Writes catalogs/uikit-members.tsv, the compact catalogue of UIKit's instance variables and
properties per iOS version that crashscan builds in (scripts/embed-resources.sh embeds it).

Usage: scripts/uikit-members-catalog.py SOURCE_DIR

SOURCE_DIR holds uikit-members.tsv and uikit-superclasses.tsv as transcribed from public
runtime-header dumps (RuntimeBrowser and class-dump output of iOS 4.3-18: nst/iOS-Runtime-Headers
and the repositories docs/uikit-facts.md lists). The catalogue keeps what crashscan asks of them:
which dumps read each class (a version whose dump did not hold the class is unknown, never
absent), its superclass per version, and each member's kind, the class of its type and the
versions that declare it. Versions are written as ranges of the dumps' labels (`8.3-18`); a
range may pass over versions whose dump did not hold the class, which the reader leaves unknown.
"""
import re
import sys
from collections import defaultdict

KINDS = {"ivar": "i", "property": "p", "property+category": "c"}


def read_rows(path):
    header = []
    rows = []
    with open(path, encoding="utf-8") as handle:
        for line in handle:
            line = line.rstrip("\n")
            if line.startswith("#"):
                header.append(line)
                continue
            rows.append(line.split("\t"))
    return header, rows[1:]  # the first row is the column titles


def versions_from(header):
    for line in header:
        match = re.match(r"# versions covered \(ascending[^)]*\): (.*)", line)
        if match:
            return match.group(1).split(",")
    raise SystemExit("no version list in the members file's header")


def ranges(present, covered, order):
    """`8.3-18`: runs of present versions; versions the class's dump lacks do not break a run."""
    runs = []
    start = end = None
    for version in order:
        if version in present:
            if start is None:
                start = version
            end = version
        elif version in covered:
            if start is not None:
                runs.append((start, end))
            start = end = None
    if start is not None:
        runs.append((start, end))
    return ",".join(first if first == last else f"{first}-{last}" for first, last in runs)


def type_class(declaration):
    """The class a member's type names (`UILabel *` → `UILabel`), empty for any other type."""
    match = re.fullmatch(r"([A-Za-z_][A-Za-z0-9_]*) \*", declaration.strip())
    if not match or match.group(1) in ("id", "void", "char"):
        return ""
    return match.group(1)


def main(source):
    members_header, members = read_rows(f"{source}/uikit-members.tsv")
    _, supers = read_rows(f"{source}/uikit-superclasses.tsv")
    order = versions_from(members_header)
    covered = defaultdict(set)
    superclass = defaultdict(lambda: defaultdict(set))
    for name, version, parent, _framework in supers:
        covered[name].add(version)
        superclass[name][parent].add(version)
    out = [
        "# UIKit's instance variables and properties per iOS version, as public runtime-header dumps",
        "# declare them (RuntimeBrowser and class-dump output of iOS 4.3-18: nst/iOS-Runtime-Headers and",
        "# others; docs/uikit-facts.md lists them). Written by scripts/uikit-members-catalog.py.",
        "# Methods are not listed. A version whose dump did not hold the class is unknown, not absent;",
        "# the 18 dump was read for 11 classes only, the 11.4 dump lacks 25 classes.",
        "# versions\t" + " ".join(order),
        "# A class: `C<TAB>class<TAB>versions whose dump holds it`, a line `S<TAB>superclass<TAB>versions`",
        "# per superclass, then a line per member: `member<TAB>kind<TAB>class of its type<TAB>versions that",
        "# declare it` (kind: i ivar, p property, c property that a category of another framework adds).",
    ]
    by_class = defaultdict(list)
    for name, member, kind, declaration, versions, _note in members:
        by_class[name].append((member, KINDS[kind], type_class(declaration), set(versions.split(","))))
    for name in sorted(covered):
        out.append(f"C\t{name}\t{ranges(covered[name], set(order), order)}")
        for parent in sorted(superclass[name]):
            out.append(f"S\t{parent}\t{ranges(superclass[name][parent], covered[name], order)}")
        for member, kind, type_name, present in sorted(by_class[name]):
            out.append(f"{member}\t{kind}\t{type_name}\t{ranges(present, covered[name], order)}")
    missing = set(by_class) - set(covered)
    if missing:
        raise SystemExit(f"members of classes no dump holds: {sorted(missing)}")
    with open("catalogs/uikit-members.tsv", "w", encoding="utf-8") as handle:
        handle.write("\n".join(out) + "\n")


if __name__ == "__main__":
    if len(sys.argv) != 2:
        raise SystemExit(__doc__)
    main(sys.argv[1])
