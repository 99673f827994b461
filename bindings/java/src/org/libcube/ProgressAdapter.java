package org.libcube;

/** The library's progress listener calling a ProgressCallback; keeps what the callback throws. */
final class ProgressAdapter extends ProgressListener {
    private final ProgressCallback callback;

    private ProgressAdapter(ProgressCallback callback) {
        this.callback = callback;
    }

    /** An adapter for {@code callback}, or null for none. */
    static ProgressAdapter wrap(ProgressCallback callback) {
        return callback == null ? null : new ProgressAdapter(callback);
    }

    @Override
    public Listen onProgress(Progress progress) {
        try {
            return callback.onProgress(progress) ? Listen.CONTINUE : Listen.CANCEL;
        } catch (Throwable failure) {
            CallbackErrors.keep(getCPtr(this), failure);
            return Listen.FAILED;
        }
    }
}
