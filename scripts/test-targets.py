#!/usr/bin/env python3
"""Prints the ninja targets (output files, relative to the build folder) that the chosen meson tests run,
one per line, so that a sanitizer build compiles what it tests and nothing more.

Usage: test-targets.py BUILD_DIR [--suite S]... [--name N]... [--skip-suite S]... [--skip-name N]...
  --suite / --name choose tests (none given: every test); --skip-suite / --skip-name leave tests out.
  Suites are matched by their last part ("driver" matches "libcube:driver")."""
import argparse
import json
import os
import subprocess
import sys


def introspect(build: str, what: str) -> list:
    out = subprocess.run(["meson", "introspect", build, what], check=True, capture_output=True, text=True)
    return json.loads(out.stdout)


def suites_of(test: dict) -> set:
    return {suite.split(":")[-1] for suite in test["suite"]}


def chosen(test: dict, args: argparse.Namespace) -> bool:
    if test["name"] in args.skip_name or suites_of(test) & set(args.skip_suite):
        return False
    if not args.suite and not args.name:
        return True
    return test["name"] in args.name or bool(suites_of(test) & set(args.suite))


def main() -> int:
    parser = argparse.ArgumentParser()
    parser.add_argument("build")
    parser.add_argument("--suite", action="append", default=[])
    parser.add_argument("--name", action="append", default=[])
    parser.add_argument("--skip-suite", action="append", default=[])
    parser.add_argument("--skip-name", action="append", default=[])
    args = parser.parse_args()
    build = os.path.abspath(args.build)
    files_by_id = {t["id"]: t["filename"] for t in introspect(build, "--targets")}
    targets = set()
    for test in introspect(build, "--tests"):
        if not chosen(test, args):
            continue
        for target_id in test["depends"]:
            for path in files_by_id.get(target_id, []):
                targets.add(os.path.relpath(path, build))
    if not targets:
        print("test-targets: no test chosen", file=sys.stderr)
        return 1
    print("\n".join(sorted(targets)))
    return 0


if __name__ == "__main__":
    sys.exit(main())
