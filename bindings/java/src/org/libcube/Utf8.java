package org.libcube;

import java.nio.charset.StandardCharsets;

/** Strings cross to the library as UTF-8 bytes (not JNI's modified UTF-8). */
final class Utf8 {
    private Utf8() {
    }

    /** The UTF-8 bytes of {@code text}, the argument called {@code name} (null: CubeException). */
    static byte[] encode(String text, String name) {
        if (text == null) {
            throw CubeException.nullArgument(name);
        }
        return text.getBytes(StandardCharsets.UTF_8);
    }

    /** The UTF-8 bytes of a table folder: null is "", the default folder. */
    static byte[] encodeFolder(String folder) {
        return folder == null ? new byte[0] : folder.getBytes(StandardCharsets.UTF_8);
    }

    static String decode(byte[] bytes) {
        return new String(bytes, StandardCharsets.UTF_8);
    }
}
