#!/usr/bin/env python3
"""Compiles a C# assembly with mcs from every .cs file SWIG generated plus the given arguments (the list of
generated files is known only after SWIG ran). Usage: mcs-build.py MCS GENERATED_DIR -- MCS-ARGS..."""
import glob
import os
import subprocess
import sys


def main() -> int:
    mcs, generated_dir = sys.argv[1], sys.argv[2]
    if sys.argv[3] != "--":
        print("mcs-build.py: expected -- after GENERATED_DIR", file=sys.stderr)
        return 2
    generated = sorted(glob.glob(os.path.join(generated_dir, "*.cs")))
    if not generated:
        print(f"mcs-build.py: no .cs files in {generated_dir}", file=sys.stderr)
        return 1
    return subprocess.call([mcs] + sys.argv[4:] + generated)


if __name__ == "__main__":
    sys.exit(main())
