// Moves: the C# idioms (notation, equality) over the generated class.
namespace LibCube {

public partial class Moves {
  /// <summary>The notation ("R U R' U'").</summary>
  public override string ToString() {
    return IsClosed ? "Moves(closed)" : Text;
  }

  /// <summary>The same moves in the same order (Moves.SameAs).</summary>
  public override bool Equals(object obj) {
    Moves other = obj as Moves;
    return other != null && SameAs(other);
  }

  public override int GetHashCode() {
    return Text.GetHashCode();
  }

  bool IsClosed {
    get { return swigCPtr.Handle == System.IntPtr.Zero; }
  }
}

}
