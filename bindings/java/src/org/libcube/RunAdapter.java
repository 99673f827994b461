package org.libcube;

/** The library's run listener calling a RunCallback; keeps what the callback throws. */
final class RunAdapter extends RunListener {
    private final RunCallback callback;

    private RunAdapter(RunCallback callback) {
        this.callback = callback;
    }

    /** An adapter for {@code callback}, or null for none. */
    static RunAdapter wrap(RunCallback callback) {
        return callback == null ? null : new RunAdapter(callback);
    }

    @Override
    public Listen onStep(int actionsDone, int actionCount, long planTimeUs) {
        try {
            return callback.onStep(actionsDone, actionCount, planTimeUs) ? Listen.CONTINUE : Listen.CANCEL;
        } catch (Throwable failure) {
            CallbackErrors.keep(getCPtr(this), failure);
            return Listen.FAILED;
        }
    }
}
