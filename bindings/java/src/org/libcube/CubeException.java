package org.libcube;

/** A call into libcube failed: {@link #status()} says how, {@link #getMessage()} is the library's text. */
public class CubeException extends RuntimeException {
    private static final long serialVersionUID = 1L;

    private final Status status;

    public CubeException(Status status, String message) {
        super(message);
        this.status = status;
    }

    /** The library's status (never {@link Status#OK}). */
    public Status status() {
        return status;
    }

    /** The old name of {@link #status()}. */
    @Deprecated
    public Status getStatus() {
        return status;
    }

    /** Built by the JNI glue: the status code and the UTF-8 bytes of the library's message. */
    static CubeException fromNative(int status, byte[] message) {
        return new CubeException(statusOf(status), Utf8.decode(message));
    }

    /** A null argument where an object or text is needed: the message names the argument. */
    static CubeException nullArgument(String name) {
        return new CubeException(Status.INVALID_ARGUMENT, name + " is null");
    }

    /** A method called on an object after close(). */
    static CubeException closed(String className) {
        return new CubeException(Status.INVALID_ARGUMENT, className + " is closed");
    }

    private static Status statusOf(int code) {
        try {
            return Status.swigToEnum(code);
        } catch (IllegalArgumentException unknown) {
            return Status.INTERNAL;
        }
    }
}
