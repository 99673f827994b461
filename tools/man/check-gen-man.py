#!/usr/bin/env python3
"""Checks that gen-man.py keeps roff's special characters as text: a fake cube prints a help whose lines
begin with '.' and "'" and hold backslashes; each page must show those lines unchanged, with no groff warning.

usage: check-gen-man.py GEN_MAN_PY
"""
import os
import stat
import subprocess
import sys
import tempfile

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
check_man = __import__("check-man")

OVERVIEW = """usage: cube [options] COMMAND [options]

Commands:
  odd        a command with a difficult help

Options go before or after the command.
"""
ODD_HELP = r"""usage: cube odd [--flag]
A line ending with e.g.
.TH NOT A REQUEST
'br not a request either
a path C:\dir\file and a \fB font escape as text
  --flag     the flag's text
             .continued with a dot
"""
SHOULD_SHOW = [".TH NOT A REQUEST", "'br not a request either", r"a path C:\dir\file and a \fB font escape as text",
               ".continued with a dot", "--flag"]


def main():
    gen_man = sys.argv[1]
    with tempfile.TemporaryDirectory() as tmp:
        cube = os.path.join(tmp, "cube")
        with open(os.path.join(tmp, "overview.txt"), "w", encoding="utf-8") as f:
            f.write(OVERVIEW)
        with open(os.path.join(tmp, "odd.txt"), "w", encoding="utf-8") as f:
            f.write(ODD_HELP)
        with open(cube, "w", encoding="utf-8") as f:
            f.write(f'#!/bin/sh\nif [ "$1" = odd ]; then cat "{tmp}/odd.txt"; else cat "{tmp}/overview.txt"; fi\n')
        os.chmod(cube, stat.S_IRWXU)
        subprocess.run([sys.executable, gen_man, cube, "9.9.9", tmp, "odd"], check=True, timeout=60)
        page = os.path.join(tmp, "cube-odd.1")
        shown = " ".join(check_man.shown_text(page).split())
        problems = [f"not shown as text: {line}" for line in SHOULD_SHOW if " ".join(line.split()) not in shown]
        problems += check_man.lint(page, "cube-odd")
    for problem in problems:
        print("WRONG: " + problem)
    print(f"gen-man: roff specials kept as text; {len(problems)} problems")
    sys.exit(1 if problems else 0)


if __name__ == "__main__":
    main()
