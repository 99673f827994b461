// The native RunListener that calls a RunHandler.
namespace LibCube {

internal sealed class RunAdapter : RunListener {
  readonly RunHandler handler;
  readonly CallbackGuard guard = new CallbackGuard();
  readonly System.IntPtr address;
  readonly System.WeakReference registration;

  RunAdapter(RunHandler handler) {
    this.handler = handler;
    address = getCPtr(this).Handle;
    registration = ListenerFailures.Register(address, guard);
  }

  /// <summary>An adapter for `handler`, or null for no handler.</summary>
  internal static RunAdapter For(RunHandler handler) {
    return handler == null ? null : new RunAdapter(handler);
  }

  public override Listen OnStep(int actionsDone, int actionCount, long planTimeUs) {
    return guard.Run(() => handler(actionsDone, actionCount, planTimeUs));
  }

  protected override void Dispose(bool disposing) {
    ListenerFailures.Unregister(address, registration);
    base.Dispose(disposing);
  }
}

}
