package org.libcube;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.List;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;
import org.junit.jupiter.api.Test;

class Solve2Test {
    /** A 2x2 state 11 face turns from solved (HTM), with 66 optimal solutions. */
    static final String ELEVEN = "DURFURFLDRBUULDDRFLLBBFB";

    private static Cube cube(String notation) {
        return TestTables.scrambled(2, notation);
    }

    @ParameterizedTest
    @CsvSource({"'', 0", "R U, 2", "R U R' U', 4", "F2 U' R' U' F U2 F R' U R' U', 11"})
    void optimalLengths(String scramble, int length) {
        try (Cube cube = cube(scramble); Moves solution = TestTables.solver().solve(cube)) {
            assertEquals(length, solution.count(), solution.toString());
            assertTrue(TestTables.solves(solution, cube));
        }
    }

    @Test
    void knownElevenMoveState() {
        try (Cube cube = Cube.fromFacelets(ELEVEN); Cube solved = new Cube(2); SolveOptions options = new SolveOptions();
            Moves solution = TestTables.solver().solve(cube, options)) {
            assertEquals(11, solution.length(Metric.HTM));
            assertEquals(11, TestTables.solver().distance(cube, solved, options));
            assertEquals(66, TestTables.solver().countOptimal(cube, options));
        }
    }

    @Test
    void quarterTurnMetric() {
        try (Cube cube = cube("R U R' U'"); Cube half = cube("R2"); Cube solved = new Cube(2);
            SolveOptions options = new SolveOptions()) {
            options.setMetric(Metric.QTM);
            assertEquals(Metric.QTM, options.metric());
            assertEquals(4, TestTables.solver().distance(cube, solved, options));
            assertEquals(2, TestTables.solver().distance(half, solved, options));
            try (Moves solution = TestTables.solver().solve(half, options)) {
                assertEquals(2, solution.length(Metric.QTM));
            }
        }
    }

    @Test
    void everyOptimalSolution() {
        try (Cube cube = Cube.fromFacelets(ELEVEN)) {
            List<Moves> all = TestTables.solver().solveAll(cube);
            assertEquals(66, all.size());
            for (Moves solution : all) {
                assertEquals(11, solution.count());
                assertTrue(TestTables.solves(solution, cube), solution.toString());
            }
            assertEquals(66, all.stream().distinct().count(), "no solution twice");
            all.forEach(Moves::close);
        }
    }

    @Test
    void solutionsAreIterableAndLimited() {
        try (Cube cube = cube("R U"); SolveOptions options = new SolveOptions()) {
            int seen = 0;
            for (Moves solution : TestTables.solver().solveAll(cube, options, 0)) {
                assertEquals(2, solution.count());
                seen++;
            }
            assertEquals(TestTables.solver().countOptimal(cube, options), seen);
        }
        try (Cube cube = Cube.fromFacelets(ELEVEN); SolveOptions options = new SolveOptions()) {
            assertEquals(5, TestTables.solver().solveAll(cube, options, 5).size());
            CubeException e = assertThrows(CubeException.class, () -> TestTables.solver().solveAll(cube, options, -1));
            assertEquals(Status.INVALID_ARGUMENT, e.status());
        }
    }

    @Test
    void solveToATarget() {
        try (Cube cube = new Cube(2); Cube target = cube("R U"); SolveOptions options = new SolveOptions();
            Moves path = TestTables.solver().solveTo(cube, target, options)) {
            assertEquals(2, path.count());
            cube.apply(path);
            assertEquals(target, cube);
        }
    }

    @Test
    void maxLengthTooShortIsUnsolvable() {
        try (Cube cube = Cube.fromFacelets(ELEVEN); SolveOptions options = new SolveOptions()) {
            options.setMaxLength(10);
            assertEquals(10, options.maxLength());
            CubeException e = assertThrows(CubeException.class, () -> TestTables.solver().solve(cube, options));
            assertEquals(Status.UNSOLVABLE, e.status());
            assertTrue(e.getMessage().contains("10"), e.getMessage());
        }
    }

    @Test
    void batchesKeepTheOrder() {
        List<Cube> cubes = List.of(cube("R"), cube("R U"), Cube.fromFacelets(ELEVEN), new Cube(2));
        List<Result> results = TestTables.solver().solveBatch(cubes);
        assertEquals(4, results.size());
        int[] lengths = {1, 2, 11, 0};
        for (int i = 0; i < 4; i++) {
            try (Moves solution = results.get(i).moves()) {
                assertEquals(lengths[i], solution.count());
                assertTrue(TestTables.solves(solution, cubes.get(i)));
            }
        }
        assertEquals(List.of(), TestTables.solver().solveBatch(List.of()));
    }

    @Test
    void batchAnswersEachEntryWhenSomeFail() {
        List<Cube> cubes = List.of(cube("R"), Cube.fromFacelets(ELEVEN), cube("R U"), Cube.fromFacelets(ELEVEN));
        try (SolveOptions options = new SolveOptions()) {
            options.setMaxLength(5);
            List<Result> results = TestTables.solver().solveBatch(cubes, options, 2);
            assertEquals(4, results.size());
            for (int i : new int[] {0, 2}) {
                Result ok = results.get(i);
                assertTrue(ok.isOk(), ok.toString());
                assertEquals(Status.OK, ok.status());
                assertEquals("", ok.message());
                try (Moves solution = ok.moves()) {
                    assertTrue(TestTables.solves(solution, cubes.get(i)));
                }
                assertTrue(ok.toString().startsWith("ok: "), ok.toString());
            }
            for (int i : new int[] {1, 3}) {
                Result failed = results.get(i);
                assertFalse(failed.isOk());
                assertEquals(Status.UNSOLVABLE, failed.status());
                assertTrue(failed.message().contains("5"), failed.message());
                CubeException e = assertThrows(CubeException.class, failed::moves);
                assertEquals(Status.UNSOLVABLE, e.status());
                assertTrue(e.getMessage().startsWith("entry " + i + ": "), e.getMessage());
            }
            assertThrows(UnsupportedOperationException.class, () -> results.remove(0));
            results.forEach(Result::close);
            CubeException closed = assertThrows(CubeException.class, () -> results.get(0).isOk());
            assertEquals("Result is closed", closed.getMessage());
        }
    }

    @Test
    void batchRefusesNullAndClosedCubes() {
        Cube closed = new Cube(2);
        closed.close();
        CubeException e = assertThrows(CubeException.class, () -> TestTables.solver().solveBatch(List.of(closed)));
        assertEquals("Cube is closed", e.getMessage());
        List<Cube> withNull = new java.util.ArrayList<>();
        withNull.add(null);
        CubeException missing = assertThrows(CubeException.class, () -> TestTables.solver().solveBatch(withNull));
        assertEquals("cube is null", missing.getMessage());
        CubeException list = assertThrows(CubeException.class, () -> TestTables.solver().solveBatch(null));
        assertEquals("cubes is null", list.getMessage());
    }
}
