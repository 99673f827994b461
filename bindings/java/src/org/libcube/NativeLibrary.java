package org.libcube;

/** Loads the JNI glue, libcube_jni.so, once (from the static block of the JNI class). */
final class NativeLibrary {
    static final String NAME = "cube_jni";

    private NativeLibrary() {
    }

    static void load() {
        try {
            System.loadLibrary(NAME);
        } catch (UnsatisfiedLinkError e) {
            UnsatisfiedLinkError error = new UnsatisfiedLinkError("cannot load lib" + NAME + ".so, the native part "
                + "of libcube's Java binding: " + e.getMessage() + ". java.library.path is "
                + System.getProperty("java.library.path") + ". Install the binding (its JNI library goes to "
                + "/usr/lib/<multiarch>/jni), or run java with -Djava.library.path=<the folder of lib" + NAME
                + ".so>; that library needs libcube.so.2 too (found through its rpath or the system's library path).");
            error.initCause(e);
            throw error;
        }
    }
}
