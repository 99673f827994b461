#!/usr/bin/env python3
"""Folder boundaries: no top-level folder includes another one's private headers by a relative path
(as tables/ and libcube/ once did to each other), and the programs (tools/, examples/) include
libcube only through its public headers <cube/...>.

usage: check-includes.py SOURCE_ROOT
"""
import os
import re
import sys

FOLDERS = ['libcube', 'tools', 'examples', 'drivers']
PUBLIC_ONLY = ['tools', 'examples']


def main():
    root = sys.argv[1]
    problems = []
    for top in FOLDERS:
        for folder, _, files in os.walk(os.path.join(root, top)):
            for name in files:
                if not name.endswith(('.c', '.cpp', '.h', '.hpp')):
                    continue
                path = os.path.join(folder, name)
                for number, line in enumerate(open(path, errors='replace'), 1):
                    m = re.match(r'\s*#\s*include\s+"([^"]+)"', line)
                    if not m:
                        continue
                    target = os.path.normpath(os.path.join(folder, m.group(1)))
                    where = os.path.relpath(path, root) + ':%d' % number
                    if '..' in m.group(1).split('/') and os.path.relpath(target, root).split(os.sep)[0] != top:
                        problems.append('%s includes "%s", outside %s/' % (where, m.group(1), top))
                    if top in PUBLIC_ONLY and not os.path.exists(target):
                        problems.append('%s includes "%s": programs use <cube/...> only' % (where, m.group(1)))
    if problems:
        print('include boundaries broken:\n' + '\n'.join(problems))
        return 1
    print('include boundaries: no folder reaches into another one\'s private headers')
    return 0


if __name__ == '__main__':
    sys.exit(main())
