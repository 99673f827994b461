import java.util.List;
import org.libcube.Cube;
import org.libcube.CubeException;
import org.libcube.CubeLib;
import org.libcube.Driver;
import org.libcube.DriverRegistry;
import org.libcube.Moves;
import org.libcube.Plan;
import org.libcube.Result;
import org.libcube.Robot;
import org.libcube.RobotFamily;
import org.libcube.RunOptions;
import org.libcube.RunReport;
import org.libcube.SolveOptions;
import org.libcube.Solver;
import org.libcube.TablePolicy;

/**
 * libcube from Java: scramble and solve a 2x2 and a 3x3, plan the 3x3 solution for a four-arm robot and
 * run the plan on the simulated driver. Every object owning native memory is closed by try-with-resources.
 *
 * The first 3x3 solve loads the solver's tables (about 320 MB) from $CUBE_TABLE_DIR, else ~/.cache/libcube,
 * building them there first if they are missing (about a minute).
 */
public final class Example {
    private Example() {
    }

    public static void main(String[] args) {
        System.out.println("libcube " + CubeLib.version());
        // null is the default table folder; FULL: prepare(3) returns once the full 3x3 tables are ready (the
        // default policy would answer from the compact ones meanwhile, 2-4 times slower). The callback reports
        // each stage of loading them.
        try (Solver solver = new Solver(null, TablePolicy.FULL, progress -> {
            System.out.printf("  tables: %s (%.0f%%)%n", progress.stage(), 100 * progress.fraction());
            return true; // false would cancel the load
        })) {
            solver.prepare(3);
            solveTwoByTwo(solver);
            try (Moves solution = solveThreeByThree(solver)) {
                runOnTheSimulator(solution);
            }
            solveABatch(solver);
        } catch (CubeException e) {
            System.err.println("libcube failed (" + e.status() + "): " + e.getMessage());
            System.exit(1);
        }
    }

    private static void solveTwoByTwo(Solver solver) {
        try (Moves scramble = Moves.scramble(2, 7, 12); Cube cube = new Cube(2)) {
            cube.apply(scramble);
            System.out.println("2x2 scramble:  " + scramble);
            try (Moves solution = solver.solve(cube)) {
                System.out.println("2x2 solution:  " + solution + " (" + solution.count() + " moves, optimal)");
                System.out.println("all optimal solutions: " + solver.solveAll(cube).size());
            }
        }
    }

    private static Moves solveThreeByThree(Solver solver) {
        try (Moves scramble = Moves.scramble(3, 2024, 25); Cube cube = new Cube(3)) {
            cube.apply(scramble);
            System.out.println("3x3 scramble:  " + scramble);
            System.out.println("3x3 facelets:  " + cube);
            Moves solution = solver.solve(cube);
            cube.apply(solution);
            System.out.println("3x3 solution:  " + solution + " (" + solution.count() + " moves), solved: "
                + cube.isSolved());
            return solution;
        }
    }

    /** A batch answers every cube: a solution, or why there is none (here: no solution of at most 5 moves). */
    private static void solveABatch(Solver solver) {
        try (Cube near = new Cube(3); Cube far = Cube.random(3, 7); SolveOptions options = new SolveOptions()) {
            near.apply("R U");
            options.setMaxLength(5);
            List<Result> results = solver.solveBatch(List.of(near, far), options, 2);
            for (Result result : results) {
                System.out.println("batch entry:   " + result); // "ok: U' R'" or "UNSOLVABLE: ..."
                result.close();
            }
        }
    }

    private static void runOnTheSimulator(Moves solution) {
        try (Robot robot = new Robot(RobotFamily.FOUR_ARM); Plan plan = robot.plan(solution);
            DriverRegistry registry = new DriverRegistry();
            Driver driver = registry.open("sim:model=four-arm,speed=0"); // speed=0: instant
            RunOptions options = new RunOptions()) {
            System.out.printf("four-arm plan: %d actions, %.2f s%n", plan.actionCount(), plan.totalUs() / 1e6);
            options.setCallback((done, count, planTimeUs) -> {
                if (done == count) {
                    System.out.println("  ran " + done + " of " + count + " actions");
                }
                return true; // false would cancel the run
            });
            try (RunReport report = driver.run(plan, options)) {
                System.out.println("run on " + driver.name() + ": " + report.status() + ", the sim's cube is "
                    + (driver.query("solved").equals("1") ? "solved" : "not solved"));
            }
        }
    }
}
