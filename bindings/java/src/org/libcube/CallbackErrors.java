package org.libcube;

import java.util.concurrent.ConcurrentHashMap;

/**
 * What callbacks threw, kept by their adapters (on whatever thread the library called them) until the JNI
 * glue takes it back to throw it on the thread of the call that ran the callback. Keyed by the address of
 * the adapter's C++ listener, which is what the facade's CallbackError carries.
 */
final class CallbackErrors {
    private static final ConcurrentHashMap<Long, Throwable> FAILURES = new ConcurrentHashMap<>();

    private CallbackErrors() {
    }

    /** The listener at {@code listener} caught {@code failure}; the latest failure wins. */
    static void keep(long listener, Throwable failure) {
        FAILURES.put(listener, failure);
    }

    /** Called by the JNI glue: what the listener kept, to be thrown unchanged (never null). */
    static Throwable take(long listener) {
        Throwable failure = FAILURES.remove(listener);
        if (failure == null) {
            return new CubeException(Status.INTERNAL, "a callback failed, but what it threw was not kept");
        }
        return failure;
    }
}
