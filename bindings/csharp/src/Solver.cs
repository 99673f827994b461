// Solver: progress delegates and lists over the generated class.
using System.Collections.Generic;

namespace LibCube {

public partial class Solver {
  // Native code calls it for as long as this solver lives: kept here only to stay reachable.
#pragma warning disable 414
  ProgressAdapter progressAdapter;
#pragma warning restore 414

  /// <summary>Tables in `tableDir` ("" for the default folder: $CUBE_TABLE_DIR, else ~/.cache/libcube).</summary>
  public Solver(string tableDir) : this(tableDir, (ProgressAdapter)null) {
  }

  /// <summary>Tables in `tableDir` ("" for the default folder); progress of loading or building them goes
  /// to `onProgress` (null: none), possibly from a worker thread.</summary>
  public Solver(string tableDir, ProgressHandler onProgress) : this(tableDir, ProgressAdapter.For(onProgress)) {
  }

  Solver(string tableDir, ProgressAdapter adapter) : this(tableDir, (ProgressListener)adapter) {
    progressAdapter = adapter;
  }

  /// <summary>Every optimal solution (2x2).</summary>
  public List<Moves> SolveAll(Cube cube) {
    using (SolveOptions options = new SolveOptions()) {
      return SolveAll(cube, options, 0);
    }
  }

  /// <summary>Every optimal solution (2x2), at most `limit` of them (0: all).</summary>
  public List<Moves> SolveAll(Cube cube, SolveOptions options, int limit = 0) {
    using (Solutions solutions = SolveAllNative(cube, options, limit)) {
      return solutions.ToList();
    }
  }

  /// <summary>Solves every cube with the default options on one thread per processor.</summary>
  public List<Moves> SolveBatch(IList<Cube> cubes) {
    using (SolveOptions options = new SolveOptions()) {
      return SolveBatch(cubes, options, 0);
    }
  }

  /// <summary>Solves every cube on `threads` threads (0: one per processor); the solutions are in the
  /// order of the cubes. Throws the first failing cube's error.</summary>
  public List<Moves> SolveBatch(IList<Cube> cubes, SolveOptions options, int threads = 0) {
    if (cubes == null) {
      throw new System.ArgumentNullException("cubes");
    }
    using (CubeList list = new CubeList()) {
      foreach (Cube cube in cubes) {
        list.Add(cube);
      }
      using (Solutions solutions = SolveBatchNative(list, options, threads)) {
        return solutions.ToList();
      }
    }
  }
}

}
