// PlanOptions: the start positions as an array.
namespace LibCube {

public partial class PlanOptions {
  /// <summary>Empty: the robot starts at rest; else one position per actuator (Driver.Positions()).</summary>
  public int[] StartPositions {
    get { return NativeArrays.Take(StartPositionsNative()); }
    set {
      using (IntVector positions = NativeArrays.Of(value, "StartPositions")) {
        SetStartPositionsNative(positions);
      }
    }
  }
}

}
