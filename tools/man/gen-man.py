#!/usr/bin/env python3
"""Writes the manual pages cube.1 and cube-COMMAND.1 from the help text the built `cube` prints.

usage: gen-man.py CUBE VERSION OUTDIR COMMAND...

Runs `CUBE --help` and `CUBE COMMAND --help` and turns each text into roff: NAME (the summary of the
command in `cube --help`), SYNOPSIS (the "usage:" lines), DESCRIPTION (the prose and the non-option
entries), OPTIONS (the entries whose term is an option: "  --flag ARG  text" lines and paragraphs that
begin "--flag ARG: text"), SEE ALSO (cube(1) and the other pages). The pages carry the project version and,
when SOURCE_DATE_EPOCH is set (as in Debian package builds), that date; never the clock's, so that a
build is reproducible. The text comes only from --help, so the pages and --help cannot disagree.
"""
import datetime
import os
import re
import subprocess
import sys

HELP_TIMEOUT_S = 30
HELP_MAX_BYTES = 1 << 20
PROGRAM_SUMMARY = "solve 2x2 and 3x3 Rubik's cubes and drive cube-solving robots"

# "  TERM  text": an entry of a list (an option, a subcommand); TERM holds single spaces only.
ENTRY = re.compile(r"^  (\S(?:.*?\S)?)(?: {2,}(\S.*))?$")
# "--flag ARG: text" at the start of a paragraph: an option described in prose (at most two argument words).
PROSE_OPTION = re.compile(r"^(--?[A-Za-z][\w-]*(?:[ =][^\s:]+){0,2}): (\S.*)$")
# The end of a line that ends a sentence (not "e.g."): the next line begins a paragraph.
SENTENCE_END = re.compile(r"(?<!e\.g)(?<!i\.e)[.!?][\"')\]]*$")
# Longer words get break points after their commas (no line is wider than the page).
LONG_WORD = 30
OPTION_WORD = re.compile(r"--?[A-Za-z0-9][\w-]*")


def run_help(cube, args):
    """The text `cube ARGS` prints on stdout; fails unless it exits 0 in time with at most 1 MiB."""
    done = subprocess.run([cube] + args, stdout=subprocess.PIPE, stdin=subprocess.DEVNULL,
                          timeout=HELP_TIMEOUT_S, check=False)
    if done.returncode != 0:
        sys.exit(f"gen-man.py: '{' '.join([cube] + args)}' exited {done.returncode}")
    if len(done.stdout) > HELP_MAX_BYTES:
        sys.exit(f"gen-man.py: '{' '.join([cube] + args)}' printed more than {HELP_MAX_BYTES} bytes")
    return done.stdout.decode("utf-8")


def escape(text):
    """Roff text: backslashes and hyphens escaped (a hyphen is a minus: options stay unbroken)."""
    return text.replace("\\", "\\e").replace("-", "\\-")


def breakable(text):
    """Escaped text in which a long word (a JSON schema) may break after its commas (\\: marks a break)."""
    words = re.split(r"( +)", text)
    return "".join(escape(w).replace(",", ",\\:") if len(w) > LONG_WORD else escape(w) for w in words)


def text_line(text):
    """One line of running text; a leading . or ' would make it a request, so it is guarded."""
    line = breakable(text)
    if line.endswith(("e.g.", "i.e.")):
        line += "\\&"  # not a sentence's end: no wider space after it
    if line.startswith((".", "'")):
        line = "\\&" + line
    return line


def bold_options(text):
    """Escaped text with its option words (--flag, -v) in bold."""
    out = []
    at = 0
    for m in OPTION_WORD.finditer(text):
        if m.start() > 0 and not re.match(r"[\s\[|(]", text[m.start() - 1]):
            continue
        out.append(escape(text[at:m.start()]))
        out.append("\\fB" + escape(m.group(0)) + "\\fR")
        at = m.end()
    out.append(escape(text[at:]))
    line = "".join(out)
    if line.startswith((".", "'")):
        line = "\\&" + line
    return line


def split_usage(lines):
    """The synopsis entries (each "cube ..." with its continuation lines joined) and the lines after them."""
    if not lines or not lines[0].startswith("usage: "):
        sys.exit("gen-man.py: a help text does not begin with 'usage: '")
    entries = [lines[0][len("usage: "):].strip()]
    rest = 1
    while rest < len(lines) and lines[rest].startswith(" ") and lines[rest].strip():
        line = lines[rest].strip()
        if line.startswith("cube "):
            entries.append(line)
        else:
            entries[-1] += " " + line
        rest += 1
    return entries, lines[rest:]


