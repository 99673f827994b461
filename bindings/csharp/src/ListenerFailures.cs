// Finds the exception a listener kept from the listener's native address, which is all the glue library
// has when the facade reports that a listener failed (LCB_RETHROW_CALLBACK).
using System;
using System.Collections.Concurrent;
using System.Collections.Generic;

namespace LibCube {

internal static class ListenerFailures {
  // Weak: the registry must not keep a listener that nothing else uses.
  static readonly ConcurrentDictionary<IntPtr, WeakReference> guards =
      new ConcurrentDictionary<IntPtr, WeakReference>();

  /// <summary>Registers the guard of the listener at `address`; returns the entry for Unregister.</summary>
  internal static WeakReference Register(IntPtr address, CallbackGuard guard) {
    WeakReference entry = new WeakReference(guard);
    guards[address] = entry;
    return entry;
  }

  /// <summary>Forgets the listener at `address` unless another has taken that address since.</summary>
  internal static void Unregister(IntPtr address, WeakReference entry) {
    ICollection<KeyValuePair<IntPtr, WeakReference>> pairs = guards;
    pairs.Remove(new KeyValuePair<IntPtr, WeakReference>(address, entry));
  }

  /// <summary>The exception the listener at `address` kept (never null).</summary>
  internal static Exception Take(IntPtr address) {
    WeakReference entry;
    CallbackGuard guard = guards.TryGetValue(address, out entry) ? entry.Target as CallbackGuard : null;
    Exception failure = guard == null ? null : guard.TakeFailure();
    return failure ?? new CubeException(Status.Internal, "a callback failed without an exception to rethrow");
  }
}

}
