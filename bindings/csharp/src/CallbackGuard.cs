// Runs a user's callback for a native listener: no exception may cross native frames (a C# exception
// unwinding through C++ skips destructors, and on a worker thread ends the process), so the first one is
// kept here and the failing call rethrows it on the caller's thread.
using System;
using System.Runtime.ExceptionServices;
using System.Threading;

namespace LibCube {

internal sealed class CallbackGuard {
  Exception failure;

  /// <summary>Continue for true, Cancel for false, Failed after keeping the callback's exception.</summary>
  internal Listen Run(Func<bool> callback) {
    try {
      return callback() ? Listen.Continue : Listen.Cancel;
    } catch (Exception exception) {
      KeepStackTrace(exception);
      Interlocked.CompareExchange(ref failure, exception, null);
      return Listen.Failed;
    }
  }

  // Thrown once through ExceptionDispatchInfo, the exception keeps the callback's frames in its stack trace
  // when the glue's generated code throws it again on the caller's thread.
  static void KeepStackTrace(Exception exception) {
    try {
      ExceptionDispatchInfo.Capture(exception).Throw();
    } catch (Exception) {
      // Expected: only the recorded trace was wanted.
    }
  }

  /// <summary>The kept exception (then forgotten), or null.</summary>
  internal Exception TakeFailure() {
    return Interlocked.Exchange(ref failure, null);
  }
}

}
