// Solutions: the native list of solveAll / solveBatch results, turned into a List<Moves> or Results.
using System.Collections.Generic;

namespace LibCube {

internal partial class Solutions {
  /// <summary>Every entry as a Moves; throws the first failing entry's error (closing what it made).</summary>
  internal List<Moves> ToList() {
    int count = Size();
    List<Moves> list = new List<Moves>(count);
    try {
      for (int i = 0; i < count; i++) {
        list.Add(Get(i));
      }
    } catch {
      foreach (Moves moves in list) {
        moves.Dispose();
      }
      throw;
    }
    return list;
  }

  /// <summary>Every entry as a Result, failed or not (a read-only list).</summary>
  internal IReadOnlyList<Result> ToResults() {
    int count = Size();
    List<Result> list = new List<Result>(count);
    try {
      for (int i = 0; i < count; i++) {
        list.Add(Result(i));
      }
    } catch {
      foreach (Result result in list) {
        result.Dispose();
      }
      throw;
    }
    return list.AsReadOnly();
  }
}

}
