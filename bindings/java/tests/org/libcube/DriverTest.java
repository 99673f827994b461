package org.libcube;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Assumptions;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class DriverTest {
    static final String INSTANT_SIM = "sim:model=four-arm,speed=0";

    @Test
    void registryFindsTheSim(@TempDir Path empty) {
        try (DriverRegistry registry = new DriverRegistry(); DriverRegistry searched = new DriverRegistry(empty.toString())) {
            assertTrue(registry.count() >= 1);
            List<String> names = new ArrayList<>();
            for (int i = 0; i < registry.count(); i++) {
                names.add(registry.name(i));
                assertNotNull(registry.description(i));
                assertNotNull(registry.path(i));
            }
            assertTrue(names.contains("sim"), names.toString());
            assertNotNull(registry.problems());
            assertEquals("sim", searched.name(0));
            assertEquals(List.of(), searched.problems());
            CubeException e = assertThrows(CubeException.class, () -> searched.devices(0));
            assertFalse(e.getMessage().isEmpty());
        }
    }

    @Test
    void pluginListsItsDevices() {
        String folder = System.getenv("CUBE_TEST_PLUGIN_DIR");
        Assumptions.assumeTrue(folder != null, "no plugin that lists devices was built");
        try (DriverRegistry registry = new DriverRegistry(folder)) {
            assertEquals(2, registry.count(), registry.problems().toString());
            assertEquals("sim", registry.name(0));
            assertTrue(registry.path(1).startsWith(folder), registry.path(1));
            for (DeviceInfo device : registry.devices(1)) {
                assertTrue(device.uri().startsWith(registry.name(1) + ":"), device.toString());
                assertTrue(device.index() >= 0);
                assertNotNull(device.product());
                assertNotNull(device.serial());
                assertNotNull(device.detail());
            }
        }
    }

    @Test
    void lifecycleOfTheSim() {
        try (DriverRegistry registry = new DriverRegistry(); Driver driver = registry.open(INSTANT_SIM);
            Robot robot = new Robot(RobotFamily.FOUR_ARM)) {
            assertEquals("sim", driver.name());
            assertTrue(driver.robotSpec().startsWith("four-arm"), driver.robotSpec());
            assertEquals(DriverState.IDLE, driver.state());
            driver.prepare();
            assertArrayEquals(robot.restPositions(), driver.positions());
            driver.configure("scramble", "R U");
            assertEquals("0", driver.query("solved"));
            driver.rest();
            driver.stop(StopLevel.HALT);
            assertEquals(DriverState.STOPPED, driver.state());
            driver.prepare();
            assertEquals(DriverState.IDLE, driver.state());
            assertEquals(0, driver.commandsDone());
            try (DriverFault fault = driver.fault()) {
                assertEquals(FaultCode.NONE, fault.code());
            }
            CubeException e = assertThrows(CubeException.class, () -> driver.query("colour"));
            assertEquals(Status.UNSUPPORTED, e.status());
            assertThrows(CubeException.class, () -> driver.configure("teleport", "yes"));
        }
    }

    @Test
    void solveAndRunOnTheSim() {
        try (DriverRegistry registry = new DriverRegistry(); Driver driver = registry.open(INSTANT_SIM);
            Robot robot = Robot.parse(driver.robotSpec()); Cube cube = Cube.random(3, 2024);
            RobotSolveOptions solveOptions = new RobotSolveOptions();
            Plan plan = robot.solve(TestTables.solver(), cube, solveOptions); RunOptions options = new RunOptions()) {
            List<Integer> steps = new ArrayList<>();
            options.setCallback((done, count, planTimeUs) -> {
                assertEquals(plan.actionCount(), count);
                steps.add(done);
                return true;
            });
            try (RunReport report = driver.run(plan, options)) {
                assertEquals(Status.OK, report.status());
                assertEquals(plan.actionCount(), report.actionsDone());
                assertEquals(plan.actionCount(), report.actionCount());
                assertEquals(plan.totalUs(), report.planTimeUs());
                assertTrue(report.elapsedUs() >= 0);
            }
            assertFalse(steps.isEmpty(), "the run callback was called");
            assertEquals(plan.actionCount(), (int) steps.get(steps.size() - 1));
            assertEquals("1", driver.query("solved"));
            assertTrue(driver.commandsDone() > 0);
            try (RunReport last = driver.lastReport()) {
                assertEquals(Status.OK, last.status());
            }
        }
    }

    @Test
    void runWithDefaultOptions() {
        try (DriverRegistry registry = new DriverRegistry(); Driver driver = registry.open(INSTANT_SIM);
            Robot robot = Robot.parse(driver.robotSpec()); Moves moves = Moves.parse("R U R' U'");
            Plan plan = robot.plan(moves); RunReport report = driver.run(plan)) {
            assertEquals(plan.actionCount(), report.actionsDone());
        }
    }

    @Test
    void runOptions() {
        try (RunOptions options = new RunOptions()) {
            assertFalse(options.resume());
            assertEquals(StopLevel.HALT, options.stopLevel());
            assertEquals(0, options.marginMs());
            options.setResume(true);
            options.setStopLevel(StopLevel.DEENERGIZE);
            options.setMarginMs(250);
            assertTrue(options.resume());
            assertEquals(StopLevel.DEENERGIZE, options.stopLevel());
            assertEquals(250, options.marginMs());
            options.setCallback(null);
        }
    }

    @Test
    void callbackReturningFalseCancelsTheRun() {
        try (DriverRegistry registry = new DriverRegistry(); Driver driver = registry.open(INSTANT_SIM);
            Robot robot = Robot.parse(driver.robotSpec()); Moves moves = Moves.parse("R U R' U' F2");
            Plan plan = robot.plan(moves); RunOptions options = new RunOptions()) {
            options.setCallback((done, count, planTimeUs) -> done < 2);
            CubeException e = assertThrows(CubeException.class, () -> driver.run(plan, options));
            assertEquals(Status.CANCELLED, e.status());
            try (RunReport report = driver.lastReport(); DriverFault fault = driver.fault()) {
                assertEquals(Status.CANCELLED, report.status());
                assertTrue(report.actionsDone() < plan.actionCount());
                assertEquals(FaultCode.CANCELLED, fault.code());
                assertEquals(Status.CANCELLED, fault.status());
                assertEquals(report.actionsDone(), fault.actionIndex());
                assertEquals(-1, fault.actuator());
                assertEquals(0, fault.deviceBits());
                assertTrue(fault.positionsKnown());
                assertEquals(StopLevel.HALT.swigValue(), fault.stopLevel());
                assertTrue(fault.toString().startsWith("DriverFault(CANCELLED"), fault.toString());
            }
        }
    }

    @Test
    void wrongRobotIsRefused() {
        try (DriverRegistry registry = new DriverRegistry(); Driver driver = registry.open(INSTANT_SIM);
            Robot other = new Robot(RobotFamily.SIX_MOTOR); Moves moves = Moves.parse("R");
            Plan plan = other.plan(moves)) {
            CubeException e = assertThrows(CubeException.class, () -> driver.run(plan));
            assertEquals(Status.INVALID_ARGUMENT, e.status());
            try (DriverFault fault = driver.fault()) {
                assertEquals(FaultCode.MISMATCH, fault.code());
                assertFalse(fault.text().isEmpty());
            }
        }
    }

    @Test
    void faultStopsTheRun() {
        try (Robot robot = Robot.parse("four-arm"); Moves moves = Moves.parse("R U R' U'"); Plan plan = robot.plan(moves);
            DriverRegistry registry = new DriverRegistry(); Driver driver = registry.open(INSTANT_SIM + ",fail_after=3")) {
            CubeException e = assertThrows(CubeException.class, () -> driver.run(plan));
            try (DriverFault fault = driver.fault(); RunReport report = driver.lastReport()) {
                assertEquals(FaultCode.DEVICE, fault.code(), fault.toString());
                assertEquals(e.status(), report.status());
                assertTrue(report.actionsDone() < plan.actionCount());
                try (Moves rest = plan.remaining(report.actionsDone())) {
                    assertTrue(rest.count() > 0);
                }
            }
        }
    }
}
