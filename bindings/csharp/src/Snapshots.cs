// Text forms of the read-only value snapshots (Progress, PlanAction, DeviceInfo, DriverFault, RunReport) and of
// batch entries (Result): the same text as Java's toString ("PlanAction(actuator 0, Turn 1, 0-250 us, move 0)"),
// and "Name(closed)" once disposed, as in Java and Python: ToString never throws.
using System.Globalization;

namespace LibCube {

public partial class Progress {
  public override string ToString() {
    if (swigCPtr.Handle == System.IntPtr.Zero) {
      return "Progress(closed)";
    }
    return string.Format(CultureInfo.InvariantCulture, "Progress({0}, \"{1}\", stage {2:0.000}, total {3:0.000}, {4} us)",
                         Event, Stage, StageFraction, Fraction, ElapsedUs);
  }
}

public partial class PlanAction {
  public override string ToString() {
    if (swigCPtr.Handle == System.IntPtr.Zero) {
      return "PlanAction(closed)";
    }
    return string.Format("PlanAction(actuator {0}, {1} {2}, {3}-{4} us, move {5})", Actuator, Kind, Param, StartUs,
                         EndUs, MoveIndex);
  }
}

public partial class DeviceInfo {
  public override string ToString() {
    if (swigCPtr.Handle == System.IntPtr.Zero) {
      return "DeviceInfo(closed)";
    }
    return string.Format("DeviceInfo({0}, {1}, {2}, {3})", Index, Uri, Product, Serial);
  }
}

public partial class DriverFault {
  public override string ToString() {
    if (swigCPtr.Handle == System.IntPtr.Zero) {
      return "DriverFault(closed)";
    }
    return string.Format("DriverFault({0}, {1}, actuator {2}, action {3}: {4})", Code, Status, Actuator, ActionIndex,
                         Text);
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
    return string.Format("RunReport({0}, {1} of {2} actions, plan {3} us, elapsed {4} us)", Status, ActionsDone,
                         ActionCount, PlanTimeUs, ElapsedUs);
  }
}

}
