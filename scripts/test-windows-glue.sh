# shellcheck shell=sh
# shellcheck disable=SC2154 # say, pass, fail, root, build, gcc, wine, work and glue come from scripts/test-windows.sh
# Sourced by scripts/test-windows.sh: the bindings' glue DLLs. There is no mono or Java for Windows under Wine
# here, so LibCube.dll and libcube.jar are not run on Windows: each glue DLL's exports are checked against the
# native calls of the generated code, and a program in a folder with the DLLs (an application's folder) loads
# each glue by bare name, as DllImport and System.loadLibrary do, and calls it.
if [ -z "$glue" ]; then
    say "skipped: the bindings' glue (needs swig, mono-devel and a JDK: the C# and Java bindings are not configured)"
    return 0
fi
for language in csharp java; do
    case $language in csharp) dll=cubecs.dll ;; java) dll=cube_jni.dll ;; esac
    if checked=$("$root/bindings/check-glue-exports.py" x86_64-w64-mingw32-objdump $language \
        "$build/bindings/$language/generated" "$build/bindings/$language/$dll" 2>&1); then
        pass "$checked"
    else
        fail "$dll exports:"
        echo "$checked" | head -n 10
    fi
done
# The check itself catches a mismatch: the C# code's calls against the JNI glue.
if "$root/bindings/check-glue-exports.py" x86_64-w64-mingw32-objdump csharp "$build/bindings/csharp/generated" \
    "$build/bindings/java/cube_jni.dll" >"$work/glue-planted.out" 2>&1; then
    fail "check-glue-exports.py passed the C# calls against cube_jni.dll"
else pass "check-glue-exports.py refuses a planted mismatch ($(grep -c "not exported" "$work/glue-planted.out") calls not exported)"; fi
app=$work/glue-app
mkdir -p "$app"
cp "$build/bindings/csharp/cubecs.dll" "$build/bindings/java/cube_jni.dll" "$build/libcube/libcube-2.dll" \
    /usr/x86_64-w64-mingw32/lib/libwinpthread-1.dll "$app/"
"$gcc" -O2 -Wall -Wextra "$root/tests/windows/glue_load.c" -o "$app/glue_load.exe"
if "$wine" "$app/glue_load.exe" >"$work/glue.out" 2>&1; then
    pass "the glue DLLs load from the application's folder and answer: $(tr -d '\r' <"$work/glue.out" | tr '\n' ' ')"
else
    fail "the glue DLLs under Wine:"
    head -n 5 "$work/glue.out"
fi
