// The 3x3 solver through the binding: solutions applied back give solved; options; batches.
using System.Collections.Generic;
using NUnit.Framework;

namespace LibCube.Tests {

[TestFixture]
public class Solve3Tests {
  static void AssertSolves(Cube cube, Moves solution) {
    using (Cube copy = cube.Copy()) {
      copy.Apply(solution);
      Assert.IsTrue(copy.IsSolved, "{0} does not solve {1}", solution, cube);
    }
  }

  [Test]
  public void RandomStatesAreSolved() {
    for (long seed = 1; seed <= 10; seed++) {
      using (Cube cube = Cube.Random(3, seed))
      using (Moves solution = TestTables.Solver.Solve(cube)) {
        Assert.LessOrEqual(solution.Count, 20);
        AssertSolves(cube, solution);
      }
    }
  }

  [Test]
  public void OptionsAreKeptAndUsed() {
    using (Cube cube = Cube.Random(3, 11))
    using (SolveOptions options = new SolveOptions { MaxLength = 21, TimeoutMs = 5000, MinEffort = false }) {
      Assert.AreEqual(21, options.MaxLength);
      Assert.AreEqual(5000, options.TimeoutMs);
      Assert.IsFalse(options.MinEffort);
      Assert.AreEqual(Metric.Htm, options.Metric);
      using (Moves solution = TestTables.Solver.Solve(cube, options)) {
        Assert.LessOrEqual(solution.Count, 21);
        AssertSolves(cube, solution);
      }
    }
  }

  [Test]
  public void MinEffortFindsAShortSolution() {
    using (Cube cube = Cube.Random(3, 12))
    using (SolveOptions options = new SolveOptions { MinEffort = true, TimeoutMs = 500 })
    using (Moves solution = TestTables.Solver.Solve(cube, options)) {
      Assert.LessOrEqual(solution.Count, 20);
      AssertSolves(cube, solution);
    }
  }

  [Test]
  public void SolveToATarget() {
    using (Cube cube = Cube.Random(3, 13))
    using (Cube target = Cube.Random(3, 14))
    using (SolveOptions options = new SolveOptions())
    using (Moves moves = TestTables.Solver.SolveTo(cube, target, options)) {
      cube.Apply(moves);
      Assert.AreEqual(target, cube);
    }
  }

  [Test]
  public void SolveBatchKeepsTheOrder() {
    List<Cube> cubes = new List<Cube>();
    for (long seed = 20; seed < 26; seed++) {
      cubes.Add(Cube.Random(3, seed));
    }
    cubes.Add(new Cube(3));
    using (SolveOptions options = new SolveOptions()) {
      List<Moves> solutions = TestTables.Solver.SolveBatch(cubes, options, 2);
      Assert.AreEqual(cubes.Count, solutions.Count);
      Assert.AreEqual(0, solutions[cubes.Count - 1].Count);
      for (int i = 0; i < cubes.Count; i++) {
        AssertSolves(cubes[i], solutions[i]);
        solutions[i].Dispose();
      }
    }
    foreach (Cube cube in cubes) {
      cube.Dispose();
    }
  }

  [Test]
  public void SolveBatchThrowsTheFirstFailure() {
    using (Cube solved = new Cube(3))
    using (Cube scrambled = Cube.Random(3, 30))
    using (SolveOptions options = new SolveOptions { MaxLength = 2 }) {
      CubeException e = Assert.Throws<CubeException>(() =>
          TestTables.Solver.SolveBatch(new List<Cube> { solved, scrambled }, options, 1));
      Assert.AreEqual(Status.Unsolvable, e.Status, e.Message);
    }
  }

  [Test]
  public void EveryTablePolicyGivesASolution() {
    foreach (TablePolicy policy in new[] { TablePolicy.Auto, TablePolicy.Compact, TablePolicy.Full }) {
      using (Solver solver = new Solver(policy, ""))
      using (Cube cube = Cube.Random(3, 8))
      using (Moves solution = solver.Solve(cube)) {
        Assert.LessOrEqual(solution.Count, 20, policy.ToString());
        AssertSolves(cube, solution);
      }
    }
  }

  [Test]
  public void SolveBatchWithDefaults() {
    using (Cube cube = Cube.Random(3, 31)) {
      List<Moves> solutions = TestTables.Solver.SolveBatch(new[] { cube });
      Assert.AreEqual(1, solutions.Count);
      AssertSolves(cube, solutions[0]);
      solutions[0].Dispose();
    }
  }
}

}
