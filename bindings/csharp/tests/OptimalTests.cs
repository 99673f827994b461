// Optimal 3x3 solving: lengths, every solution, MaxLength, cancel from the progress handler, time out.
using System;
using System.Collections.Generic;
using System.Diagnostics;
using NUnit.Framework;

namespace LibCube.Tests {

[TestFixture]
public class OptimalTests {
  const string Scramble = "R U F' D2 L B'";

  static Cube Scrambled(string notation) {
    Cube cube = new Cube(3);
    cube.Apply(notation);
    return cube;
  }

  static bool Solves(Moves solution, Cube cube) {
    using (Cube copy = cube.Copy()) {
      copy.Apply(solution);
      return copy.IsSolved;
    }
  }

  [Test]
  public void ShortScrambleSolvedWithItsLength() {
    using (Cube cube = Scrambled(Scramble))
    using (OptimalOptions options = new OptimalOptions { Threads = 2 }) {
      Assert.AreEqual(Metric.Htm, options.Metric);
      Assert.AreEqual(0, options.MaxLength);
      using (OptimalResult result = TestTables.Solver.SolveOptimal(cube, options))
      using (Moves solution = result.Solution()) {
        Assert.AreEqual(6, result.Length);
        Assert.AreEqual(6, solution.Length(Metric.Htm));
        Assert.IsTrue(result.IsProvenOptimal);
        Assert.AreEqual(6, result.LowerBound);
        Assert.Greater(result.Nodes, 0);
        Assert.IsFalse(result.HasStandardTable && result.HasSmallTable); // one table at most
        Assert.IsFalse(result.HasH48Table && (result.HasStandardTable || result.HasSmallTable));
        Assert.AreEqual(1, result.Count);
        Assert.IsTrue(Solves(solution, cube));
      }
    }
  }

  [Test]
  public void QuarterTurnsAndEverySolution() {
    using (Cube cube = Scrambled("R2 U"))
    using (OptimalOptions options = new OptimalOptions { Metric = Metric.Qtm })
    using (OptimalResult result = TestTables.Solver.SolveOptimal(cube, options)) {
      Assert.AreEqual(3, result.Length);
    }
    using (Cube cube = Scrambled("R2 L2 U2 D2"))
    using (OptimalOptions options = new OptimalOptions { AllSolutions = true, Limit = 1 })
    using (OptimalResult result = TestTables.Solver.SolveOptimal(cube, options)) {
      List<Moves> solutions = result.Solutions();
      Assert.AreEqual(1, solutions.Count);
      Assert.IsTrue(Solves(solutions[0], cube));
      solutions.ForEach(m => m.Dispose());
    }
  }

  [Test]
  public void MaxLengthTooSmallIsNoSolution() {
    using (Cube cube = Scrambled(Scramble))
    using (OptimalOptions options = new OptimalOptions { MaxLength = 4 }) {
      OptimalSearchException e =
          Assert.Throws<OptimalSearchException>(() => TestTables.Solver.SolveOptimal(cube, options));
      Assert.AreEqual(Status.Unsolvable, e.Status);
      StringAssert.Contains("no solution of at most 4 moves", e.Message);
      Assert.GreaterOrEqual(e.LowerBound, 5);
    }
  }

  [Test]
  public void CancelFromTheProgressHandler() {
    int calls = 0;
    using (Cube cube = Cube.Random(3, 5))
    using (OptimalOptions options = new OptimalOptions { TimeoutMs = 60000 }) {
      OptimalSearchException e = Assert.Throws<OptimalSearchException>(
          () => TestTables.Solver.SolveOptimal(cube, options, progress => {
            calls++;
            Assert.IsTrue(progress.Depth > 0 && progress.Stage.StartsWith("searching depth"));
            return progress.Depth < 12; // false cancels
          }));
      Assert.AreEqual(Status.Cancelled, e.Status);
      Assert.AreEqual(12, e.LowerBound);
      Assert.GreaterOrEqual(calls, 1);
    }
  }

  [Test]
  public void TimeoutGivesTheLowerBoundReached() {
    using (Cube cube = Cube.Random(3, 6))
    using (OptimalOptions options = new OptimalOptions { TimeoutMs = 300 }) {
      Stopwatch watch = Stopwatch.StartNew();
      OptimalSearchException e =
          Assert.Throws<OptimalSearchException>(() => TestTables.Solver.SolveOptimal(cube, options));
      Assert.AreEqual(Status.Timeout, e.Status);
      Assert.That(e.LowerBound, Is.InRange(1, 20));
      Assert.Less(watch.ElapsedMilliseconds, 20000);
    }
  }

  [Test]
  public void BadInputThrowsCubeException() {
    using (Cube cube = new Cube(2))
    using (OptimalOptions options = new OptimalOptions()) {
      CubeException e = Assert.Throws<CubeException>(() => TestTables.Solver.SolveOptimal(cube, options));
      Assert.AreEqual(Status.Unsupported, e.Status);
    }
    using (Cube cube = new Cube(3))
    using (OptimalOptions options = new OptimalOptions { Metric = Metric.Stm }) {
      CubeException e = Assert.Throws<CubeException>(() => TestTables.Solver.SolveOptimal(cube, options));
      Assert.AreEqual(Status.InvalidArgument, e.Status);
    }
  }

  [Test]
  public void AnExceptionOfTheCallbackComesOutUnchanged() {
    InvalidOperationException thrown = new InvalidOperationException("from the callback");
    using (Cube cube = Cube.Random(3, 5))
    using (OptimalOptions options = new OptimalOptions { TimeoutMs = 60000 }) {
      InvalidOperationException caught = Assert.Throws<InvalidOperationException>(
          () => TestTables.Solver.SolveOptimal(cube, options, progress => { throw thrown; }));
      Assert.AreSame(thrown, caught);
    }
  }
}

}
