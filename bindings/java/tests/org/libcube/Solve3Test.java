package org.libcube;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;

class Solve3Test {
    @Test
    void solutionsAppliedBackSolveTheCube() {
        for (long seed = 1; seed <= 10; seed++) {
            try (Cube cube = Cube.random(3, seed); Moves solution = TestTables.solver().solve(cube)) {
                assertTrue(solution.count() <= 20, solution.toString());
                cube.apply(solution);
                assertTrue(cube.isSolved(), "seed " + seed);
            }
        }
    }

    @Test
    void scrambleThenSolve() {
        try (Moves scramble = Moves.scramble(3, 99, 30); Cube cube = new Cube(3)) {
            cube.apply(scramble);
            try (Moves solution = TestTables.solver().solve(cube)) {
                assertTrue(TestTables.solves(solution, cube));
            }
        }
    }

    @Test
    void optionsAndSolveTo() {
        try (Cube cube = Cube.random(3, 5); Cube target = Cube.random(3, 6); SolveOptions options = new SolveOptions()) {
            options.setTimeoutMs(5000);
            options.setMinEffort(true);
            options.setMaxLength(22);
            assertEquals(5000, options.timeoutMs());
            assertTrue(options.minEffort());
            options.setTimeoutMs(300);
            try (Moves path = TestTables.solver().solveTo(cube, target, options)) {
                cube.apply(path);
                assertEquals(target, cube);
            }
        }
    }

    @Test
    void quarterTurnsAreForTheTwoByTwo() {
        try (Cube cube = Cube.random(3, 1); SolveOptions options = new SolveOptions()) {
            options.setMetric(Metric.QTM);
            CubeException e = assertThrows(CubeException.class, () -> TestTables.solver().solve(cube, options));
            assertEquals(Status.UNSUPPORTED, e.status());
        }
    }

    @Test
    void batchOnTwoThreads() {
        List<Cube> cubes = new ArrayList<>();
        for (long seed = 100; seed < 116; seed++) {
            cubes.add(Cube.random(3, seed));
        }
        try (SolveOptions options = new SolveOptions()) {
            List<Result> results = TestTables.solver().solveBatch(cubes, options, 2);
            for (int i = 0; i < cubes.size(); i++) {
                try (Moves solution = results.get(i).moves()) {
                    assertTrue(TestTables.solves(solution, cubes.get(i)));
                }
            }
        }
    }

    @Test
    void prepareLoadsTheTables() {
        try (Solver solver = new Solver(TestTables.dir(), null)) {
            solver.prepare(3);
            solver.prepare(2);
            try (CancelToken cancel = new CancelToken()) {
                solver.prepare(3, cancel);
            }
        }
    }

    @Test
    void everyTablePolicyGivesASolution() {
        for (TablePolicy policy : TablePolicy.values()) {
            try (Solver solver = new Solver(null, policy, null); Cube cube = Cube.random(3, 8);
                Moves solution = solver.solve(cube)) {
                assertTrue(solution.count() <= 20, policy + ": " + solution);
                assertTrue(TestTables.solves(solution, cube), policy.toString());
            }
        }
    }

    @Test
    void defaultSolverUsesCubeTableDir() {
        try (Solver solver = new Solver(); Cube cube = Cube.random(3, 7); Moves solution = solver.solve(cube)) {
            assertTrue(TestTables.solves(solution, cube));
        }
    }

    @Test
    void minEffortFindsAShortSolution() {
        try (Cube cube = Cube.random(3, 12); SolveOptions options = new SolveOptions()) {
            options.setMinEffort(true);
            options.setTimeoutMs(500);
            try (Moves solution = TestTables.solver().solve(cube, options)) {
                assertTrue(solution.count() <= 20, solution.toString());
                assertTrue(TestTables.solves(solution, cube));
            }
        }
    }

    @Test
    void timeoutError() {
        try (Cube cube = Cube.random(3, 2); SolveOptions options = new SolveOptions()) {
            options.setMaxLength(10);
            options.setTimeoutMs(200);
            CubeException e = assertThrows(CubeException.class, () -> TestTables.solver().solve(cube, options));
            assertTrue(e.status() == Status.TIMEOUT || e.status() == Status.UNSOLVABLE, e.status().toString());
            assertFalse(e.getMessage().isEmpty());
        }
    }
}
