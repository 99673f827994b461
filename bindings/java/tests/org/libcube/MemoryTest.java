package org.libcube;

import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;

/** Objects never closed are freed by the Cleaner: resident memory stays bounded. */
class MemoryTest {
    private static final int OBJECTS = 100_000;
    private static final int ROUND = 10_000;
    private static final long BOUND_MB = 50;

    @Test
    void droppedObjectsAreFreed() throws Exception {
        settle();
        long before = residentMb();
        for (int i = 0; i < OBJECTS; i++) {
            // Half of them hold about 2 KB of native memory: some 100 MB if nothing were freed.
            if (i % 2 == 0) {
                Moves.scramble(3, i, 300);
            } else {
                Cube.random(3, i);
            }
            if ((i + 1) % ROUND == 0) {
                settle();
            }
        }
        settle();
        long grown = residentMb() - before;
        assertTrue(grown < BOUND_MB, "resident memory grew by " + grown + " MB");
    }

    /** Collects garbage and gives the Cleaner's thread time to free what it found. */
    private static void settle() throws InterruptedException {
        for (int i = 0; i < 3; i++) {
            System.gc();
            Thread.sleep(20);
        }
    }

    private static long residentMb() throws IOException {
        for (String line : Files.readAllLines(Path.of("/proc/self/status"))) {
            if (line.startsWith("VmRSS:")) {
                return Long.parseLong(line.replaceAll("[^0-9]", "")) / 1024;
            }
        }
        throw new IOException("no VmRSS in /proc/self/status");
    }

    /** Listeners, options holding them, objects already closed and objects another needs, all left to the Cleaner. */
    @Test
    void cleanersFreeEveryKindWithoutACrash() throws Exception {
        for (int i = 0; i < 200; i++) {
            new Solver(TestTables.dir(), progress -> true);
            new RunOptions().setCallback((done, count, us) -> true);
            new Cube(2).close();
            try (Robot robot = new Robot(RobotFamily.TWO_GRIPPER); Moves moves = Moves.parse("R")) {
                robot.plan(moves);
            }
            new DriverRegistry().open("sim:speed=0");
            new CancelToken();
        }
        settle();
        try (Cube cube = new Cube(3)) {
            assertTrue(cube.isSolved());
        }
    }
}
