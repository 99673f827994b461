package org.libcube.bench;

import java.util.ArrayList;
import java.util.List;
import org.libcube.Cube;
import org.libcube.Moves;
import org.libcube.Solver;

/**
 * The Java side of the bindings benchmark (tests/bench/bench_bindings.sh), the same work as
 * tests/bench/bench_bindings_c.c. Usage: BindingsBench MODE COUNT SEED
 *   solve3      COUNT random 3x3 cubes (SEED + i) built first; after one untimed solve has loaded the tables,
 *               times solving each once with the default options on one solver, closing each solution.
 *   roundtrip2  COUNT random 2x2 cubes (SEED + i) built first; times COUNT solves, closing each solution.
 * Prints one line: MODE COUNT TOTAL_US CPU_US (the timed part in whole microseconds: wall-clock time and the
 * process's CPU time, all its threads: JIT and GC included). Needs CUBE_TABLE_DIR for solve3.
 */
public final class BindingsBench {
    private BindingsBench() {
    }

    public static void main(String[] args) {
        if (args.length != 3 || !(args[0].equals("solve3") || args[0].equals("roundtrip2"))) {
            System.err.println("usage: BindingsBench solve3|roundtrip2 COUNT SEED");
            System.exit(2);
        }
        String mode = args[0];
        int size = mode.equals("solve3") ? 3 : 2;
        int count = Integer.parseInt(args[1]);
        long seed = Long.parseLong(args[2]);
        if (count < 1) {
            System.err.println("BindingsBench: COUNT must be at least 1");
            System.exit(2);
        }

        List<Cube> cubes = new ArrayList<>(count);
        for (int i = 0; i < count; i++) {
            cubes.add(Cube.random(size, seed + i));
        }
        try (Solver solver = new Solver()) {
            if (size == 3) {
                solver.solve(cubes.get(0)).close(); // loads the tables before timing
            }
            long cpuStart = processCpuNanos();
            long start = System.nanoTime();
            for (Cube cube : cubes) {
                Moves solution = solver.solve(cube);
                solution.close();
            }
            long totalUs = (System.nanoTime() - start) / 1000;
            long cpuUs = (processCpuNanos() - cpuStart) / 1000;
            System.out.println(mode + " " + count + " " + totalUs + " " + cpuUs);
        }
        cubes.forEach(Cube::close);
    }

    /** CPU time of the whole process (every thread), in nanoseconds. */
    private static long processCpuNanos() {
        java.lang.management.OperatingSystemMXBean os = java.lang.management.ManagementFactory.getOperatingSystemMXBean();
        return ((com.sun.management.OperatingSystemMXBean) os).getProcessCpuTime();
    }
}
