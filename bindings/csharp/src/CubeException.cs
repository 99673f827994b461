// The one exception type of the binding: a libcube call failed.
using System;

namespace LibCube {

/// <summary>A libcube call failed: <see cref="Status"/> says how, Message is the library's own text.</summary>
public class CubeException : Exception {
  public CubeException(Status status, string message) : base(message) {
    Status = status;
  }

  /// <summary>The failing status (never Status.Ok).</summary>
  public Status Status { get; }
}

}
