package org.libcube;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.Test;

/**
 * DriverRegistry with a search path: the plugins of the build ($CUBE_TEST_DRIVER_PATH: the sim as a plugin and,
 * when built, the Maestro driver) and files it refuses. The C# PluginTests test the same.
 */
class PluginTest {
    private static String pluginPath() {
        String path = System.getenv("CUBE_TEST_DRIVER_PATH");
        assertTrue(path != null && !path.isEmpty(), "CUBE_TEST_DRIVER_PATH must name the build's driver plugin folders");
        return path;
    }

    private static int indexOf(DriverRegistry registry, String name) {
        for (int i = 0; i < registry.count(); i++) {
            if (registry.name(i).equals(name)) {
                return i;
            }
        }
        return -1;
    }

    @Test
    void pluginRunsAPlan() {
        try (DriverRegistry registry = new DriverRegistry(pluginPath())) {
            int index = indexOf(registry, "sim-plugin");
            assertTrue(index >= 0, registry.problems().toString());
            assertTrue(registry.path(index).endsWith("cube-driver-sim-plugin.so"), registry.path(index));
            assertTrue(registry.description(index).contains("plugin"), registry.description(index));
            try (Robot robot = Robot.parse("four-arm"); Moves moves = Moves.parse("R U"); Plan plan = robot.plan(moves);
                Driver driver = registry.open("sim-plugin:model=four-arm,speed=0"); RunReport report = driver.run(plan)) {
                assertEquals("sim-plugin", driver.name());
                assertEquals(plan.actionCount(), report.actionsDone());
            }
        }
    }

    @Test
    void refusedFilesAreProblems() throws Exception {
        Path dir = Files.createTempDirectory("libcube-java-");
        Path junk = dir.resolve("cube-driver-junk.so");
        try {
            Files.writeString(junk, "not a shared object");
            try (DriverRegistry registry = new DriverRegistry(dir.toString())) {
                List<String> problems = registry.problems();
                assertEquals(1, problems.size(), String.join("\n", problems));
                assertTrue(problems.get(0).contains("cube-driver-junk.so"), problems.get(0));
                assertEquals(-1, indexOf(registry, "junk"));
            }
        } finally {
            Files.deleteIfExists(junk);
            Files.deleteIfExists(dir);
        }
    }
}
