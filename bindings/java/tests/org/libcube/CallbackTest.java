package org.libcube;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertSame;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.ArrayList;
import java.util.Collections;
import java.util.List;
import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;
import org.junit.jupiter.api.Test;

/** Callbacks from the library's threads, cancelling by returning false, exceptions rethrown as they were. */
class CallbackTest {
    private static List<Cube> randomCubes(int count) {
        List<Cube> cubes = new ArrayList<>();
        for (int i = 0; i < count; i++) {
            cubes.add(Cube.random(3, 500 + i));
        }
        return cubes;
    }

    @Test
    void progressComesFromAWorkerThread() {
        Set<Long> threads = ConcurrentHashMap.newKeySet();
        List<Progress> reports = Collections.synchronizedList(new ArrayList<>());
        long caller = Thread.currentThread().getId();
        try (Solver solver = new Solver(TestTables.dir(), progress -> {
            threads.add(Thread.currentThread().getId());
            reports.add(progress);
            return true;
        })) {
            List<Cube> cubes = randomCubes(4);
            try (SolveOptions options = new SolveOptions()) {
                List<Result> results = solver.solveBatch(cubes, options, 2);
                assertEquals(4, results.size());
                assertTrue(results.stream().allMatch(Result::isOk), results.toString());
            }
        }
        assertFalse(threads.isEmpty(), "progress was reported");
        assertTrue(threads.stream().anyMatch(id -> id != caller), "a worker thread reported: " + threads);
        // The reports are Java's own copies: still readable after the call.
        for (Progress progress : reports) {
            assertFalse(progress.stage().isEmpty());
            assertTrue(progress.fraction() >= 0 && progress.fraction() <= 1, progress.toString());
            assertTrue(progress.stageFraction() >= 0 && progress.stageFraction() <= 1);
            assertTrue(progress.elapsedUs() >= 0);
            assertTrue(progress.event() == ProgressEvent.STAGE || progress.event() == ProgressEvent.NOTICE);
        }
    }

    @Test
    void returningFalseCancels() {
        try (Solver solver = new Solver(TestTables.dir(), progress -> false); Cube cube = Cube.random(3, 1)) {
            CubeException e = assertThrows(CubeException.class, () -> solver.solve(cube));
            assertEquals(Status.CANCELLED, e.status());
        }
    }

    @Test
    void progressExceptionIsRethrownUnchanged() {
        IllegalStateException thrown = new IllegalStateException("from the callback");
        try (Solver solver = new Solver(TestTables.dir(), progress -> {
            throw thrown;
        }); Cube cube = Cube.random(3, 1)) {
            IllegalStateException caught = assertThrows(IllegalStateException.class, () -> solver.solve(cube));
            assertSame(thrown, caught);
            // Nothing is left over: the next failure is this call's own.
            assertSame(thrown, assertThrows(IllegalStateException.class, () -> solver.prepare(3)));
        }
    }

    @Test
    void progressExceptionOnAWorkerThreadIsRethrownOnTheCaller() {
        AssertionError thrown = new AssertionError("an Error, thrown on a batch thread");
        try (Solver solver = new Solver(TestTables.dir(), progress -> {
            throw thrown;
        }); SolveOptions options = new SolveOptions()) {
            List<Cube> cubes = randomCubes(3);
            AssertionError caught = assertThrows(AssertionError.class, () -> solver.solveBatch(cubes, options, 2));
            assertSame(thrown, caught);
        }
    }

    @Test
    void runCallbackExceptionIsRethrownUnchanged() {
        UnsupportedOperationException thrown = new UnsupportedOperationException("stop at step 2");
        try (DriverRegistry registry = new DriverRegistry(); Driver driver = registry.open(DriverTest.INSTANT_SIM);
            Robot robot = Robot.parse(driver.robotSpec()); Moves moves = Moves.parse("R U R' U' F2");
            Plan plan = robot.plan(moves); RunOptions options = new RunOptions()) {
            options.setCallback((done, count, planTimeUs) -> {
                if (done >= 2) {
                    throw thrown;
                }
                return true;
            });
            assertSame(thrown, assertThrows(UnsupportedOperationException.class, () -> driver.run(plan, options)));
            // The same options resume the run once the callback no longer throws.
            driver.prepare();
            try (RunReport stopped = driver.lastReport(); Moves rest = plan.remaining(stopped.actionsDone());
                PlanOptions from = new PlanOptions()) {
                assertTrue(stopped.actionsDone() < plan.actionCount());
                from.setStartPositions(driver.positions());
                try (Plan resumed = robot.plan(rest, from)) {
                    options.setResume(true);
                    options.setCallback((done, count, planTimeUs) -> true);
                    try (RunReport report = driver.run(resumed, options)) {
                        assertEquals(Status.OK, report.status());
                    }
                }
            }
            assertEquals("1", driver.query("solved"));
        }
    }

