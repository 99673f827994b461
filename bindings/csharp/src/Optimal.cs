// Optimal 3x3 solving: Solver.SolveOptimal with a progress delegate, OptimalResult.Solutions(), and the
// exception of a search that stopped (OptimalSearchException, with the lower bound reached).
using System;
using System.Collections.Generic;

namespace LibCube {

public partial class Solver {
  /// <summary>The shortest solution of a 3x3 in face turns, proven shortest (OptimalOptions' defaults).</summary>
  public OptimalResult SolveOptimal(Cube cube) {
    using (OptimalOptions options = new OptimalOptions()) {
      return SolveOptimal(cube, options, null);
    }
  }

  /// <summary>The shortest solution of a 3x3 (or every one: options.AllSolutions), proven shortest.
  /// `onProgress` (null: none) gets the depth, nodes and nodes per second (Progress.Depth, Nodes,
  /// NodesPerSecond) when a depth begins and about twice a second, on this thread; false cancels. A search
  /// that stops (Status.Timeout, Cancelled, or Unsolvable: nothing of at most MaxLength moves) throws
  /// OptimalSearchException with the lower bound it reached.</summary>
  public OptimalResult SolveOptimal(Cube cube, OptimalOptions options, ProgressHandler onProgress = null) {
    OptimalResult result = new OptimalResult();
    try {
      using (ProgressAdapter adapter = ProgressAdapter.For(onProgress)) {
        SolveOptimalNative(cube, options, adapter, result);
      }
      return result;
    } catch (CubeException e) {
      CubeException failure = OptimalSearchException.From(e, result.LowerBound, result.Nodes);
      result.Dispose();
      if (failure == e) {
        throw;
      }
      throw failure;
    } catch {
      result.Dispose();
      throw;
    }
  }
}

public partial class OptimalResult {
  /// <summary>The solutions as new Moves (dispose them, or let the finalizer).</summary>
  public List<Moves> Solutions() {
    int count = Count;
    List<Moves> list = new List<Moves>(count);
    for (int i = 0; i < count; i++) {
      list.Add(Get(i));
    }
    return list;
  }
}

/// <summary>An optimal search that stopped before it found a solution: Status.Timeout, Status.Cancelled, or
/// Status.Unsolvable (nothing of at most MaxLength moves). LowerBound says how far it got: every solution has
/// at least that many moves.</summary>
public class OptimalSearchException : CubeException {
  public OptimalSearchException(Status status, string message, int lowerBound, long nodes) : base(status, message) {
    LowerBound = lowerBound;
    Nodes = nodes;
  }

  /// <summary>Every solution has at least this many moves.</summary>
  public int LowerBound { get; }

  /// <summary>Positions the search visited.</summary>
  public long Nodes { get; }

  /// <summary>`e` with the search's figures when the search stopped, else `e` itself.</summary>
  internal static CubeException From(CubeException e, int lowerBound, long nodes) {
    Status s = e.Status;
    if (e is OptimalSearchException || (s != Status.Timeout && s != Status.Cancelled && s != Status.Unsolvable)) {
      return e;
    }
    return new OptimalSearchException(s, e.Message, lowerBound, nodes);
  }
}

}
