#!/usr/bin/env python3
"""Compiles Java sources with javac and packs the classes into a jar (meson's jar() cannot take the
sources SWIG generates, whose names are known only after it ran).

Usage: build-jar.py --javac JAVAC --jar JAR --release N --output OUT.jar --work DIR
                    [--classpath CP] [--manifest FILE] [--main-class NAME] [--source-dir DIR]... -- SOURCES...
Every .java file under each --source-dir is compiled along with SOURCES. DIR is emptied first."""
import argparse
import os
import shutil
import subprocess
import sys


def java_files(folder: str) -> list:
    found = []
    for root, _, names in os.walk(folder):
        found += [os.path.join(root, name) for name in names if name.endswith(".java")]
    return sorted(found)


def main() -> int:
    parser = argparse.ArgumentParser()
    parser.add_argument("--javac", required=True)
    parser.add_argument("--jar", required=True)
    parser.add_argument("--release", required=True)
    parser.add_argument("--output", required=True)
    parser.add_argument("--work", required=True)
    parser.add_argument("--classpath")
    parser.add_argument("--manifest")
    parser.add_argument("--main-class")
    parser.add_argument("--source-dir", action="append", default=[])
    parser.add_argument("sources", nargs="*")
    args = parser.parse_args()

    sources = list(args.sources)
    for folder in args.source_dir:
        sources += java_files(folder)
    classes = os.path.join(args.work, "classes")
    shutil.rmtree(classes, ignore_errors=True)
    os.makedirs(classes)

    javac = [args.javac, "--release", args.release, "-Xlint:all", "-encoding", "UTF-8", "-d", classes]
    if args.classpath:
        javac += ["--class-path", args.classpath]
    if subprocess.call(javac + sources) != 0:
        return 1

    jar = [args.jar, "--create", "--file", args.output]
    if args.manifest:
        jar += ["--manifest", args.manifest]
    if args.main_class:
        jar += ["--main-class", args.main_class]
    return subprocess.call(jar + ["-C", classes, "."])


if __name__ == "__main__":
    sys.exit(main())
