package org.libcube;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class RobotTest {
    @Test
    void everyFamily() {
        for (RobotFamily family : RobotFamily.values()) {
            if (family == RobotFamily.DESCRIBED) {
                // Its mechanism comes only as text (describedMechanism()).
                CubeException e = assertThrows(CubeException.class, () -> new Robot(family));
                assertEquals(Status.INVALID_ARGUMENT, e.status());
                continue;
            }
            try (Robot robot = new Robot(family)) {
                assertEquals(family, robot.family());
                assertTrue(robot.actuatorCount() > 0);
                assertEquals(robot.actuatorCount(), robot.restPositions().length);
                for (int i = 0; i < robot.actuatorCount(); i++) {
                    assertFalse(robot.actuatorName(i).isEmpty());
                }
                try (Robot again = Robot.parse(robot.spec())) {
                    assertEquals(robot.spec(), again.spec());
                    assertEquals(robot.toString(), again.spec());
                }
            }
        }
    }

    @Test
    void describedMechanism() {
        try (Robot robot = Robot.parse("hold-and-flip:described=1")) {
            assertEquals(RobotFamily.DESCRIBED, robot.family());
            assertTrue(robot.spec().contains("actuator cover cover clamp:D flip:x hides"));
            try (Robot again = Robot.parse(robot.spec())) {
                assertEquals(robot.spec(), again.spec());
            }
        }
    }

    @Test
    void holdAndFlipAndStepTimes() {
        try (Robot robot = Robot.parse("hold-and-flip:cover.close-flip=600")) {
            assertEquals(RobotFamily.HOLD_FLIP, robot.family());
            assertTrue(robot.spec().contains("cover.close-flip=600"));
            int flip = ActionKind.FLIP.swigValue();
            assertArrayEquals(new int[] {600000}, robot.stepMicros(new int[] {0, 1}, new int[] {1, flip, 1}));
            CubeException e = assertThrows(CubeException.class,
                    () -> robot.stepMicros(new int[] {0, 0}, new int[] {7, flip, 1}));
            assertEquals(Status.INVALID_ARGUMENT, e.status());
        }
    }

    @Test
    void loadFromFile(@TempDir Path dir) throws IOException {
        Path file = dir.resolve("robot.txt");
        try (Robot robot = new Robot(RobotFamily.TWO_GRIPPER)) {
            Files.writeString(file, robot.spec() + "\n", StandardCharsets.UTF_8);
            try (Robot loaded = Robot.load(file.toString())) {
                assertEquals(RobotFamily.TWO_GRIPPER, loaded.family());
            }
        }
        CubeException e = assertThrows(CubeException.class, () -> Robot.load(dir.resolve("missing").toString()));
        assertEquals(Status.NOT_FOUND, e.status());
    }

    @Test
    void planAndReadIt() {
        try (Robot robot = Robot.parse("four-arm"); Moves moves = Moves.parse("R U R' U'"); Plan plan = robot.plan(moves)) {
            plan.check();
            assertTrue(plan.actionCount() > 0);
            assertTrue(plan.totalUs() > 0);
            int lastEnd = 0;
            for (int i = 0; i < plan.actionCount(); i++) {
                try (PlanAction action = plan.action(i)) {
                    assertTrue(action.actuator() >= 0 && action.actuator() < robot.actuatorCount());
                    assertTrue(action.endUs() > action.startUs());
                    assertNotNull(action.kind());
                    assertTrue(action.toString().startsWith("PlanAction(actuator "), action.toString());
                    assertTrue(action.moveIndex() >= -1 && action.moveIndex() < moves.count());
                    lastEnd = Math.max(lastEnd, action.endUs());
                }
            }
            assertEquals(plan.totalUs(), lastEnd);
            try (Moves planned = plan.moves(); Robot planRobot = plan.robot()) {
                assertEquals(moves, planned);
                assertEquals(robot.spec(), planRobot.spec());
            }
            assertArrayEquals(robot.restPositions(), plan.startPositions());
            try (Moves all = plan.remaining(0); Moves none = plan.remaining(plan.actionCount())) {
                assertEquals(moves, all);
                assertEquals(0, none.count());
            }
            assertEquals(plan.text(), plan.toString());
            assertTrue(plan.json().startsWith("{"), plan.json());
            CubeException e = assertThrows(CubeException.class, () -> plan.action(plan.actionCount()));
            assertEquals(Status.INVALID_ARGUMENT, e.status());
        }
    }

    @Test
    void sixMotorOverlapCutsCorners() {
        try (Robot cutting = Robot.parse("six-motor:overlap=0.3"); Robot plain = Robot.parse("six-motor");
             Moves moves = Moves.parse("U R F"); Plan fast = cutting.plan(moves); Plan slow = plain.plan(moves)) {
            assertTrue(cutting.spec().contains(",overlap=0.3"), cutting.spec());
            fast.check();
            assertEquals(48000, fast.totalUs());  // R and F start when the turn before has done 70%
            assertEquals(60000, slow.totalUs());
        }
        CubeException e = assertThrows(CubeException.class, () -> Robot.parse("four-arm:overlap=0.2"));
        assertTrue(e.getMessage().contains("only a six-motor robot cuts corners"), e.getMessage());
    }

    @Test
    void planOptions() {
        try (Robot robot = new Robot(RobotFamily.FOUR_ARM); Moves moves = Moves.parse("F B2 L");
            PlanOptions options = new PlanOptions()) {
            assertEquals(PlanStrategy.OPTIMAL, options.strategy());
            assertEquals(PlanFinish.REST, options.finish());
            assertEquals(0, options.startPositions().length);
            options.setStrategy(PlanStrategy.GREEDY);
            options.setFinish(PlanFinish.ANYWHERE);
            options.setStartPositions(robot.restPositions());
            assertArrayEquals(robot.restPositions(), options.startPositions());
            try (Plan greedy = robot.plan(moves, options)) {
                greedy.check();
            }
            options.setStrategy(PlanStrategy.NAIVE);
            try (Plan naive = robot.plan(moves, options)) {
                naive.check();
            }
            CubeException missing = assertThrows(CubeException.class, () -> options.setStartPositions(null));
            assertEquals("positions is null", missing.getMessage());
        }
    }

    @Test
    void solveForTheRobot() {
        try (Robot robot = new Robot(RobotFamily.FOUR_ARM); Cube cube = Cube.random(3, 11);
            RobotSolveOptions options = new RobotSolveOptions()) {
            options.setCandidates(4);
            options.setExtraLength(1);
            options.setTimeoutMs(5000);
            options.setStrategy(PlanStrategy.GREEDY);
            options.setShortestMs(100);
            assertEquals(4, options.candidates());
            assertEquals(1, options.extraLength());
            assertEquals(5000, options.timeoutMs());
            assertEquals(PlanStrategy.GREEDY, options.strategy());
            assertEquals(100, options.shortestMs());
            try (CancelToken cancel = new CancelToken()) {
                options.setCancel(cancel);
                options.clearCancel();
            }
            try (Plan plan = robot.solve(TestTables.solver(), cube, options); Moves moves = plan.moves()) {
                plan.check();
                assertTrue(TestTables.solves(moves, cube));
            }
        }
    }
}
