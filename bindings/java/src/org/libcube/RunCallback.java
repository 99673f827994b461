package org.libcube;

/**
 * Told after each step of a robot run (RunOptions.setCallback), on the thread running the plan. Return
 * false to cancel the run (Driver.run then throws CubeException with Status.CANCELLED); an exception thrown
 * here stops the run too and comes out of Driver.run() unchanged.
 */
@FunctionalInterface
public interface RunCallback {
    boolean onStep(int actionsDone, int actionCount, long planTimeUs);
}
