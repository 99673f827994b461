#!/usr/bin/env python3
"""Lists the largest functions of the C, C++, Java, C# and Python sources below the given folders, by lines
(first to last line of the definition, as Universal Ctags reads them) with their parameter count: where a
maintainer looks first for a function to split or a parameter list to turn into a struct.

Usage: largest-functions.py [--most N] FOLDER...   (default the ten largest; needs universal-ctags)
Prints "LINES PARAMS FILE:LINE NAME" per function, largest first."""
import argparse
import json
import subprocess
import sys

KINDS = ["--kinds-C=f", "--kinds-C++=f", "--kinds-Java=m", "--kinds-C#=m", "--kinds-Python=fm"]


def parameters(signature: str) -> int:
    """The parameters of "(int a, std::pair<int, int> b)": top-level commas, none for "()" or "(void)"."""
    inner = signature.strip()[1:-1].strip()
    if inner in ("", "void"):
        return 0
    depth = 0
    count = 1
    for c in inner:
        if c in "(<[{":
            depth += 1
        elif c in ")>]}":
            depth -= 1
        elif c == "," and depth == 0:
            count += 1
    return count


def main() -> int:
    parser = argparse.ArgumentParser()
    parser.add_argument("--most", type=int, default=10)
    parser.add_argument("folders", nargs="+")
    args = parser.parse_args()
    try:
        out = subprocess.run(["ctags", "-R", "--languages=C,C++,Java,C#,Python", "--output-format=json", "--fields=+neS", *KINDS, "-f", "-",
                              *args.folders], check=True, capture_output=True, text=True).stdout
    except (OSError, subprocess.CalledProcessError) as e:
        print(f"largest-functions: ctags failed ({e}); install universal-ctags", file=sys.stderr)
        return 1
    found = []
    for line in out.splitlines():
        tag = json.loads(line)
        if tag.get("_type") != "tag" or "end" not in tag:
            continue
        lines = tag["end"] - tag["line"] + 1
        found.append((lines, parameters(tag.get("signature", "()")), f'{tag["path"]}:{tag["line"]}', tag["name"]))
    found.sort(key=lambda f: (-f[0], f[2]))
    for lines, params, where, name in found[:args.most]:
        print(f"{lines:5d} {params:3d} {where} {name}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
