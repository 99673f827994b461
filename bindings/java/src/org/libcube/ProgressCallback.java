package org.libcube;

/**
 * Told how a table load or build progresses. It may be called on one of the library's threads. Return
 * false to cancel the call (it then throws CubeException with Status.CANCELLED); an exception thrown here
 * cancels it too and comes out of that call unchanged, on the caller's thread.
 */
@FunctionalInterface
public interface ProgressCallback {
    boolean onProgress(Progress progress);
}
