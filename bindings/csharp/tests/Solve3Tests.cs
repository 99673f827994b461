// The 3x3 solver through the binding: solutions applied back give solved; options; batches.
using System;
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
      IReadOnlyList<Result> results = TestTables.Solver.SolveBatch(cubes, options, 2);
      Assert.AreEqual(cubes.Count, results.Count);
      for (int i = 0; i < cubes.Count; i++) {
        using (Result result = results[i])
        using (Moves solution = result.Moves()) {
          Assert.AreEqual(i == cubes.Count - 1, solution.Count == 0);
          AssertSolves(cubes[i], solution);
        }
      }
    }
    foreach (Cube cube in cubes) {
      cube.Dispose();
    }
  }

  [Test]
  public void SolveBatchAnswersEachEntryWhenSomeFail() {
    using (Cube solved = new Cube(3))
    using (Cube scrambled = Cube.Random(3, 30))
    using (Cube oneTurn = new Cube(3))
    using (SolveOptions options = new SolveOptions { MaxLength = 2 }) {
      oneTurn.Apply("R");
      IReadOnlyList<Result> results =
          TestTables.Solver.SolveBatch(new List<Cube> { solved, scrambled, oneTurn, scrambled }, options, 2);
      Assert.AreEqual(4, results.Count);
      foreach (int i in new[] { 0, 2 }) {
        Assert.IsTrue(results[i].IsOk, results[i].ToString());
        Assert.AreEqual(Status.Ok, results[i].Status);
        Assert.AreEqual("", results[i].Message);
        using (Moves solution = results[i].Moves()) {
          Assert.AreEqual(i / 2, solution.Count);
        }
        StringAssert.StartsWith("ok: ", results[i].ToString());
      }
      foreach (int i in new[] { 1, 3 }) {
        Assert.IsFalse(results[i].IsOk);
        Assert.AreEqual(Status.Unsolvable, results[i].Status);
        StringAssert.Contains("2", results[i].Message);
        CubeException e = Assert.Throws<CubeException>(() => results[i].Moves());
        Assert.AreEqual(Status.Unsolvable, e.Status);
        StringAssert.StartsWith("entry " + i + ": ", e.Message);
      }
      Assert.Throws<NotSupportedException>(() => ((IList<Result>)results).RemoveAt(0));
      foreach (Result result in results) {
        result.Dispose();
      }
      CubeException closed = Assert.Throws<CubeException>(() => { bool ok = results[0].IsOk; });
      Assert.AreEqual("Result is closed", closed.Message);
    }
  }

  [Test]
  public void EveryTablePolicyGivesASolution() {
    foreach (TablePolicy policy in new[] { TablePolicy.Auto, TablePolicy.Compact, TablePolicy.Full }) {
      using (Solver solver = new Solver(null, policy, null))
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
      IReadOnlyList<Result> results = TestTables.Solver.SolveBatch(new[] { cube });
      Assert.AreEqual(1, results.Count);
      using (Moves solution = results[0].Moves()) {
        AssertSolves(cube, solution);
      }
      results[0].Dispose();
    }
  }

  [Test]
  public void BatchRefusesNullAndClosedCubes() {
    Cube closed = new Cube(2);
    closed.Dispose();
    CubeException e = Assert.Throws<CubeException>(() => TestTables.Solver.SolveBatch(new List<Cube> { closed }));
    Assert.AreEqual("Cube is closed", e.Message);
    CubeException missing = Assert.Throws<CubeException>(() => TestTables.Solver.SolveBatch(new List<Cube> { null }));
    Assert.AreEqual("cube is null", missing.Message);
    CubeException list = Assert.Throws<CubeException>(() => TestTables.Solver.SolveBatch(null));
    Assert.AreEqual("cubes is null", list.Message);
  }

  [Test]
  public void DefaultSolverUsesCubeTableDir() {
    Assert.IsNotNullOrEmpty(Environment.GetEnvironmentVariable("CUBE_TABLE_DIR"));
    using (Solver solver = new Solver())
    using (Cube cube = Cube.Random(3, 7))
    using (Moves solution = solver.Solve(cube)) {
      AssertSolves(cube, solution);
    }
  }

  [Test]
  public void QuarterTurnsAreForTheTwoByTwo() {
    using (Cube cube = Cube.Random(3, 1))
    using (SolveOptions options = new SolveOptions { Metric = Metric.Qtm }) {
      CubeException e = Assert.Throws<CubeException>(() => TestTables.Solver.Solve(cube, options));
      Assert.AreEqual(Status.Unsupported, e.Status, e.Message);
    }
  }

  [Test]
  public void ScrambleThenSolve() {
    using (Moves scramble = Moves.Scramble(3, 99, 30))
    using (Cube cube = new Cube(3)) {
      cube.Apply(scramble);
      using (Moves solution = TestTables.Solver.Solve(cube)) {
        AssertSolves(cube, solution);
      }
    }
  }

  [Test]
  public void TimeoutError() {
    using (Cube cube = Cube.Random(3, 2))
    using (SolveOptions options = new SolveOptions { MaxLength = 10, TimeoutMs = 200 }) {
      CubeException e = Assert.Throws<CubeException>(() => TestTables.Solver.Solve(cube, options));
      Assert.That(e.Status, Is.EqualTo(Status.Timeout).Or.EqualTo(Status.Unsolvable), e.Message);
      Assert.IsNotEmpty(e.Message);
    }
  }
}

}
