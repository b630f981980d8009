#!/usr/bin/env python3
"""Reads a SARIF file of `crashscan scan --format sarif` through an independent consumer, the
`sarif-pydantic` models of SARIF 2.1.0 from PyPI, and checks what GitHub code scanning relies on:
every result names a rule of the driver (by id and index), has a level, a message, a location with
a relative URI and a 1-based region, and a partial fingerprint; every rule has a name, descriptions
and help in text and Markdown. Exit 0 when the file passes, 1 with the reasons otherwise.

    python3 scripts/check-sarif.py FILE
"""
import sys

from sarif_pydantic import Sarif


def main(path):
    with open(path, encoding="utf-8") as handle:
        log = Sarif.model_validate_json(handle.read())
    problems = []
    if log.version != "2.1.0":
        problems.append(f"version {log.version}")
    if len(log.runs) != 1:
        problems.append(f"{len(log.runs)} runs")
    run = log.runs[0]
    rules = run.tool.driver.rules or []
    if run.tool.driver.name != "crashscan":
        problems.append(f"driver {run.tool.driver.name}")
    for rule in rules:
        if not (rule.name and rule.short_description and rule.full_description and rule.help):
            problems.append(f"rule {rule.id} lacks a name, a description or help")
        elif not rule.help.markdown:
            problems.append(f"rule {rule.id} has no Markdown help")
    for number, result in enumerate(run.results or []):
        where = f"result {number}"
        if result.rule_index is None or result.rule_index >= len(rules) or rules[result.rule_index].id != result.rule_id:
            problems.append(f"{where}: rule {result.rule_id} is not rule {result.rule_index} of the driver")
        if result.level is None or not result.message or not result.message.text:
            problems.append(f"{where}: no level or message")
        if not result.partial_fingerprints:
            problems.append(f"{where}: no partial fingerprint")
        location = result.locations[0].physical_location if result.locations else None
        if location is None or location.artifact_location is None or location.region is None:
            problems.append(f"{where}: no physical location")
            continue
        uri = location.artifact_location.uri or ""
        if location.artifact_location.uri_base_id == "%SRCROOT%" and (uri.startswith("/") or "://" in uri):
            problems.append(f"{where}: URI {uri} is not relative to %SRCROOT%")
        region = location.region
        if not (region.start_line and region.start_line >= 1 and region.start_column and region.start_column >= 1):
            problems.append(f"{where}: region {region}")
    for problem in problems:
        print(f"check-sarif: {problem}", file=sys.stderr)
    print(f"check-sarif: {path}: {len(run.results or [])} results, {len(rules)} rules, "
          f"{'ok' if not problems else 'FAILED'}")
    return 1 if problems else 0


if __name__ == "__main__":
    if len(sys.argv) != 2:
        print(__doc__, file=sys.stderr)
        sys.exit(64)
    sys.exit(main(sys.argv[1]))