    @Test
    void callbackKeptAliveByItsHolder() {
        // The solver's and the options' adapters survive garbage collection while their holder lives.
        List<String> stages = Collections.synchronizedList(new ArrayList<>());
        try (Solver solver = new Solver(TestTables.dir(), progress -> stages.add(progress.stage()));
            DriverRegistry registry = new DriverRegistry(); Driver driver = registry.open(DriverTest.INSTANT_SIM);
            Robot robot = Robot.parse(driver.robotSpec()); Moves moves = Moves.parse("R U");
            Plan plan = robot.plan(moves); RunOptions options = new RunOptions(); Cube cube = Cube.random(3, 3)) {
            int[] steps = {0};
            options.setCallback((done, count, planTimeUs) -> ++steps[0] > 0);
            for (int i = 0; i < 3; i++) {
                System.gc();
            }
            try (Moves solution = solver.solve(cube)) {
                assertTrue(TestTables.solves(solution, cube));
            }
            driver.run(plan, options).close();
            assertFalse(stages.isEmpty());
            assertTrue(steps[0] > 0);
        }
    }

    @Test
    void progressIsReportedWhileTheTablesLoad() {
        List<Progress> reports = TestTables.progressOfPrepare();
        assertFalse(reports.isEmpty());
        // Each report is the callback's own copy: still readable after the call.
        Progress last = reports.get(reports.size() - 1);
        assertFalse(last.stage().isEmpty());
        assertTrue(last.fraction() >= 0 && last.fraction() <= 1, last.toString());
        assertTrue(last.stageFraction() >= 0 && last.stageFraction() <= 1, last.toString());
        assertTrue(last.elapsedUs() >= 0);
        assertTrue(last.event() == ProgressEvent.STAGE || last.event() == ProgressEvent.NOTICE);
        assertTrue(last.toString().contains(last.stage()), last.toString());
    }

    private static boolean throwFromTheCallback(Progress progress) {
        throw new IllegalArgumentException("no key in the callback");
    }

    // The rethrown exception's stack trace still shows where the callback threw it.
    @Test
    void rethrownExceptionKeepsTheCallbacksStackTrace() {
        try (Solver solver = new Solver(TestTables.dir(), CallbackTest::throwFromTheCallback)) {
            IllegalArgumentException e = assertThrows(IllegalArgumentException.class, () -> solver.prepare(3));
            List<String> methods = new ArrayList<>();
            for (StackTraceElement frame : e.getStackTrace()) {
                methods.add(frame.getClassName() + "." + frame.getMethodName());
            }
            assertTrue(methods.contains("org.libcube.CallbackTest.throwFromTheCallback"), methods.toString());
        }
    }

    @Test
    void nullHandlerMeansNoProgress() {
        try (Solver solver = new Solver(TestTables.dir(), null); Cube cube = Cube.random(3, 61);
            Moves solution = solver.solve(cube)) {
            assertTrue(solution.count() <= 20);
            assertTrue(TestTables.solves(solution, cube));
        }
    }

    // Another failure of the same listener later gives the later exception, not a stale one.
    @Test
    void eachFailureRethrowsItsOwnException() {
        int[] calls = {0};
        try (DriverRegistry registry = new DriverRegistry(); Driver driver = registry.open(DriverTest.INSTANT_SIM);
            Robot robot = Robot.parse(driver.robotSpec()); Moves moves = Moves.parse("R");
            Plan plan = robot.plan(moves); RunOptions options = new RunOptions()) {
            options.setCallback((done, count, planTimeUs) -> {
                calls[0]++;
                throw new IllegalStateException("call " + calls[0]);
            });
            assertEquals("call 1", assertThrows(IllegalStateException.class, () -> driver.run(plan, options)).getMessage());
            driver.prepare();
            driver.rest();
            assertEquals("call 2", assertThrows(IllegalStateException.class, () -> driver.run(plan, options)).getMessage());
        }
    }
}
