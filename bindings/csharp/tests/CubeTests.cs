// Cube: construction, factories, properties, moves, equality, text and release.
using System.Collections.Generic;
using NUnit.Framework;

namespace LibCube.Tests {

[TestFixture]
public class CubeTests {
  [Test]
  public void NewCubesAreSolved() {
    using (Cube cube = new Cube(3)) {
      Assert.AreEqual(3, cube.Size);
      Assert.IsTrue(cube.IsSolved);
      Assert.AreEqual(TestTables.Solved3, cube.Facelets);
      Assert.AreEqual(TestTables.Solved3, cube.ToString());
    }
    using (Cube cube = new Cube(2)) {
      Assert.AreEqual(2, cube.Size);
      Assert.IsTrue(cube.IsSolved);
      Assert.AreEqual(TestTables.Solved2, cube.Facelets);
    }
  }

  [Test]
  public void FromFaceletsTakesTheSizeFromTheLength() {
    using (Cube three = Cube.FromFacelets(TestTables.Solved3))
    using (Cube two = Cube.FromFacelets(TestTables.Solved2))
    using (Cube sized = Cube.FromFacelets(TestTables.Solved2, 2)) {
      Assert.AreEqual(3, three.Size);
      Assert.AreEqual(2, two.Size);
      Assert.AreEqual(2, sized.Size);
      Assert.IsTrue(sized.IsSolved);
    }
  }

  [Test]
  public void RandomIsTheSameForTheSameSeed() {
    using (Cube a = Cube.Random(3, 42))
    using (Cube b = Cube.Random(3, 42))
    using (Cube c = Cube.Random(3, 43))
    using (Cube small = Cube.Random(2, 42)) {
      Assert.AreEqual(a.Facelets, b.Facelets);
      Assert.AreNotEqual(a.Facelets, c.Facelets);
      Assert.IsFalse(a.IsSolved);
      Assert.AreEqual(2, small.Size);
      Cube.Validate(a.Facelets, 3);
    }
  }

  [Test]
  public void ApplyTakesMovesAndNotation() {
    using (Cube cube = new Cube(3))
    using (Moves sexy = Moves.Parse("R U R' U'")) {
      cube.Apply("R U R' U'");
      Assert.IsFalse(cube.IsSolved);
      sexy.Invert();
      cube.Apply(sexy);
      Assert.IsTrue(cube.IsSolved);
      cube.Apply("R");
      Assert.AreEqual("UUFUUFUUFRRRRRRRRRFFDFFDFFDDDBDDBDDBLLLLLLLLLUBBUBBUBB", cube.Facelets);
    }
  }

  [Test]
  public void CopyIsIndependent() {
    using (Cube cube = Cube.Random(3, 7))
    using (Cube copy = cube.Copy()) {
      Assert.AreEqual(cube, copy);
      copy.Apply("U");
      Assert.AreNotEqual(cube, copy);
    }
  }

  [Test]
  public void EqualityFollowsTheFacelets() {
    using (Cube a = Cube.Random(3, 5))
    using (Cube b = Cube.FromFacelets(a.Facelets))
    using (Cube other = Cube.Random(3, 6)) {
      Assert.IsTrue(a.Equals(b));
      Assert.IsTrue(a.SameAs(b));
      Assert.AreEqual(a.GetHashCode(), b.GetHashCode());
      Assert.IsFalse(a.Equals(other));
      Assert.IsFalse(a.SameAs(other));
      Assert.IsFalse(a.Equals(null));
      Assert.IsFalse(a.Equals(a.Facelets));
      HashSet<Cube> set = new HashSet<Cube> { a, b, other };
      Assert.AreEqual(2, set.Count);
    }
  }

  [Test]
  public void NetShowsEveryFace() {
    using (Cube cube = new Cube(3)) {
      string net = cube.Net(false);
      StringAssert.Contains("U U U", net);
      StringAssert.Contains("L L L F F F R R R B B B", net);
      StringAssert.Contains("\x1b[", cube.Net(true));
    }
  }

  [Test]
  public void ValidateSaysWhatIsWrong() {
    string tenU = "U" + TestTables.Solved3.Substring(1, 52) + "U";
    CubeException e = Assert.Throws<CubeException>(() => Cube.Validate(tenU, 3));
    Assert.AreEqual(Status.InvalidCube, e.Status);
    StringAssert.Contains("'U' appears 10 times", e.Message);
  }

  [Test]
  public void DisposeIsIdempotentAndUseAfterThrows() {
    Cube cube = new Cube(3);
    cube.Dispose();
    cube.Dispose();
    CubeException e = Assert.Throws<CubeException>(() => cube.Apply("R"));
    Assert.AreEqual(Status.InvalidArgument, e.Status);
    Assert.AreEqual("Cube is closed", e.Message);
    Assert.Throws<CubeException>(() => { bool solved = cube.IsSolved; });
    Assert.AreEqual("Cube(closed)", cube.ToString());
  }
}

}
