// libcube from C#: scrambles and solves a 2x2 and a 3x3, plans the 3x3 solve for a four-arm robot and runs
// the plan on the simulated driver. See README.md for how to build and run it.
using System;
using LibCube;

static class Example {
  static int Main() {
    Console.WriteLine("libcube " + CubeLib.Version());
    try {
      // null: the tables' default folder ($CUBE_TABLE_DIR, else ~/.cache/libcube), built on first use. Full:
      // Prepare(3) returns once the full 3x3 tables are ready (the default policy would answer from the
      // compact ones meanwhile, 2-4 times slower).
      using (Solver solver = new Solver(null, TablePolicy.Full, ShowProgress)) {
        solver.Prepare(3);
        Solve2x2(solver);
        Solve3x3(solver);
        SolveABatch(solver);
        RunOnRobot(solver);
      }
      return 0;
    } catch (CubeException e) {
      Console.Error.WriteLine("error ({0}): {1}", e.Status, e.Message);
      return 1;
    }
  }

  static bool ShowProgress(Progress progress) {
    Console.WriteLine("  tables: {0} {1:P0}", progress.Stage, progress.Fraction);
    return true;  // false would cancel
  }

  static void Solve2x2(Solver solver) {
    using (Moves scramble = Moves.Scramble(2, 7, 12))
    using (Cube cube = new Cube(2)) {
      cube.Apply(scramble);
      using (Moves solution = solver.Solve(cube)) {
        Console.WriteLine("2x2 scramble {0} -> optimal solution {1} ({2} moves)", scramble, solution, solution.Count);
        cube.Apply(solution);
        Console.WriteLine("2x2 solved: {0}", cube.IsSolved);
      }
    }
  }

  static void Solve3x3(Solver solver) {
    using (Cube cube = Cube.Random(3, 2024))
    using (SolveOptions options = new SolveOptions { MaxLength = 20, TimeoutMs = 5000 })
    using (Moves solution = solver.Solve(cube, options)) {
      Console.WriteLine("3x3 {0} -> {1} ({2} moves)", cube, solution, solution.Count);
      cube.Apply(solution);
      Console.WriteLine("3x3 solved: {0}", cube.IsSolved);
    }
  }

  // A batch answers every cube: a solution, or why there is none (here: no solution of at most 5 moves).
  static void SolveABatch(Solver solver) {
    using (Cube near = new Cube(3))
    using (Cube far = Cube.Random(3, 7))
    using (SolveOptions options = new SolveOptions { MaxLength = 5 }) {
      near.Apply("R U");
      foreach (Result result in solver.SolveBatch(new[] { near, far }, options, 2)) {
        Console.WriteLine("batch entry: {0}", result);  // "ok: U' R'" or "Unsolvable: ..."
        result.Dispose();
      }
    }
  }

  static void RunOnRobot(Solver solver) {
    using (Robot robot = Robot.Parse("four-arm"))
    using (Cube cube = Cube.Random(3, 2025))
    using (Plan plan = robot.Solve(solver, cube))
    using (DriverRegistry registry = new DriverRegistry())
    using (Driver driver = registry.Open("sim:model=four-arm,speed=0"))
    using (RunOptions run = new RunOptions()) {
      Console.WriteLine("plan for {0}: {1} actions, {2:0.000} s", robot, plan.ActionCount, plan.TotalUs / 1e6);
      run.OnStep = (done, count, planTimeUs) => {
        if (done == count) {
          Console.WriteLine("  ran {0} of {1} actions", done, count);
        }
        return true;  // false would cancel the run
      };
      using (RunReport report = driver.Run(plan, run)) {
        Console.WriteLine("run on {0}: {1}", driver.Name, report);
      }
    }
  }
}
