/* Loads the bindings' glue DLLs as the languages' loaders do (by bare name: Windows looks in the program's own
 * folder first, where they sit with libcube-2.dll) and calls each one's wrappers the way the generated code
 * would: the library's version number, a new 3x3 cube, whether it is solved, its release. Built for Windows
 * and run under Wine by scripts/test-windows-glue.sh; prints one line per DLL, exit 0 when both answer.
 * JNIEnv and jclass are null: these wrappers touch them only to raise a Java exception, which a sound call
 * never does. */
#include <stdint.h>
#include <stdio.h>
#include <windows.h>

typedef int32_t(__stdcall *cs_version_fn)(void);
typedef void *(__stdcall *cs_new_cube_fn)(int32_t size);
typedef uint32_t(__stdcall *cs_is_solved_fn)(void *cube);
typedef void(__stdcall *cs_delete_fn)(void *cube);

typedef int32_t(__stdcall *jni_version_fn)(void *env, void *cls);
typedef int64_t(__stdcall *jni_new_cube_fn)(void *env, void *cls, int32_t size);
typedef uint8_t(__stdcall *jni_is_solved_fn)(void *env, void *cls, int64_t cube, void *object);
typedef void(__stdcall *jni_delete_fn)(void *env, void *cls, int64_t cube);

static FARPROC find(HMODULE dll, const char *dll_name, const char *name) {
    FARPROC f = GetProcAddress(dll, name);
    if (!f) fprintf(stderr, "%s: no export %s (error %lu)\n", dll_name, name, (unsigned long)GetLastError());
    return f;
}

static HMODULE load(const wchar_t *name, const char *printable) {
    HMODULE dll = LoadLibraryW(name);
    if (!dll) fprintf(stderr, "%s: LoadLibraryW failed (error %lu)\n", printable, (unsigned long)GetLastError());
    return dll;
}

static int csharp_glue(void) {
    const char *name = "cubecs.dll";
    HMODULE dll = load(L"cubecs.dll", name);
    if (!dll) return 1;
    cs_version_fn version = (cs_version_fn)(void *)find(dll, name, "CSharp_LibCube_VersionNumber");
    cs_new_cube_fn new_cube = (cs_new_cube_fn)(void *)find(dll, name, "CSharp_LibCube_new_Cube");
    cs_is_solved_fn is_solved = (cs_is_solved_fn)(void *)find(dll, name, "CSharp_LibCube_Cube_GetIsSolved");
    cs_delete_fn release = (cs_delete_fn)(void *)find(dll, name, "CSharp_LibCube_delete_Cube");
    if (!version || !new_cube || !is_solved || !release) return 1;
    void *cube = new_cube(3);
    if (!cube) {
        fprintf(stderr, "%s: CSharp_LibCube_new_Cube(3) returned null\n", name);
        return 1;
    }
    uint32_t solved = is_solved(cube);
    release(cube);
    printf("%s: version number %ld, a new 3x3 cube is %s\n", name, (long)version(), solved ? "solved" : "NOT solved");
    return solved ? 0 : 1;
}

static int jni_glue(void) {
    const char *name = "cube_jni.dll";
    HMODULE dll = load(L"cube_jni.dll", name);
    if (!dll) return 1;
    jni_version_fn version = (jni_version_fn)(void *)find(dll, name, "Java_org_libcube_CubeLibJNI_versionNumber");
    jni_new_cube_fn new_cube = (jni_new_cube_fn)(void *)find(dll, name, "Java_org_libcube_CubeLibJNI_new_1Cube");
    jni_is_solved_fn is_solved = (jni_is_solved_fn)(void *)find(dll, name, "Java_org_libcube_CubeLibJNI_Cube_1isSolved");
    jni_delete_fn release = (jni_delete_fn)(void *)find(dll, name, "Java_org_libcube_CubeLibJNI_delete_1Cube");
    if (!version || !new_cube || !is_solved || !release) return 1;
    int64_t cube = new_cube(NULL, NULL, 3);
    if (!cube) {
        fprintf(stderr, "%s: new_1Cube(3) returned null\n", name);
        return 1;
    }
    uint8_t solved = is_solved(NULL, NULL, cube, NULL);
    release(NULL, NULL, cube);
    printf("%s: version number %ld, a new 3x3 cube is %s\n", name, (long)version(NULL, NULL),
           solved ? "solved" : "NOT solved");
    return solved ? 0 : 1;
}

int main(void) {
    int failed = csharp_glue();
    failed |= jni_glue();
    return failed;
}
