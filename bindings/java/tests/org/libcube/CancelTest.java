package org.libcube;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.concurrent.Executors;
import java.util.concurrent.ScheduledExecutorService;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.Test;

/** Cancelling from another thread stops the call quickly. */
class CancelTest {
    private static final ScheduledExecutorService LATER = Executors.newSingleThreadScheduledExecutor();

    @AfterAll
    static void stopTimer() {
        LATER.shutdownNow();
    }

    @Test
    void token() {
        try (CancelToken token = new CancelToken(); SolveOptions options = new SolveOptions()) {
            assertFalse(token.isCancelled());
            token.cancel();
            assertTrue(token.isCancelled());
            token.reset();
            assertFalse(token.isCancelled());
            assertFalse(options.hasCancel());
            options.setCancel(token);
            assertTrue(options.hasCancel());
            options.clearCancel();
            assertFalse(options.hasCancel());
        }
    }

    @Test
    void minEffortSolveCancelledFromAnotherThread() {
        try (Cube cube = Cube.random(3, 77); SolveOptions options = new SolveOptions(); CancelToken cancel = new CancelToken()) {
            options.setMinEffort(true);
            options.setTimeoutMs(60_000);
            options.setCancel(cancel);
            TestTables.solver().prepare(3);
            LATER.schedule(cancel::cancel, 200, TimeUnit.MILLISECONDS);
            long start = System.nanoTime();
            CubeException e = assertThrows(CubeException.class, () -> TestTables.solver().solve(cube, options));
            long ms = (System.nanoTime() - start) / 1_000_000;
            assertEquals(Status.CANCELLED, e.status());
            assertTrue(ms < 5_000, "cancelled after " + ms + " ms");
        }
    }

    @Test
    void tokenDroppedByTheCallerStaysWithTheOptions() {
        try (Cube cube = Cube.random(3, 78); SolveOptions options = new SolveOptions()) {
            CancelToken cancel = new CancelToken();
            options.setCancel(cancel);
            cancel.cancel();
            cancel.close();
            CubeException e = assertThrows(CubeException.class, () -> TestTables.solver().solve(cube, options));
            assertEquals(Status.CANCELLED, e.status());
        }
    }

    @Test
    void slowSimRunCancelledFromAnotherThread() {
        try (DriverRegistry registry = new DriverRegistry(); Driver driver = registry.open("sim:model=four-arm,speed=1");
            Robot robot = Robot.parse(driver.robotSpec()); Moves moves = Moves.scramble(3, 5, 25);
            Plan plan = robot.plan(moves)) {
            assertTrue(plan.totalUs() > 2_000_000, "the plan takes seconds at real speed");
            LATER.schedule(driver::cancel, 200, TimeUnit.MILLISECONDS);
            long start = System.nanoTime();
            CubeException e = assertThrows(CubeException.class, () -> driver.run(plan));
            long ms = (System.nanoTime() - start) / 1_000_000;
            assertEquals(Status.CANCELLED, e.status());
            assertTrue(ms < 2_000, "cancelled after " + ms + " ms");
            try (RunReport report = driver.lastReport()) {
                assertTrue(report.actionsDone() < plan.actionCount());
            }
        }
    }

    @Test
    void runOptionsTokenCancelsTheRun() {
        try (DriverRegistry registry = new DriverRegistry(); Driver driver = registry.open("sim:model=four-arm,speed=1");
            Robot robot = Robot.parse(driver.robotSpec()); Moves moves = Moves.scramble(3, 6, 25);
            Plan plan = robot.plan(moves); RunOptions options = new RunOptions(); CancelToken cancel = new CancelToken()) {
            options.setCancel(cancel);
            LATER.schedule(cancel::cancel, 100, TimeUnit.MILLISECONDS);
            CubeException e = assertThrows(CubeException.class, () -> driver.run(plan, options));
            assertEquals(Status.CANCELLED, e.status());
            options.clearCancel();
        }
    }

    @Test
    void cancelledTokenStopsARobotSolve() {
        try (Robot robot = Robot.parse("four-arm"); Cube cube = Cube.random(3, 82); CancelToken token = new CancelToken();
            RobotSolveOptions options = new RobotSolveOptions()) {
            token.cancel();
            options.setCancel(token);
            CubeException e = assertThrows(CubeException.class, () -> robot.solve(TestTables.solver(), cube, options));
            assertEquals(Status.CANCELLED, e.status(), e.getMessage());
            options.clearCancel();
            try (Plan plan = robot.solve(TestTables.solver(), cube, options)) {
                assertTrue(plan.actionCount() > 0);
            }
        }
    }
}
