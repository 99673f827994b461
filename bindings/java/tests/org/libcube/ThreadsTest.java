package org.libcube;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import org.junit.jupiter.api.Test;

/** Eight Java threads share one Solver. */
class ThreadsTest {
    private static final int THREADS = 8;
    private static final int SOLVES = 6;

    @Test
    void eightThreadsSolveOnOneSolver() throws Exception {
        try (Solver solver = new Solver(TestTables.dir(), null)) {
            ExecutorService pool = Executors.newFixedThreadPool(THREADS);
            try {
                List<Future<Integer>> results = new ArrayList<>();
                for (int t = 0; t < THREADS; t++) {
                    int thread = t;
                    results.add(pool.submit(() -> solveSome(solver, thread)));
                }
                for (Future<Integer> result : results) {
                    assertEquals(2 * SOLVES, result.get());
                }
            } finally {
                pool.shutdown();
            }
        }
    }

    /** Solves 2x2 and 3x3 cubes; returns how many solutions solved their cube. */
    private static int solveSome(Solver solver, int thread) {
        int solved = 0;
        for (int i = 0; i < SOLVES; i++) {
            long seed = 1000L * thread + i;
            for (int size = 2; size <= 3; size++) {
                try (Cube cube = Cube.random(size, seed); Moves solution = solver.solve(cube)) {
                    assertTrue(solution.count() <= 20);
                    if (TestTables.solves(solution, cube)) {
                        solved++;
                    }
                }
            }
        }
        return solved;
    }
}
