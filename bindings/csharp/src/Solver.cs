// Solver: progress delegates and lists over the generated class.
using System.Collections.Generic;

namespace LibCube {

public partial class Solver {
  // Native code calls it for as long as this solver lives: kept here only to stay reachable.
#pragma warning disable 414
  ProgressAdapter progressAdapter;
#pragma warning restore 414

  /// <summary>Tables in `tableDir` (null or "" for the default folder: $CUBE_TABLE_DIR, else ~/.cache/libcube);
  /// progress of loading or building them goes to `onProgress` (null: none). With a handler the solver waits
  /// for the full tables (TablePolicy.Full): it runs on the thread that needs them, and false cancels that
  /// call.</summary>
  public Solver(string tableDir, ProgressHandler onProgress) : this(tableDir, ProgressAdapter.For(onProgress)) {
  }

  /// <summary>Tables in `tableDir` (null or "") under `policy`, progress to `onProgress` (null: none).
  /// TablePolicy.Full: Prepare(3) returns once the full tables are ready, so that timed or batch solves run at
  /// full speed from the first one.</summary>
  public Solver(string tableDir, TablePolicy policy, ProgressHandler onProgress)
      : this(tableDir, policy, ProgressAdapter.For(onProgress)) {
  }

  Solver(string tableDir, ProgressAdapter adapter) : this(tableDir, (ProgressListener)adapter) {
    progressAdapter = adapter;
  }

  Solver(string tableDir, TablePolicy policy, ProgressAdapter adapter)
      : this(tableDir, policy, (ProgressListener)adapter) {
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

  /// <summary>Solves every cube with the default options on one thread per processor: one Result per
  /// cube.</summary>
  public IReadOnlyList<Result> SolveBatch(IList<Cube> cubes) {
    using (SolveOptions options = new SolveOptions()) {
      return SolveBatch(cubes, options, 0);
    }
  }

  /// <summary>Solves every cube on `threads` threads (0: one per processor): one Result per cube, in order,
  /// whether it was solved (IsOk, Moves()) or not (Status, Message). Throws CubeException only when the call
  /// itself fails (a null or disposed cube or options, a negative thread count, no memory, a progress handler
  /// that cancelled or threw).</summary>
  public IReadOnlyList<Result> SolveBatch(IList<Cube> cubes, SolveOptions options, int threads = 0) {
    Arguments.Given(cubes, "cubes");
    using (CubeList list = new CubeList()) {
      foreach (Cube cube in cubes) {
        list.Add(cube);
      }
      using (Solutions solutions = SolveBatchNative(list, options, threads)) {
        return solutions.ToResults();
      }
    }
  }
}

}
