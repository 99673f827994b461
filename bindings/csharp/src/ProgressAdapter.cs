// The native ProgressListener that calls a ProgressHandler.
namespace LibCube {

internal sealed class ProgressAdapter : ProgressListener {
  readonly ProgressHandler handler;
  readonly CallbackGuard guard = new CallbackGuard();
  readonly System.IntPtr address;
  readonly System.WeakReference registration;

  ProgressAdapter(ProgressHandler handler) {
    this.handler = handler;
    address = getCPtr(this).Handle;
    registration = ListenerFailures.Register(address, guard);
  }

  /// <summary>An adapter for `handler`, or null for no handler.</summary>
  internal static ProgressAdapter For(ProgressHandler handler) {
    return handler == null ? null : new ProgressAdapter(handler);
  }

  public override Listen OnProgress(Progress progress) {
    return guard.Run(() => handler(progress));
  }

  protected override void Dispose(bool disposing) {
    ListenerFailures.Unregister(address, registration);
    base.Dispose(disposing);
  }
}

}
