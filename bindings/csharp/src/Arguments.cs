// Arguments that must be given: a null one is a CubeException naming it, as every other failure of a call.
namespace LibCube {

internal static class Arguments {

  /// <summary>`value`, or CubeException(InvalidArgument, "`name` is null").</summary>
  internal static T Given<T>(T value, string name) where T : class {
    if (value == null) {
      throw Null(name);
    }
    return value;
  }

  /// <summary>The exception of a null argument called `name` (the generated proxies throw it).</summary>
  internal static CubeException Null(string name) {
    return new CubeException(Status.InvalidArgument, name + " is null");
  }
}

}
