package org.libcube;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;

/** The layer-by-layer method through the binding: stage names, replay stage by stage, formulas, errors. */
class MethodTest {
    private static final List<String> STAGES3 = List.of("cross", "first-layer-corners", "middle-layer", "top-cross",
        "top-face", "top-corners", "top-edges");
    private static final List<String> STAGES2 = List.of("first-layer", "top-face", "top-corners");

    private static List<String> stageNames(MethodSolution solution) {
        List<String> names = new ArrayList<>();
        for (int k = 0; k < solution.stageCount(); k++) {
            names.add(solution.stageName(k));
        }
        return names;
    }

    /** Applies each stage's moves to a copy of the cube: it reads as the stage's facelets, and ends solved. */
    private static void assertReplays(MethodSolution solution, Cube cube) {
        try (Cube copy = cube.copy()) {
            for (int k = 0; k < solution.stageCount(); k++) {
                try (Moves stage = solution.stageMoves(k)) {
                    copy.apply(stage);
                }
                assertEquals(solution.stageFacelets(k), copy.facelets(), solution.stageName(k));
            }
            assertTrue(copy.isSolved());
        }
        try (Moves all = solution.moves()) {
            assertTrue(TestTables.solves(all, cube));
        }
    }

    @Test
    void solvesA3x3ByLayers() {
        try (Solver solver = new Solver(); Cube cube = Cube.random(3, 18);
            MethodSolution solution = MethodSolution.solve(solver, cube, Method.LBL, false)) {
            assertEquals(STAGES3, stageNames(solution));
            assertReplays(solution, cube);
            int topFace = STAGES3.indexOf("top-face");
            for (int i = 0; i < solution.algorithmCount(topFace); i++) {
                String name = solution.algorithm(topFace, i);
                assertTrue(name.equals("sune") || name.equals("left-sune"), name);
            }
        }
    }

    @Test
    void textLineAndJsonAreTheCliAnswers() {
        try (Solver solver = new Solver(); Cube cube = Cube.random(3, 18);
            MethodSolution solution = MethodSolution.solve(solver, cube, Method.LBL, false);
            Moves all = solution.moves()) {
            int total = all.length(Metric.HTM);
            String text = solution.text();
            assertTrue(text.startsWith("cross: "), text);
            assertTrue(text.endsWith("\ntotal: " + total + " moves (htm)\n"), text);
            String line = solution.line();
            assertTrue(line.endsWith(" | total: " + total + "\n"), line);
            assertEquals(line.length() - 1, line.indexOf('\n'));
            String json = solution.json();
            assertTrue(json.startsWith("{\"ok\":true,\"method\":\"lbl\",\"solution\":\"" + all.text() + "\",\"length\":"
                + total + ",\"metric\":\"htm\",\"stages\":[{\"name\":\"cross\","), json);
        }
    }

    @Test
    void solvesA2x2AndARotatedCube() {
        try (Solver solver = new Solver(); Cube cube = Cube.random(2, 5); Cube turned = Cube.random(3, 6)) {
            turned.apply("x y2");
            try (MethodSolution solution = MethodSolution.solve(solver, cube, Method.LBL, true)) {
                assertEquals(STAGES2, stageNames(solution));
                assertReplays(solution, cube);
            }
            try (MethodSolution solution = MethodSolution.solve(solver, turned, Method.LBL, false)) {
                assertReplays(solution, turned);
            }
        }
    }

    @Test
    void formulasAndErrors() {
        assertEquals("R U R' U R U2 R'", MethodSolution.algorithmMoves("sune"));
        CubeException unknown = assertThrows(CubeException.class, () -> MethodSolution.algorithmMoves("t-perm"));
        assertEquals(Status.NOT_FOUND, unknown.status());
        try (Solver solver = new Solver(); Cube cube = new Cube(3);
            MethodSolution solution = MethodSolution.solve(solver, cube, Method.LBL, false)) {
            assertEquals(7, solution.stageCount());
            CubeException outside = assertThrows(CubeException.class, () -> solution.stageName(7));
            assertEquals(Status.INVALID_ARGUMENT, outside.status());
            assertEquals(0, solution.algorithmCount(0));
        }
        CubeException missing =
            assertThrows(CubeException.class, () -> MethodSolution.solve(null, null, Method.LBL, false));
        assertEquals("solver is null", missing.getMessage());
    }
}
