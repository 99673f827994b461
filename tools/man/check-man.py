#!/usr/bin/env python3
"""Checks the manual pages gen-man.py wrote against the --help text of the cube program.

usage: check-man.py CUBE MANDIR [--not-built COMMAND]...

- every command `cube --help` lists has its page cube-COMMAND.1 (except those not built), and cube.1 exists;
- each page, as `man -l` shows it (or, without man, its roff with the requests taken out), holds every
  option its --help names and every word of that help;
- groff -ww (when installed) formats it without a warning, and lexgrog (when installed) reads its NAME line.
"""
import os
import re
import shutil
import subprocess
import sys

TIMEOUT_S = 30
MAX_BYTES = 4 << 20
OPTION = re.compile(r"(?<![\w-])--[A-Za-z0-9][\w-]*")


def run(args, env=None):
    """(exit status, stdout, stderr) of a program, within TIMEOUT_S; output beyond MAX_BYTES is an error."""
    done = subprocess.run(args, stdout=subprocess.PIPE, stderr=subprocess.PIPE, stdin=subprocess.DEVNULL,
                          timeout=TIMEOUT_S, env=env, check=False)
    if len(done.stdout) > MAX_BYTES or len(done.stderr) > MAX_BYTES:
        sys.exit(f"check-man.py: '{' '.join(args)}' printed more than {MAX_BYTES} bytes")
    return done.returncode, done.stdout.decode("utf-8", "replace"), done.stderr.decode("utf-8", "replace")


def listed_commands(overview):
    """The commands of the "Commands:" list of `cube --help`."""
    commands = []
    in_list = False
    for line in overview.splitlines():
        if line.strip() == "Commands:":
            in_list = True
        elif in_list and re.match(r"^  \S", line):
            commands.append(line.split()[0])
        elif in_list:
            break
    return commands


def words(text):
    """The words of a text, split at blanks and after commas (where a page may break a long word), without
    a closing colon (a page writes the term "--json:" of --help as the entry --json)."""
    return set(w.rstrip(":") for w in re.split(r"[\s,]+", text) if w.rstrip(":"))


def roff_text(path):
    """The text of a page without man: requests dropped, escapes undone."""
    with open(path, encoding="utf-8") as f:
        source = f.read(MAX_BYTES)
    lines = []
    for line in source.splitlines():
        if line.startswith("."):
            if line.startswith((".SH ", ".SS ")):
                lines.append(line[4:])
            continue
        lines.append(line)
    text = "\n".join(lines)
    text = re.sub(r"\\f[BIRP]", "", text)
    text = text.replace("\\-", "-").replace("\\&", "").replace("\\:", "").replace("\\e", "\\")
    return text


def shown_text(path):
    """The page as man shows it on an 80-column terminal, in plain ASCII; its roff text without man."""
    if shutil.which("man"):
        env = dict(os.environ, LC_ALL="C", MANWIDTH="80", MANPAGER="cat", PAGER="cat")
        env.pop("MAN_KEEP_FORMATTING", None)
        status, out, _ = run(["man", "-l", path], env)
        if status == 0 and "NAME" in out:
            return re.sub(r".\x08", "", out)
    return roff_text(path)


def lint(path, name):
    """What groff -ww and lexgrog say is wrong with a page (nothing when neither is installed)."""
    problems = []
    if shutil.which("groff"):
        _, _, err = run(["groff", "-man", "-ww", "-z", "-Tascii", path])
        problems += [f"groff: {line}" for line in err.splitlines()]
    if shutil.which("lexgrog"):
        status, out, _ = run(["lexgrog", path])
        if status != 0 or f'"{name} - ' not in out:
            problems.append(f"lexgrog cannot read its NAME line: {out.strip()}")
    return problems


def check_page(cube, mandir, command):
    """The problems of one page (command None: cube.1)."""
    name = "cube-" + command if command else "cube"
    path = os.path.join(mandir, name + ".1")
    if not os.path.isfile(path):
        return [f"{name}.1: missing"]
    status, help_text, err = run([cube] + ([command] if command else []) + ["--help"])
    if status != 0:
        return [f"{name}.1: 'cube {command or ''} --help' exited {status}: {err.strip()}"]
    shown = shown_text(path)
    page_words = words(shown)
    page_options = set(OPTION.findall(shown))
    problems = []
    for option in sorted(set(OPTION.findall(help_text))):
        if option not in page_options:
            problems.append(f"{name}.1: option {option} of --help is not in the page")
    body = help_text.split("\n", 1)[1] if help_text.startswith("usage: ") else help_text
    missing = sorted(words(body) - page_words)
    if missing:
        problems.append(f"{name}.1: words of --help not in the page: {' '.join(missing[:20])}")
    problems += [f"{name}.1: {p}" for p in lint(path, name)]
    return problems


def main():
    args = sys.argv[1:]
    if len(args) < 2:
        sys.exit(__doc__.split("\n\n")[1])
    cube, mandir = args[:2]
    not_built = set()
    rest = args[2:]
    while len(rest) >= 2 and rest[0] == "--not-built":
        not_built.add(rest[1])
        rest = rest[2:]
    status, overview, _ = run([cube, "--help"])
    commands = listed_commands(overview)
    if status != 0 or not commands:
        sys.exit("check-man.py: 'cube --help' lists no commands")
    problems = check_page(cube, mandir, None)
    pages = 1
    for command in commands:
        if command in not_built:
            print(f"man: cube-{command}.1 left out: 'cube {command}' is not built")
            continue
        problems += check_page(cube, mandir, command)
        pages += 1
    for problem in problems:
        print("WRONG: " + problem)
    tools = [t for t in ("man", "groff", "lexgrog") if shutil.which(t)]
    print(f"man: {pages} pages checked against --help ({', '.join(tools) or 'roff text only'}); "
          f"{len(problems)} problems")
    sys.exit(1 if problems else 0)


if __name__ == "__main__":
    main()
