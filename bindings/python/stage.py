#!/usr/bin/env python3
"""Links the package's files into one folder, as it is installed (links: an edited .py file needs no rebuild).
Usage: stage.py DIR STAMP FILE..."""
import os
import shutil
import sys


def main() -> int:
    folder, stamp = sys.argv[1], sys.argv[2]
    shutil.rmtree(folder, ignore_errors=True)
    os.makedirs(folder)
    for path in sys.argv[3:]:
        os.symlink(os.path.abspath(path), os.path.join(folder, os.path.basename(path)))
    with open(stamp, "w", encoding="utf-8") as out:
        out.write("staged\n")
    return 0


if __name__ == "__main__":
    sys.exit(main())
