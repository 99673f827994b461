// Text forms of the read-only value snapshots (Progress, PlanAction, DeviceInfo, DriverFault, RunReport) and of
// batch entries (Result). A disposed one says "Name(closed)", as in Java and Python: ToString never throws.
namespace LibCube {

public partial class Progress {
  public override string ToString() {
    if (swigCPtr.Handle == System.IntPtr.Zero) {
      return "Progress(closed)";
    }
    return string.Format("{0} {1}: {2:0.###} ({3:0.###} of the stage), {4} us", Event, Stage, Fraction,
                         StageFraction, ElapsedUs);
  }
}

public partial class PlanAction {
  public override string ToString() {
    if (swigCPtr.Handle == System.IntPtr.Zero) {
      return "PlanAction(closed)";
    }
    return string.Format("actuator {0} {1} {2} from {3} to {4} us (move {5})", Actuator, Kind, Param, StartUs,
                         EndUs, MoveIndex);
  }
}

public partial class DeviceInfo {
  public override string ToString() {
    if (swigCPtr.Handle == System.IntPtr.Zero) {
      return "DeviceInfo(closed)";
    }
    return string.Format("{0} {1} {2} {3}", Uri, Product, Serial, Detail).Trim();
  }
}

public partial class DriverFault {
  public override string ToString() {
    if (swigCPtr.Handle == System.IntPtr.Zero) {
      return "DriverFault(closed)";
    }
    return string.Format("{0} ({1}) at action {2}, actuator {3}: {4}", Code, Status, ActionIndex, Actuator, Text);
  }
}

public partial class Result {
  /// <summary>"ok: R U ..." or the status and message of an entry that failed.</summary>
  public override string ToString() {
    if (swigCPtr.Handle == System.IntPtr.Zero) {
      return "Result(closed)";
    }
    if (!IsOk) {
      return Status + ": " + Message;
    }
    using (Moves solution = Moves()) {
      return "ok: " + solution;
    }
  }
}

public partial class RunReport {
  public override string ToString() {
    if (swigCPtr.Handle == System.IntPtr.Zero) {
      return "RunReport(closed)";
    }
    return string.Format("{0}: {1} of {2} actions, plan {3} us, elapsed {4} us", Status, ActionsDone, ActionCount,
                         PlanTimeUs, ElapsedUs);
  }
}

}
