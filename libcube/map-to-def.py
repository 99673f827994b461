#!/usr/bin/env python3
"""Writes the Windows module-definition file of libcube from its linker version script: the DLL exports
exactly the names that libcube.map lists (the version nodes have no Windows counterpart).
usage: map-to-def.py LIBCUBE_MAP DLL_NAME OUTPUT_DEF"""
import re
import sys


def exported_names(map_text):
    """The names of the map's global: sections, in order."""
    text = re.sub(r"/\*.*?\*/", "", map_text, flags=re.S)
    names = []
    for line in text.splitlines():
        m = re.fullmatch(r"\s*([A-Za-z_][A-Za-z0-9_]*)\s*;\s*", line)
        if m and m.group(1) not in names:
            names.append(m.group(1))
    return names


def main():
    if len(sys.argv) != 4:
        sys.exit("usage: map-to-def.py LIBCUBE_MAP DLL_NAME OUTPUT_DEF")
    with open(sys.argv[1], encoding="utf-8") as f:
        names = exported_names(f.read())
    if not names:
        sys.exit("map-to-def.py: no exported names in " + sys.argv[1])
    with open(sys.argv[3], "w", encoding="utf-8", newline="\n") as out:
        out.write("; Generated from libcube.map by map-to-def.py: do not edit.\n")
        out.write("LIBRARY " + sys.argv[2] + "\nEXPORTS\n")
        for name in names:
            out.write("    " + name + "\n")


main()
