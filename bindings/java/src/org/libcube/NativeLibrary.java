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
            UnsatisfiedLinkError error = new UnsatisfiedLinkError(explain(String.valueOf(e.getMessage())));
            error.initCause(e);
            throw error;
        }
    }

    /**
     * What is missing, from the JVM's message: the glue itself ("no cube_jni in java.library.path"), or a
     * library the glue needs ("/path/libcube_jni.so: libcube.so.2: cannot open shared object file").
     */
    static String explain(String message) {
        String glue = "lib" + NAME + ".so";
        int found = message.indexOf(glue + ": ");
        if (found >= 0) {
            String path = message.substring(0, found + glue.length());
            String cause = message.substring(found + glue.length() + 2);
            int colon = cause.indexOf(':');
            String missing = colon > 0 ? cause.substring(0, colon) : cause;
            return "cannot load " + missing + ", which " + path + " (the native part of libcube's Java binding) "
                + "needs: " + cause + ". The glue finds libcube.so.2 through its run path ($ORIGIN/.., the "
                + "library folder above the jni folder) or the system's library path: install libcube's shared "
                + "library beside it, or set LD_LIBRARY_PATH to the folder of libcube.so.2.";
        }
        return "cannot load " + glue + ", the native part of libcube's Java binding: " + message
            + ". java.library.path is " + System.getProperty("java.library.path") + ". Install the binding (its "
            + "JNI library goes to /usr/lib/<multiarch>/jni), or run java with -Djava.library.path=<the folder of "
            + glue + ">.";
    }
}
