// The layer-by-layer method through the binding: stage names, replay stage by stage, formulas, errors.
using System.Collections.Generic;
using NUnit.Framework;

namespace LibCube.Tests {

[TestFixture]
public class MethodTests : OwnSolverFixture {
  static readonly string[] Stages3 = {"cross", "first-layer-corners", "middle-layer", "top-cross", "top-face",
                                      "top-corners", "top-edges"};
  static readonly string[] Stages2 = {"first-layer", "top-face", "top-corners"};

  static string[] StageNames(MethodSolution solution) {
    var names = new List<string>();
    for (int k = 0; k < solution.StageCount; k++) {
      names.Add(solution.StageName(k));
    }
    return names.ToArray();
  }

  // Each stage's moves applied to a copy read as the stage's facelets, and the cube ends solved.
  static void AssertReplays(MethodSolution solution, Cube cube) {
    using (Cube copy = cube.Copy()) {
      for (int k = 0; k < solution.StageCount; k++) {
        using (Moves stage = solution.StageMoves(k)) {
          copy.Apply(stage);
        }
        Assert.AreEqual(solution.StageFacelets(k), copy.Facelets, solution.StageName(k));
      }
      Assert.IsTrue(copy.IsSolved);
    }
    using (Moves all = solution.Moves())
    using (Cube copy = cube.Copy()) {
      copy.Apply(all);
      Assert.IsTrue(copy.IsSolved);
    }
  }

  [Test]
  public void SolvesA3x3ByLayers() {
    using (Cube cube = Cube.Random(3, 18))
    using (MethodSolution solution = MethodSolution.Solve(solver, cube, Method.Lbl, false)) {
      CollectionAssert.AreEqual(Stages3, StageNames(solution));
      AssertReplays(solution, cube);
      int topFace = System.Array.IndexOf(Stages3, "top-face");
      for (int i = 0; i < solution.AlgorithmCount(topFace); i++) {
        string name = solution.Algorithm(topFace, i);
        Assert.IsTrue(name == "sune" || name == "left-sune", name);
      }
    }
  }

  [Test]
  public void TextLineAndJsonAreTheCliAnswers() {
    using (Cube cube = Cube.Random(3, 18))
    using (MethodSolution solution = MethodSolution.Solve(solver, cube, Method.Lbl, false))
    using (Moves all = solution.Moves()) {
      int total = all.Length(Metric.Htm);
      string text = solution.Text;
      StringAssert.StartsWith("cross: ", text);
      StringAssert.EndsWith("\ntotal: " + total + " moves (htm)\n", text);
      string line = solution.Line;
      StringAssert.EndsWith(" | total: " + total + "\n", line);
      Assert.AreEqual(line.Length - 1, line.IndexOf('\n'));
      StringAssert.StartsWith("{\"ok\":true,\"method\":\"lbl\",\"solution\":\"" + all.Text + "\",\"length\":" + total +
                              ",\"metric\":\"htm\",\"stages\":[{\"name\":\"cross\",", solution.Json);
    }
  }

  [Test]
  public void SolvesA2x2AndARotatedCube() {
    using (Cube cube = Cube.Random(2, 5))
    using (MethodSolution solution = MethodSolution.Solve(solver, cube, Method.Lbl, true)) {
      CollectionAssert.AreEqual(Stages2, StageNames(solution));
      AssertReplays(solution, cube);
    }
    using (Cube turned = Cube.Random(3, 6)) {
      turned.Apply("x y2");
      using (MethodSolution solution = MethodSolution.Solve(solver, turned, Method.Lbl, false)) {
        AssertReplays(solution, turned);
      }
    }
  }

  [Test]
  public void FormulasAndErrors() {
    Assert.AreEqual("R U R' U R U2 R'", MethodSolution.AlgorithmMoves("sune"));
    var unknown = Assert.Throws<CubeException>(() => MethodSolution.AlgorithmMoves("t-perm"));
    Assert.AreEqual(Status.NotFound, unknown.Status);
    using (Cube cube = new Cube(3))
    using (MethodSolution solution = MethodSolution.Solve(solver, cube, Method.Lbl, false)) {
      Assert.AreEqual(7, solution.StageCount);
      var outside = Assert.Throws<CubeException>(() => solution.StageName(7));
      Assert.AreEqual(Status.InvalidArgument, outside.Status);
      Assert.AreEqual(0, solution.AlgorithmCount(0));
    }
  }
}

}
