// Cube: the C# idioms (text, equality) over the generated class.
namespace LibCube {

public partial class Cube {
  /// <summary>The facelets (54 or 24 letters in URFDLB face order).</summary>
  public override string ToString() {
    return IsClosed ? "Cube(closed)" : Facelets;
  }

  /// <summary>Same facelets (Cube.SameAs).</summary>
  public override bool Equals(object obj) {
    Cube other = obj as Cube;
    return other != null && SameAs(other);
  }

  public override int GetHashCode() {
    return HashNative();
  }

  bool IsClosed {
    get { return swigCPtr.Handle == System.IntPtr.Zero; }
  }
}

}
