// What the tests share: the 3x3 tables of the test suite ($CUBE_TABLE_DIR) and one Solver using them.
using System;
using System.Collections.Generic;
using NUnit.Framework;

namespace LibCube.Tests {

internal static class TestTables {
  static readonly Lazy<Solver> solver = new Lazy<Solver>(() => new Solver(Dir));

  /// <summary>The folder of the 3x3 tables (meson test sets CUBE_TABLE_DIR).</summary>
  internal static string Dir {
    get {
      string dir = Environment.GetEnvironmentVariable("CUBE_TABLE_DIR");
      if (string.IsNullOrEmpty(dir)) {
        Assert.Fail("CUBE_TABLE_DIR must name the folder of the 3x3 tables");
      }
      return dir;
    }
  }

  /// <summary>A solver on those tables, shared by the tests (it is thread-safe); never disposed.</summary>
  internal static Solver Solver {
    get { return solver.Value; }
  }

  /// <summary>The progress reports of a new solver loading the 3x3 tables (each the handler's own copy).</summary>
  internal static List<Progress> ProgressOfPrepare() {
    List<Progress> reports = new List<Progress>();
    using (Solver solver = new Solver(Dir, progress => {
             lock (reports) {
               reports.Add(progress);
             }
             return true;
           })) {
      solver.Prepare(3);
    }
    return reports;
  }

  internal const string Solved3 = "UUUUUUUUURRRRRRRRRFFFFFFFFFDDDDDDDDDLLLLLLLLLBBBBBBBBB";
  internal const string Solved2 = "UUUURRRRFFFFDDDDLLLLBBBB";
}

/// <summary>A fixture with a default Solver of its own, made before its tests and disposed after them.</summary>
public abstract class OwnSolverFixture {
  protected Solver solver;

  [TestFixtureSetUp]
  public void MakeSolver() {
    solver = new Solver();
  }

  [TestFixtureTearDown]
  public void DisposeSolver() {
    solver.Dispose();
  }
}

}
