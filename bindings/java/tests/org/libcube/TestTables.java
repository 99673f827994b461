package org.libcube;

import static org.junit.jupiter.api.Assertions.assertNotNull;

import java.util.ArrayList;
import java.util.Collections;
import java.util.List;

/** The 3x3 tables of the build (CUBE_TABLE_DIR, set by meson test) and one solver sharing them. */
final class TestTables {
    private static Solver shared;

    private TestTables() {
    }

    /** The folder holding the 3x3 tables. */
    static String dir() {
        String dir = System.getenv("CUBE_TABLE_DIR");
        assertNotNull(dir, "CUBE_TABLE_DIR must name the folder of the 3x3 tables");
        return dir;
    }

    /** A solver over those tables, for tests that do not test the solver itself (never closed). */
    static synchronized Solver solver() {
        if (shared == null) {
            shared = new Solver(dir(), null);
        }
        return shared;
    }

    /** The progress reports of a new solver loading the 3x3 tables (each the callback's own copy). */
    static List<Progress> progressOfPrepare() {
        List<Progress> reports = Collections.synchronizedList(new ArrayList<>());
        try (Solver solver = new Solver(dir(), progress -> reports.add(progress))) {
            solver.prepare(3);
        }
        return reports;
    }

    /** A cube of {@code size} after {@code notation}. */
    static Cube scrambled(int size, String notation) {
        Cube cube = new Cube(size);
        cube.apply(notation);
        return cube;
    }

    /** Whether {@code solution} solves {@code cube} (on a copy). */
    static boolean solves(Moves solution, Cube cube) {
        try (Cube copy = cube.copy()) {
            copy.apply(solution);
            return copy.isSolved();
        }
    }
}
