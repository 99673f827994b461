// Solutions: the native list of solveAll / solveBatch results, turned into a List<Moves>.
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
}

}
