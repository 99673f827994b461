// Moves: parsing, scrambles, reading, editing, equality and text.
using NUnit.Framework;

namespace LibCube.Tests {

[TestFixture]
public class MovesTests {
  [Test]
  public void ParseReadsNotation() {
    using (Moves moves = Moves.Parse("R U R' U2")) {
      Assert.AreEqual(4, moves.Count);
      Assert.AreEqual("R U R' U2", moves.Text);
      Assert.AreEqual("R U R' U2", moves.ToString());
      Assert.AreEqual(MoveKind.R, moves.KindAt(0));
      Assert.AreEqual(MoveKind.U, moves.KindAt(1));
      Assert.AreEqual(1, moves.AmountAt(0));
      Assert.AreEqual(3, moves.AmountAt(2));
      Assert.AreEqual(2, moves.AmountAt(3));
    }
  }

  [Test]
  public void LengthCountsInEachMetric() {
    using (Moves moves = Moves.Parse("R2 U Rw x")) {
      Assert.AreEqual(MoveKind.Rw, moves.KindAt(2));
      Assert.AreEqual(MoveKind.X, moves.KindAt(3));
      Assert.AreEqual(3, Moves.Parse("R2 U").Length(Metric.Qtm));
      Assert.AreEqual(2, Moves.Parse("R2 U").Length(Metric.Htm));
      Assert.AreEqual(1, Moves.Parse("M").Length(Metric.Stm));
    }
  }

  [Test]
  public void ParseForA2x2() {
    using (Moves moves = Moves.Parse("R U F'", 2))
    using (Cube cube = new Cube(2)) {
      cube.Apply(moves);
      Assert.IsFalse(cube.IsSolved);
    }
  }

  [Test]
  public void PushAppendInvertSimplify() {
    using (Moves moves = new Moves(3))
    using (Moves tail = Moves.Parse("U U'")) {
      Assert.AreEqual(0, moves.Count);
      Assert.AreEqual("", moves.Text);
      moves.Push(MoveKind.R, 1);
      moves.Push(MoveKind.R, 1);
      moves.Append(tail);
      Assert.AreEqual("R R U U'", moves.Text);
      moves.Simplify();
      Assert.AreEqual("R2", moves.Text);
      moves.Push(MoveKind.F, 1);
      moves.Invert();
      Assert.AreEqual("F' R2", moves.Text);
    }
  }

  [Test]
  public void ScrambleIsTheSameForTheSameSeed() {
    using (Moves a = Moves.Scramble(3, 9, 25))
    using (Moves b = Moves.Scramble(3, 9, 25))
    using (Moves c = Moves.Scramble(3, 10, 25))
    using (Moves small = Moves.Scramble(2, 9, 11)) {
      Assert.AreEqual(25, a.Count);
      Assert.AreEqual(a, b);
      Assert.AreNotEqual(a, c);
      Assert.AreEqual(11, small.Count);
    }
  }

  [Test]
  public void EqualityAndCopy() {
    using (Moves a = Moves.Parse("R U"))
    using (Moves b = a.Copy())
    using (Moves other = Moves.Parse("U R")) {
      Assert.IsTrue(a.SameAs(b));
      Assert.IsTrue(a.Equals(b));
      Assert.AreEqual(a.GetHashCode(), b.GetHashCode());
      Assert.IsFalse(a.Equals(other));
      Assert.IsFalse(a.Equals(null));
      b.Push(MoveKind.F, 2);
      Assert.AreEqual("R U", a.Text);
      Assert.AreEqual("R U F2", b.Text);
    }
  }

  [Test]
  public void UseAfterDisposeThrows() {
    Moves moves = Moves.Parse("R");
    moves.Dispose();
    moves.Dispose();
    CubeException e = Assert.Throws<CubeException>(() => moves.Invert());
    Assert.AreEqual(Status.InvalidArgument, e.Status);
    Assert.AreEqual("Moves is closed", e.Message);
    Assert.AreEqual("Moves(closed)", moves.ToString());
  }

  [Test]
  public void WideSliceAndRotationMoves() {
    using (Moves moves = Moves.Parse("Rw M x")) {
      Assert.AreEqual(MoveKind.Rw, moves.KindAt(0));
      Assert.AreEqual(MoveKind.M, moves.KindAt(1));
      Assert.AreEqual(MoveKind.X, moves.KindAt(2));
    }
  }
}

}
