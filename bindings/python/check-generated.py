#!/usr/bin/env python3
"""Checks the code SWIG generated for the Python binding, and the package over it, against the pitfalls of
../shared/notes/bindings-and-abi.md (test the generated wrappers, not only the behaviour):
  - every wrapper that calls the facade has ../libcube.i's exception handler and releases the GIL around the call;
  - the director upcalls (callbacks) take the GIL back;
  - no delete[] frees an object the facade gave out (a wrong newfree typemap);
  - the package's public classes are exactly the Java binding's (PUBLIC of ../java/check-generated.py; Java's
    deprecated classes are module attributes outside __all__, ALIASES), and its methods follow the scheme
    (snake_case, no get_x()).
Usage: check-generated.py WRAPPER_CXX   (with the staged package on PYTHONPATH)"""
import importlib.util
import inspect
import os
import re
import sys
import warnings

# Python-only names: the exception (CubeError, and CubeException as in Java and C#) and the snapshots' types.
PYTHON_ONLY = {"CubeError", "CubeException"}
# The exception of an optimal search that stopped (Java's and C#'s OptimalSearchException is hand-written too).
PYTHON_ONLY |= {"OptimalSearchError", "OptimalSearchException"}
# SWIG's own helpers, which hold no facade call, and the listeners' abstract methods (Python implements them).
SWIG_HELPERS = re.compile(r"^_wrap_(?:IntVector|StringVector|DeviceInfoVector|SwigPyIterator|delete_|disown_|new_"
                          r"(?:IntVector|StringVector|DeviceInfoVector)|ProgressListener_on_progress$|"
                          r"RunListener_on_step$)|_swigregister$|_swiginit$")
# Java's and C#'s deprecated classes that Python keeps as a module attribute outside __all__: the new class itself.
ALIASES = {"ColourSpace": "ColorSpace"}
FUNCTION = re.compile(r"^SWIGINTERN PyObject \*(_wrap_\w+)\(PyObject \*\w*(?:, PyObject \*\w*)*\) \{$", re.M)
CAMEL = re.compile(r"[a-z][A-Z]")


def java_public_classes() -> set:
    here = os.path.dirname(os.path.abspath(__file__))
    path = os.path.join(here, "..", "java", "check-generated.py")
    spec = importlib.util.spec_from_file_location("java_check_generated", path)
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return set(module.PUBLIC)


def functions(cxx: str):
    """(name, body) of every wrapper function."""
    starts = [(match.group(1), match.end()) for match in FUNCTION.finditer(cxx)]
    for index, (name, start) in enumerate(starts):
        end = starts[index + 1][1] if index + 1 < len(starts) else len(cxx)
        yield name, cxx[start:end]


def wrapper_problems(cxx: str) -> list:
    problems = []
    calls = 0
    for name, body in functions(cxx):
        if SWIG_HELPERS.search(name) or "(arg1)->" not in body and "lcb::" not in body.split("try {", 1)[-1]:
            continue
        if "try {" not in body:
            continue  # attribute getters of the snapshots: no facade call
        calls += 1
        if "catch (const lcb::Error &e)" not in body:
            problems.append(f"{name}: calls the facade without libcube.i's exception handler")
        if "SWIG_PYTHON_THREAD_BEGIN_ALLOW" not in body.split("try {", 1)[1]:
            problems.append(f"{name}: calls the facade holding the GIL")
    if calls < 100:
        problems.append(f"only {calls} wrappers found calling the facade: the check no longer reads the wrapper")
    for director in ("SwigDirector_ProgressListener::onProgress", "SwigDirector_RunListener::onStep"):
        start = cxx.find(director + "(")
        body = cxx[start:cxx.find("\n}\n", start)]
        if start < 0 or "SWIG_PYTHON_THREAD_BEGIN_BLOCK" not in body:
            problems.append(f"{director}: does not take the GIL before calling Python")
    for match in re.finditer(r"delete\[\]\s*(\w+)", cxx):
        if match.group(1) not in ("_ptr", "buf"):  # SWIG's own arrays (GCArray_T, a char buffer it made)
            problems.append(f"wrapper: delete[] {match.group(1)} (a wrong newfree typemap?)")
    return problems


def package_problems() -> list:
    # The staged package (PYTHONPATH), not the sources beside this script (sys.path[0]), which lack CubeLib.
    here = os.path.dirname(os.path.abspath(__file__))
    sys.path[:] = [entry for entry in sys.path if os.path.abspath(entry or ".") != here]
    import libcube
    problems = []
    classes = {name for name in libcube.__all__ if inspect.isclass(getattr(libcube, name))}
    classes -= PYTHON_ONLY
    java = java_public_classes()
    for alias, name in ALIASES.items():
        with warnings.catch_warnings():
            warnings.simplefilter("ignore", DeprecationWarning)
            if getattr(libcube, alias, None) is not getattr(libcube, name):
                problems.append(f"libcube.{alias}: not the deprecated alias of libcube.{name}")
    java -= set(ALIASES)
    for name in sorted(classes - java):
        problems.append(f"libcube.{name}: a public class the Java binding does not have")
    for name in sorted(java - classes):
        problems.append(f"libcube.{name}: a public class of the Java binding missing here")
    for name in sorted(classes):
        cls = getattr(libcube, name)
        for attribute, value in vars(cls).items():
            if attribute.startswith("_"):
                continue
            if CAMEL.search(attribute) and not issubclass(cls, int):
                problems.append(f"libcube.{name}.{attribute}: not snake_case")
            if attribute.startswith("get_") and callable(value):
                problems.append(f"libcube.{name}.{attribute}: a getter (the scheme: a property)")
    if not issubclass(libcube.CubeError, ValueError):
        problems.append("libcube.CubeError is not a ValueError")
    return problems


def main() -> int:
    if len(sys.argv) != 2:
        print(__doc__, file=sys.stderr)
        return 2
    with open(sys.argv[1], encoding="utf-8") as source:
        problems = wrapper_problems(source.read()) + package_problems()
    for problem in problems:
        print(problem)
    print(f"check-generated: {len(problems)} problem(s)")
    return 1 if problems else 0


if __name__ == "__main__":
    sys.exit(main())
