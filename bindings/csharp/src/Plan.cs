// Plan: arrays and text over the generated class.
namespace LibCube {

public partial class Plan {
  /// <summary>The positions the plan starts from, one per actuator.</summary>
  public int[] StartPositions {
    get { return NativeArrays.Take(StartPositionsNative()); }
  }

  /// <summary>Every action, in order (each a snapshot of its own).</summary>
  public PlanAction[] Actions() {
    PlanAction[] actions = new PlanAction[ActionCount];
    for (int i = 0; i < actions.Length; i++) {
      actions[i] = Action(i);
    }
    return actions;
  }

  /// <summary>The plan in its text format.</summary>
  public override string ToString() {
    return swigCPtr.Handle == System.IntPtr.Zero ? "Plan(closed)" : Text;
  }
}

}
