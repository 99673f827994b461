#!/usr/bin/env python3
"""Checks the code SWIG generated for the Java binding against the pitfalls of
../shared/notes/bindings-and-abi.md (test the generated wrappers, not only the behaviour).

Usage: check-generated.py GENERATED_DIR WRAPPER_CXX LIBCUBE_JAR"""
import os
import re
import sys
import zipfile

# The public API of package org.libcube that SWIG generates; everything else it generates is package-private.
PUBLIC = {
    "PlanAction", "ActionKind", "Face", "Result", "CancelToken", "Cube", "CubeLib", "DeviceInfo", "Driver", "DriverFault",
    "DriverRegistry", "DriverState", "FaultCode", "Metric", "MoveKind", "Moves", "Plan", "PlanFinish",
    "PlanOptions", "PlanStrategy", "Progress", "ProgressEvent", "Robot", "RobotFamily", "RobotSolveOptions",
    "RunOptions", "RunReport", "SolveOptions", "Solver", "Status", "StopLevel", "TablePolicy", "Tables",
    "ColorScheme", "PictureView", "Pictures", "TextColor",
}
PUBLIC |= {"Method", "MethodSolution"}  # cube/method.h
PUBLIC |= {"ColorSpace"}  # cube/scan.h (ColourSpace, its name before 1.3, stays as a deprecated alias)
PUBLIC |= {"OptimalOptions", "OptimalResult"}  # optimal 3x3 solving
PUBLIC |= {"ColourSpace", "Scan", "ScanFrame", "ScanOptions", "ScanResult"}  # cube/scan.h, robot scan plans
PUBLIC |= {"TableSearch", "TableFolderRole", "TableFileState"}  # the table search path's state
# No public class may share a name with java.lang (an import-on-demand of org.libcube would then be ambiguous
# or silently lose to java.lang): the classes of java.lang that a library's names could plausibly take.
JAVA_LANG = {
    "Appendable", "AutoCloseable", "Boolean", "Byte", "Character", "Class", "ClassLoader", "ClassValue",
    "Cloneable", "Comparable", "Compiler", "Deprecated", "Double", "Enum", "Error", "Exception", "Float",
    "FunctionalInterface", "InheritableThreadLocal", "Integer", "Iterable", "Long", "Math", "Module",
    "ModuleLayer", "Number", "Object", "Override", "Package", "Process", "ProcessBuilder", "ProcessHandle",
    "Readable", "Record", "Runnable", "Runtime", "RuntimePermission", "SafeVarargs", "SecurityManager", "Short",
    "StackTraceElement", "StackWalker", "StrictMath", "String", "StringBuffer", "StringBuilder",
    "SuppressWarnings", "System", "Thread", "ThreadGroup", "ThreadLocal", "Throwable", "Void",
}
# The naming scheme (bindings/README.md): plain names, no bean getters. SWIG's getX() of the value snapshots
# stay only as deprecated aliases.
BEAN_GETTER = re.compile(r"^(\s*(?:/\*\*.*\*/\s*)?)((?:@Deprecated\s+)?)public (?:static )?(?:final )?[\w.<>\[\]]+ "
                         r"(get[A-Z]\w*)\(\)", re.M)
# JNI calls that read or write modified UTF-8 (pitfall 5): the wrappers use byte arrays instead.
MODIFIED_UTF8 = re.compile(r"\b(GetStringUTFChars|NewStringUTF|GetStringUTFRegion)\b")


def check_sources(folder: str, problems: list) -> None:
    public = set()
    for name in sorted(os.listdir(folder)):
        text = open(os.path.join(folder, name), encoding="utf-8").read()
        cls = name[: -len(".java")]
        if re.search(r"^public ", text, re.M):
            public.add(cls)
        if "finalize(" in text:
            problems.append(f"{name}: has finalize() (the Cleaner frees unclosed objects)")
        if "swigCleanable" in text:
            if "private static final class Release implements Runnable" not in text:
                problems.append(f"{name}: its Cleaner action is not a static class (it could capture the proxy)")
            if "NativeRelease.register(this, new Release(cPtr))" not in text:
                problems.append(f"{name}: does not register its Cleaner action with the address only")
        if cls in PUBLIC:
            for match in BEAN_GETTER.finditer(text):
                if not match.group(2):
                    problems.append(f"{name}: public {match.group(3)}() is a bean getter (the scheme: plain names)")
        if "BigInteger" in text and cls in PUBLIC:
            problems.append(f"{name}: a size type leaks into the public API as BigInteger (pitfall 6)")
    for cls in sorted(public - PUBLIC):
        problems.append(f"{cls}.java: public, but it is internal (or add it to the API list)")
    for cls in sorted(PUBLIC - public):
        problems.append(f"{cls}.java: missing or not public")
    for cls in sorted((PUBLIC | {"CubeException", "ProgressCallback", "RunCallback"}) & JAVA_LANG):
        problems.append(f"{cls}: shares its name with java.lang.{cls}")


def check_wrapper(path: str, problems: list) -> None:
    text = open(path, encoding="utf-8").read()
    runtime_end = text.find("namespace Swig {")
    for macro in ("SWIG_JAVA_ATTACH_CURRENT_THREAD_AS_DAEMON", "SWIG_JAVA_DETACH_ON_THREAD_END"):
        at = text.find("#define " + macro)
        if at < 0 or (runtime_end >= 0 and at > runtime_end):
            problems.append(f"{os.path.basename(path)}: {macro} is not defined before the director runtime")
    # The wrapper functions: everything after the first exported JNI function.
    found = re.search(r"^SWIGEXPORT \w+ JNICALL Java_", text, re.M)
    first = found.start() if found else -1
    wrappers = text[first:] if found else ""
    if not wrappers:
        problems.append(f"{os.path.basename(path)}: no exported JNI functions")
    for match in MODIFIED_UTF8.finditer(wrappers):
        line = text.count("\n", 0, first + match.start()) + 1
        problems.append(f"{os.path.basename(path)}:{line}: {match.group(1)} (modified UTF-8) in a wrapper")
    for match in re.finditer(r"delete\s*\[\]", wrappers):
        line = text.count("\n", 0, first + match.start()) + 1
        problems.append(f"{os.path.basename(path)}:{line}: delete[] in a wrapper (a wrong newfree typemap?)")


def check_jar(path: str, problems: list) -> None:
    with zipfile.ZipFile(path) as jar:
        manifest = jar.read("META-INF/MANIFEST.MF").decode("utf-8")
        names = set(jar.namelist())
    if "Automatic-Module-Name: org.libcube" not in manifest:
        problems.append(f"{os.path.basename(path)}: the manifest lacks Automatic-Module-Name: org.libcube")
    for cls in sorted(PUBLIC | {"CubeException", "ProgressCallback", "RunCallback"}):
        if f"org/libcube/{cls}.class" not in names:
            problems.append(f"{os.path.basename(path)}: org/libcube/{cls}.class is missing")


def main() -> int:
    if len(sys.argv) != 4:
        print(__doc__, file=sys.stderr)
        return 2
    problems = []
    check_sources(sys.argv[1], problems)
    check_wrapper(sys.argv[2], problems)
    check_jar(sys.argv[3], problems)
    for problem in problems:
        print(problem)
    print(f"{len(problems)} problem(s) in the generated Java binding")
    return 1 if problems else 0


if __name__ == "__main__":
    sys.exit(main())
