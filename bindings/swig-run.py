#!/usr/bin/env python3
"""Runs SWIG into a fresh output folder: removes the classes of an earlier run first, so a class that is
no longer generated cannot linger and be compiled. Usage: swig-run.py SWIG OUTDIR -- SWIG-ARGS..."""
import os
import shutil
import subprocess
import sys


def main() -> int:
    swig, outdir = sys.argv[1], sys.argv[2]
    if sys.argv[3] != "--":
        print("swig-run.py: expected -- after OUTDIR", file=sys.stderr)
        return 2
    shutil.rmtree(outdir, ignore_errors=True)
    os.makedirs(outdir)
    return subprocess.call([swig, "-outdir", outdir] + sys.argv[4:])


if __name__ == "__main__":
    sys.exit(main())
