#!/usr/bin/env python3
"""Checks the code SWIG generated for the C# binding against the pitfalls of
../shared/notes/bindings-and-abi.md, which behaviour tests can miss:
  - every C++ wrapper calling the facade (not only reading a struct field) has the %exception handler,
    so no C++ exception reaches C#;
  - every P/Invoke call of a proxy is followed by the pending-exception check (no exception is lost,
    or raised later by an unrelated call);
  - no size_t-like unsigned type in the public API; no delete[] in the glue;
  - objects the glue returns are owned by their proxy, except the internal vectors' element references;
  - the DllImport name is the one LibCube.dll.config maps;
  - the naming scheme (bindings/README.md): a public query without arguments named Get*/Is*/Has* is a property,
    not a method; no public type shares its name with a type of namespace System (CS0104 for a program that
    says `using System; using LibCube;`);
  - the public generated types are exactly the Java binding's (PUBLIC of ../java/check-generated.py): one class
    list for both languages.
Usage: check-generated.py GENERATED_DIR WRAPPER_CXX DLL_CONFIG"""
import glob
import importlib.util
import os
import re
import sys


def java_public_classes() -> set:
    """The Java binding's list of public generated classes, kept in one place."""
    path = os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "java", "check-generated.py")
    spec = importlib.util.spec_from_file_location("java_check_generated", path)
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module.PUBLIC

# Wrappers without a call that can throw: release, director and upcast plumbing, callback registration.
NO_THROW_WRAPPER = re.compile(r"CSharp_LibCube_(delete_\w+|\w+_director_connect|\w+SWIGUpcast)\b|"
                              r"SWIGRegister\w+|LcbRegisterCallbacks")
# A wrapper that only reads a struct field: "result = ... ((arg1)->stage);".
FIELD_READ = re.compile(r"result = [^;]*\(\(arg1\)->\w+\);")
# A public method that should be a property: "public bool IsSolved()", "public int GetSize()".
GETTER_METHOD = re.compile(r"^\s*public (?:static )?(?:override )?[\w.<>\[\]]+ ((?:Get|Is|Has)[A-Z]\w*)\(\)")
# The types of namespace System a library's names could plausibly take (System.Action was one).
SYSTEM_TYPES = {
    "Action", "Activator", "AppDomain", "Array", "Attribute", "Buffer", "Console", "Convert", "DateTime", "Delegate",
    "Enum", "Environment", "Exception", "Func", "GC", "Guid", "Lazy", "Math", "Nullable", "Object", "Predicate",
    "Random", "Range", "String", "TimeSpan", "Tuple", "Type", "Uri", "ValueTuple", "Version", "WeakReference",
}
NO_CHECK_CALL = re.compile(r"CubeLibPINVOKE\.(delete_\w+|\w+_director_connect|\w+SWIGUpcast)\(")


def wrapper_problems(cxx: str) -> list:
    problems = []
    text = open(cxx, encoding="utf-8").read()
    if "delete[]" in text:
        problems.append(f"{cxx}: delete[] in the glue (a wrong newfree typemap?)")
    # Each exported function runs to the next SWIGEXPORT (or the end).
    parts = re.split(r"\n(?=SWIGEXPORT )", text)
    for part in parts[1:]:
        header = part.split("{", 1)[0]
        if NO_THROW_WRAPPER.search(header) or FIELD_READ.search(part):
            continue
        if "catch (const lcb::Error &e)" not in part:
            name = re.search(r"(\w+)\s*\(", header)
            problems.append(f"{cxx}: {name.group(1) if name else header.strip()} lacks the %exception handler")
    return problems


def proxy_problems(generated_dir: str) -> list:
    problems = []
    public_types = set()
    for path in sorted(glob.glob(os.path.join(generated_dir, "*.cs"))):
        name = os.path.basename(path)
        lines = open(path, encoding="utf-8").read().splitlines()
        if name == "CubeLibPINVOKE.cs":
            for line in lines:
                if "DllImport(" in line and 'DllImport("cubecs"' not in line:
                    problems.append(f"{name}: DllImport of another library: {line.strip()}")
            continue
        declared = [re.match(r"public (?:partial )?(?:class|enum) (\w+)", line) for line in lines]
        public_class = any(declared)
        for match in filter(None, declared):
            public_types.add(match.group(1))
            if match.group(1) in SYSTEM_TYPES:
                problems.append(f"{name}: public type {match.group(1)} shares its name with System.{match.group(1)}")
        for i, line in enumerate(lines):
            if "CubeLibPINVOKE." in line and "SWIGPendingException" not in line and not NO_CHECK_CALL.search(line):
                # A constructor with a `pre` check calls the glue in a SwigConstruct helper; the constructor
                # right after it checks.
                reach = 7 if re.match(r"\s*return CubeLibPINVOKE\.new_", line) else 4
                following = lines[i + 1:i + reach]
                if not any("SWIGPendingException.Pending" in later for later in following):
                    problems.append(f"{name}:{i + 1}: no pending-exception check after: {line.strip()}")
            getter = GETTER_METHOD.match(line)
            if public_class and getter and getter.group(1) != "GetHashCode":
                problems.append(f"{name}:{i + 1}: {getter.group(1)}() is a method, the scheme makes it a property")
            if public_class and re.match(r"\s*public\b", line) and re.search(r"\b(uint|ulong|UIntPtr)\b", line):
                problems.append(f"{name}:{i + 1}: unsigned size type in the public API: {line.strip()}")
            if re.search(r"\(cPtr, false\)|\), false\)", line) and not name.endswith("Vector.cs"):
                problems.append(f"{name}:{i + 1}: a returned object the proxy does not own: {line.strip()}")
    java = java_public_classes()
    for missing in sorted(java - public_types):
        problems.append(f"{missing}: public in Java, missing or not public in C# (one class list for both)")
    for extra in sorted(public_types - java):
        problems.append(f"{extra}.cs: public in C# but not in Java's list (one class list for both)")
    return problems


def config_problems(config: str) -> list:
    text = open(config, encoding="utf-8").read()
    if not re.search(r'<dllmap\s+dll="cubecs"\s+target="libcubecs\.so"\s*/>', text):
        return [f"{config}: no dllmap of cubecs to libcubecs.so"]
    return []


def main() -> int:
    if len(sys.argv) != 4:
        print(__doc__.rsplit("Usage: ", 1)[1], file=sys.stderr)
        return 2
    generated_dir, cxx, config = sys.argv[1:]
    problems = wrapper_problems(cxx) + proxy_problems(generated_dir) + config_problems(config)
    for problem in problems:
        print(problem)
    if not problems:
        print(f"checked {len(glob.glob(os.path.join(generated_dir, '*.cs')))} generated classes and {cxx}: ok")
    return 1 if problems else 0


if __name__ == "__main__":
    sys.exit(main())
