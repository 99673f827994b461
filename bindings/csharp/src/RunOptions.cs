// RunOptions: the step callback as a delegate.
using System.Collections.Generic;

namespace LibCube {

public partial class RunOptions {
  // Native code calls the current adapter while these options are used; a replaced one may still serve a run
  // that started before: every adapter set stays reachable from here.
  readonly List<RunAdapter> stepAdapters = new List<RunAdapter>();
  RunHandler onStep;

  /// <summary>Called after each step of a run, on the running thread (null: none). Return false to cancel the
  /// run; an exception thrown here stops the run and is rethrown by Driver.Run.</summary>
  public RunHandler OnStep {
    get { return onStep; }
    set {
      RunAdapter adapter = RunAdapter.For(value);
      lock (stepAdapters) {
        SetListenerNative(adapter);
        if (adapter != null) {
          stepAdapters.Add(adapter);
        }
        onStep = value;
      }
    }
  }
}

}
