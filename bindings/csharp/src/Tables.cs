// Tables: progress delegates over the generated class.
namespace LibCube {

public partial class Tables {
  /// <summary>Builds the 3x3 tables in `tableDir` ("" for the default folder) unless they are there and
  /// sound; progress goes to `onProgress` (null: none).</summary>
  public static void Generate(string tableDir, ProgressHandler onProgress) {
    using (ProgressAdapter adapter = ProgressAdapter.For(onProgress)) {
      GenerateNative(tableDir, adapter);
    }
  }

  /// <summary>As Generate(tableDir, onProgress), stopped by `cancel`.</summary>
  public static void Generate(string tableDir, ProgressHandler onProgress, CancelToken cancel) {
    using (ProgressAdapter adapter = ProgressAdapter.For(onProgress)) {
      GenerateNative(tableDir, adapter, cancel);
    }
  }
}

}
