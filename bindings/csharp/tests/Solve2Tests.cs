// The optimal 2x2 solver through the binding: known distances, every optimal solution, targets, metrics.
using System.Collections.Generic;
using NUnit.Framework;

namespace LibCube.Tests {

[TestFixture]
public class Solve2Tests : OwnSolverFixture {
  // Two of the 2644 states at the 2x2's largest HTM distance (11), found with `cube random --size 2`.
  const string Far1 = "DURFURFLDRBUULDDRFLLBBFB";
  const string Far2 = "UBUBRRLRFUFUDBDFRLLLDFDB";

  static Cube Scrambled(string notation) {
    Cube cube = new Cube(2);
    cube.Apply(notation);
    return cube;
  }

  void AssertSolves(Cube cube, Moves solution) {
    using (Cube copy = cube.Copy()) {
      copy.Apply(solution);
      Assert.IsTrue(copy.IsSolved, "{0} does not solve {1}", solution, cube);
    }
  }

  [Test]
  public void SolvedCubeNeedsNoMoves() {
    using (Cube cube = new Cube(2))
    using (Moves solution = solver.Solve(cube)) {
      Assert.AreEqual(0, solution.Count);
    }
  }

  [TestCase("R U", 2)]
  [TestCase("R U R' U'", 4)]
  [TestCase("R2 F2 U2", 3)]
  public void OptimalLengths(string scramble, int length) {
    using (Cube cube = Scrambled(scramble))
    using (Moves solution = solver.Solve(cube)) {
      Assert.AreEqual(length, solution.Count);
      AssertSolves(cube, solution);
    }
  }

  [TestCase(Far1)]
  [TestCase(Far2)]
  public void FarthestStatesTakeElevenMoves(string facelets) {
    using (Cube cube = Cube.FromFacelets(facelets))
    using (Cube solved = new Cube(2))
    using (SolveOptions options = new SolveOptions())
    using (Moves solution = solver.Solve(cube, options)) {
      Assert.AreEqual(11, solution.Count);
      Assert.AreEqual(11, solution.Length(Metric.Htm));
      Assert.AreEqual(11, solver.Distance(cube, solved, options));
      AssertSolves(cube, solution);
    }
  }

  [Test]
  public void QuarterTurnMetric() {
    using (Cube cube = Cube.FromFacelets(Far1))
    using (SolveOptions options = new SolveOptions { Metric = Metric.Qtm })
    using (Moves solution = solver.Solve(cube, options)) {
      Assert.AreEqual(Metric.Qtm, options.Metric);
      Assert.AreEqual(13, solution.Length(Metric.Qtm));
      AssertSolves(cube, solution);
    }
  }

  [Test]
  public void SolveAllGivesEveryOptimalSolution() {
    using (Cube cube = Cube.FromFacelets(Far1))
    using (SolveOptions options = new SolveOptions()) {
      long count = solver.CountOptimal(cube, options);
      Assert.AreEqual(66, count);
      List<Moves> all = solver.SolveAll(cube);
      Assert.AreEqual(count, all.Count);
      HashSet<string> distinct = new HashSet<string>();
      foreach (Moves solution in all) {
        Assert.AreEqual(11, solution.Count);
        AssertSolves(cube, solution);
        distinct.Add(solution.Text);
        solution.Dispose();
      }
      Assert.AreEqual(count, distinct.Count);
      IEnumerable<Moves> three = solver.SolveAll(cube, options, 3);
      int seen = 0;
      foreach (Moves solution in three) {
        seen++;
        solution.Dispose();
      }
      Assert.AreEqual(3, seen);
    }
  }

  [Test]
  public void SolveToATarget() {
    using (Cube cube = Scrambled("R U"))
    using (Cube target = Scrambled("R"))
    using (SolveOptions options = new SolveOptions())
    using (Moves moves = solver.SolveTo(cube, target, options)) {
      Assert.AreEqual("U'", moves.Text);
      Assert.AreEqual(1, solver.Distance(cube, target, options));
    }
  }

  [Test]
  public void MaxLengthTooShortIsUnsolvable() {
    using (Cube cube = Cube.FromFacelets(Far2))
    using (SolveOptions options = new SolveOptions { MaxLength = 10 }) {
      Assert.AreEqual(10, options.MaxLength);
      CubeException e = Assert.Throws<CubeException>(() => solver.Solve(cube, options));
      Assert.AreEqual(Status.Unsolvable, e.Status, e.Message);
    }
  }

  [Test]
  public void PrepareLoadsTheTablesAhead() {
    using (Solver fresh = new Solver())
    using (CancelToken cancel = new CancelToken()) {
      fresh.Prepare(2);
      fresh.Prepare(2, cancel);
    }
  }
}

}
