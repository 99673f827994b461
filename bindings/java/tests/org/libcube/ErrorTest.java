package org.libcube;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

/** Every failing status is a CubeException carrying the status and the library's own message. */
class ErrorTest {
    @Test
    void versionAndStatusNames() {
        assertTrue(CubeLib.version().matches("\\d+\\.\\d+\\.\\d+"), CubeLib.version());
        String[] parts = CubeLib.version().split("\\.");
        int number = Integer.parseInt(parts[0]) * 10000 + Integer.parseInt(parts[1]) * 100 + Integer.parseInt(parts[2]);
        assertEquals(number, CubeLib.versionNumber());
        assertEquals("CUBE_ERROR_PARSE", CubeLib.statusName(Status.PARSE));
        assertEquals("CUBE_OK", CubeLib.statusName(Status.OK));
        assertFalse(CubeLib.statusMessage(Status.CANCELLED).isEmpty());
        assertEquals(-9, Status.CANCELLED.swigValue());
        assertEquals(Status.BUFFER_TOO_SMALL, Status.swigToEnum(-10));
    }

    @Test
    void wrongFaceletCount() {
        CubeException e = assertThrows(CubeException.class, () -> Cube.fromFacelets("UUU"));
        assertEquals(Status.INVALID_CUBE, e.status());
        assertEquals("wrong length: 3 letters, expected 54 (3x3) or 24 (2x2)", e.getMessage());
    }

    @Test
    void nonAsciiFaceletLetter() {
        String facelets = "UUUUéUUUU" + CubeTest.SOLVED3.substring(9);
        CubeException e = assertThrows(CubeException.class, () -> Cube.fromFacelets(facelets));
        assertEquals(Status.INVALID_CUBE, e.status());
        assertEquals("facelet 5 is 'é' (U+00E9), not one of the ASCII letters U R F D L B", e.getMessage());
        CubeException validate = assertThrows(CubeException.class, () -> Cube.validate(facelets, 3));
        assertEquals(e.getMessage(), validate.getMessage());
    }

    @Test
    void unsolvableFacelets() {
        // Two corner stickers of the solved cube swapped: every letter count is right, the cube is not.
        char[] letters = CubeTest.SOLVED3.toCharArray();
        char first = letters[8];
        letters[8] = letters[9];
        letters[9] = first;
        CubeException e = assertThrows(CubeException.class, () -> Cube.validate(new String(letters), 3));
        assertEquals(Status.INVALID_CUBE, e.status());
        assertFalse(e.getMessage().isEmpty());
    }

    @Test
    void badRobotSpec() {
        CubeException e = assertThrows(CubeException.class, () -> Robot.parse("five-arm"));
        assertEquals(Status.PARSE, e.status());
        assertTrue(e.getMessage().contains("unknown family \"five-arm\""), e.getMessage());
    }

    @Test
    void unknownDriver() {
        try (DriverRegistry registry = new DriverRegistry()) {
            CubeException e = assertThrows(CubeException.class, () -> registry.open("teleporter:speed=1"));
            assertEquals(Status.NOT_FOUND, e.status());
            assertTrue(e.getMessage().startsWith("no driver named \"teleporter\""), e.getMessage());
        }
    }

    @Test
    void indexOutOfRange() {
        try (DriverRegistry registry = new DriverRegistry()) {
            int count = registry.count();
            CubeException e = assertThrows(CubeException.class, () -> registry.name(count));
            assertEquals(Status.INVALID_ARGUMENT, e.status());
            assertTrue(e.getMessage().startsWith("driver index " + count + " is out of range"), e.getMessage());
        }
    }

    @Test
    void utf8RoundTrip() {
        // Through the library and back: an accented letter and one outside the Basic Multilingual Plane,
        // which JNI's modified UTF-8 would have mangled.
        try (DriverRegistry registry = new DriverRegistry()) {
            String name = "sïm\uD83D\uDE00";
            CubeException e = assertThrows(CubeException.class, () -> registry.open(name + ":model=four-arm"));
            assertTrue(e.getMessage().contains("\"" + name + "\""), e.getMessage());
        }
        try (Moves moves = Moves.parse("R U")) {
            assertEquals("R U", moves.toString());
        }
    }

    @Test
    void useAfterCloseOfEveryKind() {
        Solver solver = new Solver();
        solver.close();
        try (Cube cube = new Cube(2)) {
            assertEquals("Solver is closed", assertThrows(CubeException.class, () -> solver.solve(cube)).getMessage());
        }
        Robot robot = new Robot(RobotFamily.FOUR_ARM);
        robot.close();
        assertEquals("Robot is closed", assertThrows(CubeException.class, robot::spec).getMessage());
        DriverRegistry registry = new DriverRegistry();
        registry.close();
        assertEquals("DriverRegistry is closed", assertThrows(CubeException.class, registry::count).getMessage());
        SolveOptions options = new SolveOptions();
        options.close();
        assertThrows(CubeException.class, () -> options.setMaxLength(3));
    }

    @Test
    void exceptionsAreUnchecked() {
        CubeException e = new CubeException(Status.IO, "disk on fire");
        assertTrue(e instanceof RuntimeException);
        assertEquals(Status.IO, e.status());
        assertEquals("disk on fire", e.getMessage());
    }

    @Test
    void unsupportedCall() {
        try (Cube cube = Cube.random(3, 5); SolveOptions options = new SolveOptions()) {
            CubeException e = assertThrows(CubeException.class, () -> TestTables.solver().countOptimal(cube, options));
            assertEquals(Status.UNSUPPORTED, e.status());
            assertTrue(e.getMessage().contains("2x2 only"), e.getMessage());
        }
    }

    /**
     * The text forms agree with C#'s and Python's: a value's content (facelets, notation, plan text, spec, "ok: "
     * and the solution), a snapshot's "Name(...)", and "Name(closed)" once closed: toString never throws.
     */
    @Test
    void closedObjectsSayClosedInTheirText() throws Exception {
        List<Progress> reports = TestTables.progressOfPrepare();
        try (DriverRegistry registry = new DriverRegistry(); Driver driver = registry.open("sim:model=four-arm,speed=0")) {
            Robot robot = Robot.parse(driver.robotSpec());
            Moves moves = Moves.parse("R U");
            Plan plan = robot.plan(moves);
            Cube cube = new Cube(3);
            Map<AutoCloseable, String> texts = new LinkedHashMap<>();
            texts.put(cube, cube.facelets());
            texts.put(moves, "R U");
            texts.put(plan, plan.text());
            texts.put(robot, robot.spec());
            texts.put(TestTables.solver().solveBatch(List.of(new Cube(2))).get(0), "ok: ");
            texts.put(plan.action(0), "PlanAction(");
            texts.put(driver.run(plan), "RunReport(");
            texts.put(driver.fault(), "DriverFault(");
            texts.put(reports.get(0), "Progress(");
            for (Map.Entry<AutoCloseable, String> entry : texts.entrySet()) {
                AutoCloseable item = entry.getKey();
                String name = item.getClass().getSimpleName();
                assertTrue(item.toString().startsWith(entry.getValue()), name + ": " + item);
                item.close();
                assertEquals(name + "(closed)", item.toString());
            }
        }
    }
}
