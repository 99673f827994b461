package org.libcube;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertSame;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.List;
import java.util.concurrent.atomic.AtomicInteger;
import org.junit.jupiter.api.Test;

/** Optimal 3x3 solving: lengths, every solution, max_length, cancel from the callback, time out. */
class OptimalTest {
    private static final String SCRAMBLE = "R U F' D2 L B'";

    @Test
    void shortScrambleSolvedWithItsLength() {
        try (Cube cube = TestTables.scrambled(3, SCRAMBLE); OptimalOptions options = new OptimalOptions()) {
            assertEquals(Metric.HTM, options.metric());
            assertEquals(0, options.maxLength());
            options.setThreads(2);
            try (OptimalResult result = TestTables.solver().solveOptimal(cube, options); Moves solution = result.solution()) {
                assertEquals(6, result.length());
                assertEquals(6, solution.length(Metric.HTM));
                assertTrue(result.isProvenOptimal());
                assertEquals(6, result.lowerBound());
                assertTrue(result.nodes() > 0);
                assertFalse(result.hasStandardTable() && result.hasSmallTable()); // one table at most
                assertFalse(result.hasH48Table() && (result.hasStandardTable() || result.hasSmallTable()));
                assertEquals(1, result.size());
                assertTrue(TestTables.solves(solution, cube));
            }
        }
    }

    @Test
    void quarterTurnsAndEverySolution() {
        try (Cube cube = TestTables.scrambled(3, "R2 U"); OptimalOptions options = new OptimalOptions()) {
            options.setMetric(Metric.QTM);
            try (OptimalResult result = TestTables.solver().solveOptimal(cube, options)) {
                assertEquals(3, result.length());
            }
        }
        try (Cube cube = TestTables.scrambled(3, "R2 L2 U2 D2"); OptimalOptions options = new OptimalOptions()) {
            options.setAllSolutions(true);
            options.setLimit(1);
            try (OptimalResult result = TestTables.solver().solveOptimal(cube, options)) {
                List<Moves> solutions = result.solutions();
                assertEquals(1, solutions.size());
                assertTrue(TestTables.solves(solutions.get(0), cube));
                solutions.forEach(Moves::close);
            }
        }
    }

    @Test
    void maxLengthTooSmallIsNoSolution() {
        try (Cube cube = TestTables.scrambled(3, SCRAMBLE); OptimalOptions options = new OptimalOptions()) {
            options.setMaxLength(4);
            OptimalSearchException e =
                assertThrows(OptimalSearchException.class, () -> TestTables.solver().solveOptimal(cube, options));
            assertEquals(Status.UNSOLVABLE, e.status());
            assertTrue(e.getMessage().contains("no solution of at most 4 moves"), e.getMessage());
            assertTrue(e.lowerBound() >= 5, "lower bound " + e.lowerBound());
        }
    }

    @Test
    void cancelFromTheProgressCallback() {
        AtomicInteger calls = new AtomicInteger();
        try (Cube cube = Cube.random(3, 5); OptimalOptions options = new OptimalOptions()) {
            options.setTimeoutMs(60_000);
            OptimalSearchException e = assertThrows(OptimalSearchException.class,
                () -> TestTables.solver().solveOptimal(cube, options, progress -> {
                    calls.incrementAndGet();
                    assertTrue(progress.depth() > 0 && progress.stage().startsWith("searching depth"));
                    return progress.depth() < 12; // false cancels
                }));
            assertEquals(Status.CANCELLED, e.status());
            assertEquals(12, e.lowerBound());
            assertTrue(calls.get() >= 1);
        }
    }

    @Test
    void timeoutGivesTheLowerBoundReached() {
        try (Cube cube = Cube.random(3, 6); OptimalOptions options = new OptimalOptions()) {
            options.setTimeoutMs(300);
            long start = System.nanoTime();
            OptimalSearchException e =
                assertThrows(OptimalSearchException.class, () -> TestTables.solver().solveOptimal(cube, options));
            long ms = (System.nanoTime() - start) / 1_000_000;
            assertEquals(Status.TIMEOUT, e.status());
            assertTrue(e.lowerBound() >= 1 && e.lowerBound() <= 20, "lower bound " + e.lowerBound());
            assertTrue(ms < 20_000, "timed out after " + ms + " ms");
        }
    }

    @Test
    void badInputThrowsCubeException() {
        try (Cube cube = new Cube(2); OptimalOptions options = new OptimalOptions()) {
            CubeException e = assertThrows(CubeException.class, () -> TestTables.solver().solveOptimal(cube, options));
            assertEquals(Status.UNSUPPORTED, e.status());
            assertFalse(e instanceof OptimalSearchException);
        }
        try (Cube cube = new Cube(3); OptimalOptions options = new OptimalOptions()) {
            options.setMetric(Metric.STM);
            CubeException e = assertThrows(CubeException.class, () -> TestTables.solver().solveOptimal(cube, options));
            assertEquals(Status.INVALID_ARGUMENT, e.status());
        }
    }

    @Test
    void anExceptionOfTheCallbackComesOutUnchanged() {
        IllegalStateException thrown = new IllegalStateException("from the callback");
        try (Cube cube = Cube.random(3, 5); OptimalOptions options = new OptimalOptions()) {
            options.setTimeoutMs(60_000);
            IllegalStateException caught = assertThrows(IllegalStateException.class,
                () -> TestTables.solver().solveOptimal(cube, options, progress -> {
                    throw thrown;
                }));
            assertSame(thrown, caught);
        }
    }
}
