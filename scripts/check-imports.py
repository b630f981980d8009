#!/usr/bin/env python3
"""Every target imports only the package targets it declares as direct dependencies.

SwiftPM's `--explicit-target-dependency-import-check error` (which CI also runs) accepts a
module any declared dependency brings along; this check is stricter, so that Package.swift
states the graph docs/architecture.md draws. Prints each undeclared import; exits 1 if any.
"""
import json
import os
import re
import subprocess
import sys

root = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
package = json.loads(subprocess.check_output(["swift", "package", "dump-package"], cwd=root))
targets = {t["name"]: t for t in package["targets"]}
problems = []
for name, target in sorted(targets.items()):
    declared = set()
    for dependency in target.get("dependencies", []):
        for kind in ("byName", "target"):
            if kind in dependency:
                declared.add(dependency[kind][0])
    folder = target.get("path") or os.path.join("Tests" if target["type"] == "test" else "Sources", name)
    for directory, _, files in os.walk(os.path.join(root, folder)):
        for file in files:
            if not file.endswith(".swift"):
                continue
            path = os.path.join(directory, file)
            with open(path, encoding="utf-8") as handle:
                for number, line in enumerate(handle, 1):
                    match = re.match(r"\s*(?:@testable\s+)?(?:(?:public|package|internal)\s+)?import\s+(\w+)", line)
                    if match and match.group(1) in targets and match.group(1) != name:
                        if match.group(1) not in declared:
                            problems.append(f"{os.path.relpath(path, root)}:{number}: {name} imports "
                                            f"{match.group(1)} without declaring it")
for problem in problems:
    print(problem)
sys.exit(1 if problems else 0)
