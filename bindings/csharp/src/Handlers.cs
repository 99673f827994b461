// The callback types of the public API.
namespace LibCube {

/// <summary>Progress of loading or building tables, possibly from one of the library's worker threads.
/// Return false to cancel the call (it throws CubeException with Status.Cancelled); an exception thrown
/// here cancels the call too and is rethrown, unchanged, on the caller's thread.</summary>
public delegate bool ProgressHandler(Progress progress);

/// <summary>Called after each step of a robot run, on the running thread. Return false to cancel the run;
/// an exception thrown here stops the run and is rethrown by Driver.Run.</summary>
public delegate bool RunHandler(int actionsDone, int actionCount, long planTimeUs);

}
