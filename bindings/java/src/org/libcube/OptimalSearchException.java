package org.libcube;

/**
 * An optimal search that stopped before it found a solution: Status.TIMEOUT, Status.CANCELLED, or
 * Status.UNSOLVABLE (nothing of at most maxLength moves). {@link #lowerBound()} says how far it got: every
 * solution has at least that many moves.
 */
public class OptimalSearchException extends CubeException {
    private static final long serialVersionUID = 1L;

    private final int lowerBound;
    private final long nodes;

    public OptimalSearchException(Status status, String message, int lowerBound, long nodes) {
        super(status, message);
        this.lowerBound = lowerBound;
        this.nodes = nodes;
    }

    /** Every solution has at least this many moves. */
    public int lowerBound() {
        return lowerBound;
    }

    /** Positions the search visited. */
    public long nodes() {
        return nodes;
    }

    /** {@code e} with the search's figures when the search stopped, else {@code e} itself. */
    static CubeException of(CubeException e, int lowerBound, long nodes) {
        Status s = e.status();
        if (e instanceof OptimalSearchException
            || (s != Status.TIMEOUT && s != Status.CANCELLED && s != Status.UNSOLVABLE)) {
            return e;
        }
        OptimalSearchException failure = new OptimalSearchException(s, e.getMessage(), lowerBound, nodes);
        failure.setStackTrace(e.getStackTrace());
        return failure;
    }
}