def parse_body(lines):
    """Blocks of the text after the usage: ("para", [lines]), ("entry", term, [lines]), ("heading", text)."""
    blocks = []
    for raw in lines:
        line = raw.rstrip()
        stripped = line.strip()
        last = blocks[-1] if blocks else None
        if not stripped:
            blocks.append(("break",))
            continue
        entry = ENTRY.match(line)
        if entry:
            blocks.append(("entry", entry.group(1), [entry.group(2)] if entry.group(2) else []))
            continue
        if line.startswith("   ") and last and last[0] == "entry":
            last[2].append(stripped)
            continue
        if re.fullmatch(r"[A-Z][\w ]{0,30}:", stripped):
            blocks.append(("heading", stripped[:-1]))
            continue
        continues = last and last[0] in ("para", "prose-entry") and not SENTENCE_END.search(last[-1][-1])
        if continues:
            last[-1].append(stripped)
            continue
        prose = PROSE_OPTION.match(stripped)
        if prose:
            blocks.append(("prose-entry", prose.group(1), [prose.group(2)]))
        else:
            blocks.append(("para", [stripped]))
    return blocks


def entry_roff(term, lines):
    """A .TP entry: the term (options in bold), then its text."""
    out = [".TP", bold_options(term)]
    out += [text_line(line) for line in lines]
    return out


def page(name, summary, version, date, help_text, see_also):
    """The roff source of one page."""
    synopsis, body = split_usage(help_text.splitlines())
    description = []
    options = []
    for block in parse_body(body):
        kind = block[0]
        if kind in ("entry", "prose-entry") and block[1].startswith("-"):
            options += entry_roff(block[1], block[2])
        elif kind in ("entry", "prose-entry"):
            description += entry_roff(block[1], block[2])
        elif kind == "heading":
            description += [".SS " + escape(block[1])]
        elif kind == "para":
            description += [".PP"] + [text_line(line) for line in block[1]]
    title = name.upper()
    command = name.replace("-", " ", 1)
    out = [
        f'.\\" Generated by tools/man/gen-man.py from the output of `{command} --help`; '
        "do not edit.",
        f'.TH {escape(title)} 1 "{date}" "libcube {escape(version)}" "libcube manual"',
        ".nh",
        ".ad l",
        ".SH NAME",
        f"{escape(name)} \\- {escape(summary)}",
        ".SH SYNOPSIS",
    ]
    for i, entry in enumerate(synopsis):
        if i:
            out.append(".br")
        if entry.startswith(command + " ") or entry == command:
            entry_rest = entry[len(command):]
            out.append("\\fB" + escape(command) + "\\fR" + bold_options(entry_rest))
        else:
            out.append(bold_options(entry))
    if description:
        out += [".SH DESCRIPTION"] + description
    if options:
        out += [".SH OPTIONS"] + options
    out += [".SH SEE ALSO", ",\n".join(f"\\fB{escape(other)}\\fR(1)" for other in see_also)]
    return "\n".join(out) + "\n"


def command_summaries(overview):
    """{command: summary} from the "Commands:" list of `cube --help`."""
    summaries = {}
    in_list = False
    for line in overview.splitlines():
        if line.strip() == "Commands:":
            in_list = True
            continue
        entry = ENTRY.match(line)
        if in_list and entry and entry.group(2):
            summaries[entry.group(1)] = entry.group(2)
        elif in_list:
            in_list = bool(entry)
    return summaries


def page_date():
    """SOURCE_DATE_EPOCH as a date (UTC), or none: never the build's clock."""
    epoch = os.environ.get("SOURCE_DATE_EPOCH", "")
    if not epoch.isdigit():
        return ""
    return datetime.datetime.fromtimestamp(int(epoch), datetime.timezone.utc).strftime("%Y-%m-%d")


def write(path, text):
    with open(path, "w", encoding="utf-8") as f:
        f.write(text)


def main():
    if len(sys.argv) < 4:
        sys.exit(__doc__.split("\n\n")[1])
    cube, version, outdir = sys.argv[1:4]
    commands = sys.argv[4:]
    date = page_date()
    overview = run_help(cube, ["--help"])
    summaries = command_summaries(overview)
    pages = ["cube"] + ["cube-" + c for c in commands]
    write(os.path.join(outdir, "cube.1"),
          page("cube", PROGRAM_SUMMARY, version, date, overview, pages[1:]))
    for command in commands:
        if command not in summaries:
            sys.exit(f"gen-man.py: 'cube --help' lists no command '{command}'")
        name = "cube-" + command
        others = [p for p in pages if p != name]
        text = run_help(cube, [command, "--help"])
        write(os.path.join(outdir, name + ".1"), page(name, summaries[command], version, date, text, others))


if __name__ == "__main__":
    main()
