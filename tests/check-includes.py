#!/usr/bin/env python3
"""Module boundaries: the table in libcube/src/README.md says which module may use which; every quoted
#include in the modules' C and C++ files and every path in their meson.build files must keep to it.

usage: check-includes.py SOURCE_ROOT
"""
import os
import re
import sys

TABLE = 'libcube/src/README.md'
CHECKED = ['libcube', 'tools', 'drivers', 'bindings', 'examples']
SOURCES = ('.c', '.cpp', '.h', '.hpp', '.inc', '.i')
PROGRAMS = ['tools', 'examples']


def read_table(root):
    """{module: (places, allowed)}: places are folders (ending in /) or files, relative to root."""
    modules = {}
    for line in open(os.path.join(root, TABLE)):
        cells = [cell.strip() for cell in line.strip().strip('|').split('|')]
        if len(cells) != 4 or not cells[1].startswith('`'):
            continue
        places = re.findall(r'`([^`]+)`', cells[1])
        allowed = set(name.strip() for name in cells[3].split(',') if name.strip() not in ('', '—'))
        modules[cells[0]] = (places, allowed)
    return modules


class Modules:
    def __init__(self, root):
        self.root = root
        self.table = read_table(root)

    def of(self, path):
        """The module a path (relative to root) belongs to, or None."""
        best, best_len = None, -1
        for name, (places, _) in self.table.items():
            for place in places:
                if place.endswith('/'):
                    if (path + '/').startswith(place) and len(place) > best_len:
                        best, best_len = name, len(place)
                elif path == place:
                    return name
        return best

    def may_use(self, user, used):
        return user == used or used in self.table[user][1]

    def folders(self):
        return [p.rstrip('/') for places, _ in self.table.values() for p in places if p.endswith('/')]


def relative(root, path):
    return os.path.relpath(os.path.normpath(path), root).replace(os.sep, '/')


def resolve_include(root, modules, folder, name):
    """Where a quoted include is found: beside the file, then in the module folders (include paths)."""
    for base in [folder] + [os.path.join(root, f) for f in modules.folders()]:
        candidate = os.path.join(base, name)
        if os.path.isfile(candidate):
            return relative(root, candidate)
    return None


def check_includes(root, modules, path, problems):
    where = relative(root, path)
    user = modules.of(where)
    if user is None:
        return
    folder = os.path.dirname(path)
    for number, line in enumerate(open(path, errors='replace'), 1):
        quoted = re.match(r'\s*#\s*include\s+"([^"]+)"', line)
        angled = re.match(r'\s*#\s*include\s+<(cube/[^>]+)>', line)
        if angled:
            continue  # the public headers: every module may use them
        if not quoted:
            continue
        target = resolve_include(root, modules, folder, quoted.group(1))
        if target is None:
            if user in PROGRAMS:
                problems.append('%s:%d includes "%s": programs use <cube/...> only' % (where, number, quoted.group(1)))
            continue
        used = modules.of(target)
        if used is not None and not modules.may_use(user, used):
            problems.append('%s:%d includes "%s" (%s): module %s may not use %s (%s)'
                            % (where, number, quoted.group(1), target, user, used, TABLE))


def meson_strings(text):
    """(string, is an include_directories() argument) for every string literal outside comments."""
    out = []
    position = 0
    calls = []  # open parentheses: the name of the call each belongs to
    token = re.compile(r"'''(.*?)'''|'((?:\\.|[^'\\])*)'|(#[^\n]*)|(\w+)\s*\(|(\()|(\))", re.S)
    for m in token.finditer(text, position):
        if m.group(3):
            continue
        if m.group(4):
            calls.append(m.group(4))
        elif m.group(5):
            calls.append('')
        elif m.group(6):
            if calls:
                calls.pop()
        else:
            value = m.group(1) if m.group(1) is not None else m.group(2)
            out.append((value, 'include_directories' in calls))
    return out


def check_meson(root, modules, path, problems):
    where = relative(root, path)
    folder = os.path.dirname(path)
    own = modules.of(relative(root, folder))
    for value, is_include in meson_strings(open(path).read()):
        if value.startswith(('$', '@', '-', '/')) or '://' in value or ' ' in value:
            continue
        steps_up = '..' in value.split('/')
        if not (steps_up or is_include or '/' in value):
            continue
        target = relative(root, os.path.join(folder, value))
        if not (steps_up or is_include or os.path.exists(os.path.join(root, target))):
            continue
        if own is None:
            if steps_up and not (target + '/').startswith(relative(root, folder) + '/'):
                problems.append("%s names '%s' (%s), above its own folder" % (where, value, target))
            continue
        used = modules.of(target)
        if used != own:
            problems.append("%s names '%s' (%s): a meson.build of module %s names paths of %s; hand it over "
                            "as a meson object (%s)" % (where, value, target, own, used or 'no module', TABLE))


def main():
    root = os.path.abspath(sys.argv[1])
    modules = Modules(root)
    problems = []
    for top in CHECKED:
        for folder, dirs, files in os.walk(os.path.join(root, top)):
            dirs.sort()
            for name in sorted(files):
                path = os.path.join(folder, name)
                if name.endswith(SOURCES):
                    check_includes(root, modules, path, problems)
                elif name == 'meson.build':
                    check_meson(root, modules, path, problems)
    if problems:
        print('module boundaries broken:\n' + '\n'.join(problems))
        return 1
    print('module boundaries: every include and meson path keeps to %s' % TABLE)
    return 0


if __name__ == '__main__':
    sys.exit(main())
