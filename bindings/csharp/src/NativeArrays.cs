// The facade's vectors as C# arrays (the vector classes stay internal).
using System.Collections.Generic;

namespace LibCube {

internal static class NativeArrays {
  internal static int[] Take(IntVector vector) {
    using (vector) {
      return vector.ToArray();
    }
  }

  internal static string[] Take(StringVector vector) {
    using (vector) {
      string[] items = new string[vector.Count];
      vector.CopyTo(items);
      return items;
    }
  }

  internal static DeviceInfo[] Take(DeviceInfoVector vector) {
    using (vector) {
      DeviceInfo[] items = new DeviceInfo[vector.Count];
      vector.CopyTo(items);
      return items;
    }
  }

  /// <summary>A native copy of `values`, the argument called `name` (null: CubeException).</summary>
  internal static IntVector Of(IEnumerable<int> values, string name) {
    return new IntVector(Arguments.Given(values, name));
  }
}

}
