// Driver: arrays over the generated class.
namespace LibCube {

public partial class Driver {
  /// <summary>The actuators' positions, one per actuator.</summary>
  public int[] Positions() {
    return NativeArrays.Take(PositionsNative());
  }
}

}
