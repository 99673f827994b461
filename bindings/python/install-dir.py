#!/usr/bin/env python3
"""Prints where the package goes, relative to the prefix, and the extension module's run path to the libdir.
The folder is DEFAULT (meson's python.get_install_dir()) when this Python searches it, else the first
PREFIX/lib/pythonX.Y/dist-packages (or site-packages) it searches (Debian's python3:
/usr/lib/python3/dist-packages for /usr, /usr/local/lib/python3.X/dist-packages for /usr/local), else DEFAULT.
The run path is $ORIGIN-relative when LIBDIR is under the prefix, so that a staged or moved install finds
libcube.so.2 too.
Usage: install-dir.py PREFIX LIBDIR DEFAULT    Prints two lines: DIR (relative to PREFIX) and RUNPATH."""
import os
import sys


def package_dir(prefix: str, default: str) -> str:
    default = os.path.normpath(os.path.join(prefix, default))
    searched = [os.path.normpath(entry) for entry in sys.path if entry]
    if default in searched:
        return os.path.relpath(default, prefix)
    for entry in searched:
        parts = os.path.relpath(entry, prefix).split(os.sep)
        if len(parts) == 3 and parts[0] == "lib" and parts[1].startswith("python") and \
                parts[2] in ("dist-packages", "site-packages"):
            return os.path.join(*parts)
    return os.path.relpath(default, prefix)


def main() -> int:
    prefix, libdir, default = sys.argv[1], sys.argv[2], sys.argv[3]
    folder = package_dir(os.path.normpath(prefix), default)
    if os.path.isabs(libdir) or folder.startswith(".."):
        runpath = os.path.join(prefix, libdir)
    else:
        runpath = os.path.join("$ORIGIN", os.path.relpath(libdir, os.path.join(folder, "libcube")))
    print(folder)
    print(runpath)
    return 0


if __name__ == "__main__":
    sys.exit(main())
