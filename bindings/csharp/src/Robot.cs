// Robot: arrays and text over the generated class.
namespace LibCube {

public partial class Robot {
  /// <summary>The positions of the rest state, one per actuator.</summary>
  public int[] RestPositions {
    get { return NativeArrays.Take(RestPositionsNative()); }
  }

  /// <summary>The least time in microseconds of each command of one step from `positions`: `commands` holds
  /// actuator, kind, param triples (cube_robot_step_us()).</summary>
  public int[] StepMicros(int[] positions, int[] commands) {
    using (IntVector from = NativeArrays.Of(positions, "positions"))
    using (IntVector step = NativeArrays.Of(commands, "commands")) {
      return NativeArrays.Take(StepMicrosNative(from, step));
    }
  }

  /// <summary>The robot's text spec.</summary>
  public override string ToString() {
    return swigCPtr.Handle == System.IntPtr.Zero ? "Robot(closed)" : Spec;
  }
}

}
