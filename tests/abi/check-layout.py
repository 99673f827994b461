#!/usr/bin/env python3
"""ABI layout check: what the frozen 1.0 headers promise must hold in the current headers.

abidiff cannot see enum values behind int32_t returns, and libabigail 2.2's "members appended at
the end" suppression also lets reordered or retyped members of the versioned structs through. So
this check compiles one generated C program twice, against the frozen headers and against the
current ones, and compares what it prints: the offset, size and kind of every member of every
public struct, every enumerator's value, every CUBE_*_SIZE_Vn, and every callback typedef's text.
Each build includes every header of its own folder, so a type may move to another header (the plugin
types of 1.0's driver.h now live in driver_plugin.h).

usage: check-layout.py FROZEN_INCLUDE CURRENT_INCLUDE [EXTRA_INCLUDE...]
Exit 0 when the current headers keep every promise, 1 with the differences otherwise.
"""
import os
import re
import shlex
import subprocess
import sys
import tempfile

KIND = ('_Generic((X), int8_t: "i8", uint8_t: "u8", int16_t: "i16", uint16_t: "u16", int32_t: "i32", '
        'uint32_t: "u32", int64_t: "i64", uint64_t: "u64", double: "f64", float: "f32", default: "other")')


def strip_comments(text):
    text = re.sub(r'/\*.*?\*/', ' ', text, flags=re.S)
    return re.sub(r'//[^\n]*', ' ', text)


def scan(include_dir):
    """Structs with member names, enumerators, size macros and callback typedefs of the headers."""
    structs, enumerators, sizes, callbacks = [], [], [], []
    folder = os.path.join(include_dir, 'cube')
    for name in sorted(os.listdir(folder)):
        if not name.endswith('.h'):
            continue
        text = strip_comments(open(os.path.join(folder, name)).read())
        for m in re.finditer(r'typedef struct (\w+) \{(.*?)\} (\w+);', text, flags=re.S):
            members = []
            for decl in m.group(2).split(';'):
                decl = ' '.join(decl.split())
                if not decl:
                    continue
                fn = re.search(r'\(\s*\*\s*(\w+)\s*\)', decl)
                members.append(fn.group(1) if fn else re.findall(r'(\w+)\s*(?:\[[^\]]*\])?$', decl)[0])
            structs.append((m.group(3), members))
        for m in re.finditer(r'enum \w+ \{(.*?)\};', text, flags=re.S):
            enumerators += re.findall(r'\b(CUBE_[A-Z0-9_]+)\s*(?:=|,|$)', m.group(1))
        sizes += re.findall(r'#define (CUBE_\w+_SIZE_V\d+)\b', text)
        callbacks += [' '.join(c.split()) for c in re.findall(r'typedef [^;{}]*\(\s*\*\s*\w+\s*\)\s*\([^;]*\);', text)]
    return structs, enumerators, sizes, callbacks


def headers(include_dir):
    """Every header of the folder's cube/, as #include lines."""
    folder = os.path.join(include_dir, 'cube')
    return ['#include <cube/%s>' % name for name in sorted(os.listdir(folder)) if name.endswith('.h')]


def program(structs, enumerators, sizes, includes):
    lines = includes + ['#include <stddef.h>', '#include <stdio.h>', 'int main(void) {']
    for struct, members in structs:
        for member in members:
            field = '((%s *)0)->%s' % (struct, member)
            lines.append('    printf("member %s.%s offset %%zu size %%zu kind %%s\\n", offsetof(%s, %s), sizeof %s, %s);'
                         % (struct, member, struct, member, field, KIND.replace('X', field)))
    for e in enumerators:
        lines.append('    printf("enum %s %%lld\\n", (long long)%s);' % (e, e))
    for s in sizes:
        lines.append('    printf("size %s %%lld\\n", (long long)%s);' % (s, s))
    lines += ['    return 0;', '}']
    return '\n'.join(lines) + '\n'


def run(source, includes, work, tag):
    exe = os.path.join(work, tag)
    # $CC and $CUBE_RUN_WRAPPER: the cross compiler and qemu of a cross build (tests/abi/meson.build), so that
    # the layouts are those of the architecture built for (32-bit on i386 and armhf).
    cc = shlex.split(os.environ.get('CC', 'cc'))
    wrapper = shlex.split(os.environ.get('CUBE_RUN_WRAPPER', ''))
    args = cc + ['-std=c11', '-o', exe, source] + ['-I' + d for d in includes]
    built = subprocess.run(args, capture_output=True, text=True)
    if built.returncode != 0:
        return None, built.stderr
    return subprocess.run(wrapper + [exe], capture_output=True, text=True, check=True).stdout.splitlines(), ''


def main():
    frozen, current = sys.argv[1], sys.argv[2:]
    structs, enumerators, sizes, callbacks = scan(frozen)
    with tempfile.TemporaryDirectory() as work:
        sources = {}
        for tag, folder in (('frozen', frozen), ('current', current[0])):
            sources[tag] = os.path.join(work, tag + '.c')
            open(sources[tag], 'w').write(program(structs, enumerators, sizes, headers(folder)))
        old, _ = run(sources['frozen'], [frozen], work, 'frozen')
        new, errors = run(sources['current'], current, work, 'current')
    problems = []
    if new is None:
        problems.append('the current headers lack a member, enumerator or size macro of 1.0:\n' + errors)
    else:
        problems += ['1.0: %s\n  now: %s' % (a, b) for a, b in zip(old, new) if a != b]
    now_callbacks = scan(current[0])[3]
    problems += ['callback type changed or removed: ' + c for c in callbacks if c not in now_callbacks]
    if problems:
        print('ABI layout check FAILED against the frozen 1.0 headers (%s):' % frozen)
        print('\n'.join(problems))
        return 1
    print('ABI layout: %d struct members, %d enumerators, %d size macros, %d callback types as in 1.0'
          % (sum(len(m) for _, m in structs), len(enumerators), len(sizes), len(callbacks)))
    return 0


if __name__ == '__main__':
    sys.exit(main())
