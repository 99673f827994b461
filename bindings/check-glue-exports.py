#!/usr/bin/env python3
"""Checks a glue DLL's export table against the native functions the generated code calls: for C#, the
EntryPoint of every DllImport("cubecs") of the generated classes; for Java, every `native` method of the
generated JNI class, under its JNI name (Java_<package>_<class>_<method>, mangled as the JNI specification
says). A name called but not exported fails at the call (EntryPointNotFoundException, UnsatisfiedLinkError);
a name exported but never called means the code and the DLL come from different SWIG runs.
Usage: check-glue-exports.py OBJDUMP csharp|java GENERATED_DIR DLL"""
import glob
import os
import re
import subprocess
import sys

DLLIMPORT = re.compile(r'DllImport\("cubecs", EntryPoint="(\w+)"\)')
NATIVE = re.compile(r"\bnative\s+[\w.<>\[\]]+\s+(\w+)\s*\(")
PACKAGE = re.compile(r"^package\s+([\w.]+)\s*;", re.MULTILINE)


def jni_mangle(name: str) -> str:
    """A class or method name as it appears in a JNI function name."""
    out = []
    for ch in name:
        if ch.isascii() and ch.isalnum():
            out.append(ch)
        elif ch in "./":
            out.append("_")
        elif ch == "_":
            out.append("_1")
        elif ch == ";":
            out.append("_2")
        elif ch == "[":
            out.append("_3")
        else:
            out.append("_0%04x" % ord(ch))
    return "".join(out)


def csharp_calls(generated: str) -> set:
    names = set()
    for path in glob.glob(os.path.join(generated, "*.cs")):
        names.update(DLLIMPORT.findall(open(path, encoding="utf-8").read()))
    return names


def java_calls(generated: str) -> set:
    names = set()
    for path in glob.glob(os.path.join(generated, "**", "*.java"), recursive=True):
        text = open(path, encoding="utf-8").read()
        methods = NATIVE.findall(text)
        if not methods:
            continue
        package = PACKAGE.search(text)
        cls = os.path.splitext(os.path.basename(path))[0]
        qualified = (package.group(1) + "." if package else "") + cls
        names.update("Java_" + jni_mangle(qualified) + "_" + jni_mangle(m) for m in methods)
    return names


def exports(objdump: str, dll: str) -> set:
    headers = subprocess.run([objdump, "-p", dll], check=True, capture_output=True, text=True).stdout
    table = headers.split("[Ordinal/Name Pointer] Table", 1)
    if len(table) < 2:
        return set()
    names = set()
    for line in table[1].splitlines()[1:]:
        match = re.match(r"\s*\[\s*\d+\]\s+(\w+)$", line)
        if not match:
            break
        names.add(match.group(1))
    return names


def main() -> int:
    if len(sys.argv) != 5 or sys.argv[2] not in ("csharp", "java"):
        print(__doc__.strip().splitlines()[-1], file=sys.stderr)
        return 2
    objdump, language, generated, dll = sys.argv[1:]
    called = csharp_calls(generated) if language == "csharp" else java_calls(generated)
    exported = exports(objdump, dll)
    if not called:
        print(f"{generated}: no native calls found in the generated {language} code")
        return 1
    if not exported:
        print(f"{dll}: no export table found by {objdump} -p")
        return 1
    missing = sorted(called - exported)
    extra = sorted(exported - called)
    for name in missing:
        print(f"called by the generated {language} code but not exported by {dll}: {name}")
    for name in extra:
        print(f"exported by {dll} but not called by the generated {language} code: {name}")
    if missing or extra:
        return 1
    print(f"{len(exported)} exports of {os.path.basename(dll)} match the {len(called)} native calls of the generated {language} code")
    return 0


if __name__ == "__main__":
    sys.exit(main())
