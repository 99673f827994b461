package org.libcube;

import java.lang.ref.Cleaner;

/** The one Cleaner of the library: frees the native object of a proxy that was never closed. */
final class NativeRelease {
    private static final Cleaner CLEANER = Cleaner.create();

    private NativeRelease() {
    }

    /** Runs {@code release} once: when {@code owner} becomes unreachable, or at Cleanable.clean(). */
    static Cleaner.Cleanable register(Object owner, Runnable release) {
        return CLEANER.register(owner, release);
    }
}
