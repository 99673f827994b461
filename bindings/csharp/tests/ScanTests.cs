// Colour scans and robot scan sequences through the binding: resolve, confidences, frames, errors.
using System;
using System.Text;
using NUnit.Framework;

namespace LibCube.Tests {

[TestFixture]
public class ScanTests {
  // A distinct sRGB colour per face letter U R F D L B.
  static readonly double[][] Palette = {
    new double[] {250, 250, 250}, new double[] {200, 20, 30}, new double[] {20, 160, 60},
    new double[] {250, 220, 20}, new double[] {250, 120, 10}, new double[] {20, 60, 200}};

  static double[] ColourOf(char letter) {
    return Palette["URFDLB".IndexOf(letter)];
  }

  // A clean scan of `facelets`, sample i slightly off its colour so that no two are equal.
  static Scan ScanOf(string facelets) {
    var scan = new Scan(ColorSpace.Srgb);
    for (int i = 0; i < 54; i++) {
      double[] c = ColourOf(facelets[i]);
      scan.Set(i, c[0], c[1], Math.Max(0, c[2] - i % 3), 1.0);
    }
    return scan;
  }

  // The facelet that sample k of a frame shows when the face appears turned `rotation` quarters clockwise.
  static int ShownFacelet(int face, int rotation, int k) {
    int row = k / 3;
    int col = k % 3;
    for (int r = 0; r < rotation; r++) {
      int wasRow = row;
      row = 2 - col;
      col = wasRow;
    }
    return 9 * face + 3 * row + col;
  }

  [Test]
  public void ResolvesACleanScan() {
    using (Cube cube = Cube.Random(3, 17))
    using (Scan scan = ScanOf(cube.Facelets)) {
      string facelets = cube.Facelets;
      Assert.AreEqual(54, scan.Count);
      Assert.AreEqual(ColorSpace.Srgb, scan.ColorSpace);
      using (ScanResult result = scan.Resolve()) {
        Assert.AreEqual(facelets, result.Facelets);
        Assert.Greater(result.Confidence, 0.99);
        Assert.IsFalse(result.IsLow);
        Assert.IsTrue(result.SearchComplete);
        Assert.AreEqual(0, result.DoubtfulCount);
        Assert.Greater(result.StickerConfidence(53), 0.99);
        Assert.AreEqual(3, result.AlternativeCount);
        for (int k = 0; k < result.AlternativeCount; k++) {
          Assert.AreNotEqual(facelets, result.AlternativeFacelets(k));
          Assert.IsTrue(result.AlternativeRatio(k) >= 0 && result.AlternativeRatio(k) < 1);
        }
      }
    }
  }

  [Test]
  public void TextAndJsonAreTheCliAnswers() {
    using (Cube cube = Cube.Random(3, 17))
    using (Scan scan = ScanOf(cube.Facelets)) {
      string facelets = cube.Facelets;
      using (ScanResult result = scan.Resolve()) {
        string text = result.Text;
        StringAssert.StartsWith("facelets: " + facelets + "\nconfidence: ", text);
        StringAssert.Contains("\ndoubtful: none\nalternative 1: ", text);
        StringAssert.EndsWith("\n", text);
        string json = result.Json;
        StringAssert.StartsWith("{\"ok\":true,\"facelets\":\"" + facelets + "\",\"confidence\":", json);
        StringAssert.Contains(",\"low_confidence\":false,\"search_complete\":true,\"doubtful\":[]", json);
        StringAssert.EndsWith("]}", json);
      }
    }
  }

  [Test]
  public void OptionsAndText() {
    const string solved = "UUUUUUUUURRRRRRRRRFFFFFFFFFDDDDDDDDDLLLLLLLLLBBBBBBBBB";
    var text = new StringBuilder();
    for (int i = 0; i < 54; i++) {
      double[] c = ColourOf(solved[i]);
      text.AppendFormat("#{0:x2}{1:x2}{2:x2}", (int)c[0], (int)c[1], (int)c[2]);
      text.Append(i % 9 == 8 ? "\n" : " ");
    }
    using (Scan scan = Scan.Parse(text.ToString()))
    using (var options = new ScanOptions()) {
      Assert.AreEqual(3, options.Alternatives);
      options.Alternatives = 0;
      options.LowConfidence = 0.5;
      using (ScanResult result = scan.Resolve(options)) {
        Assert.AreEqual(solved, result.Facelets);
        Assert.AreEqual(0, result.AlternativeCount);
      }
      Assert.IsTrue(scan.IsSet(0));
      Assert.AreEqual(250, scan.Value(0, 0));
      Assert.AreEqual(1.0, scan.Weight(0));
    }
  }

  [Test]
  public void BadInputRaisesTheLibrarysMessage() {
    var parse = Assert.Throws<CubeException>(() => Scan.Parse("#zzzzzz"));
    Assert.AreEqual(Status.Parse, parse.Status);
    StringAssert.Contains("line 1, sample 0 (U1)", parse.Message);
    var small = Assert.Throws<CubeException>(() => Scan.Parse("#ffffff #ffffff #ffffff #ffffff\n"));
    Assert.AreEqual(Status.Unsupported, small.Status);
    StringAssert.Contains("2x2", small.Message);
    using (Scan scan = new Scan(ColorSpace.Lab)) {
      var index = Assert.Throws<CubeException>(() => scan.Set(54, 50, 0, 0, 1));
      Assert.AreEqual(Status.InvalidArgument, index.Status);
      Assert.IsFalse(scan.IsSet(0));
      var unset = Assert.Throws<CubeException>(() => scan.Resolve());
      StringAssert.Contains("sample 0 (U1) is not set", unset.Message);
    }
    Scan closed = new Scan(ColorSpace.Srgb);
    closed.Dispose();
    var after = Assert.Throws<CubeException>(() => { int n = closed.Count; });
    StringAssert.Contains("Scan is closed", after.Message);
  }

  [Test]
  public void OldColourSpellingStillWorks() {
    Assert.IsTrue(Attribute.IsDefined(typeof(Scan).Assembly.GetType("LibCube.ColourSpace"), typeof(ObsoleteAttribute)));
    Assert.IsTrue(Attribute.IsDefined(typeof(Scan).GetProperty("ColourSpace"), typeof(ObsoleteAttribute)));
#pragma warning disable 618 // the obsolete names are what this test is about
    using (Scan scan = new Scan(ColourSpace.Lab)) {
      Assert.AreEqual(ColourSpace.Lab, scan.ColourSpace);
#pragma warning restore 618
      Assert.AreEqual(ColorSpace.Lab, scan.ColorSpace);
    }
  }

  [Test]
  public void RobotScanSequenceMapsFramesToFacelets() {
    using (Robot robot = Robot.Parse("four-arm"))
    using (Plan scanPlan = robot.ScanPlan())
    using (Cube cube = Cube.Random(3, 99))
    using (Scan frames = new Scan(ColorSpace.Srgb)) {
      Assert.AreEqual(6, scanPlan.ScanFrameCount);
      int faces = 0;
      string facelets = cube.Facelets;
      for (int f = 0; f < 6; f++) {
        using (ScanFrame frame = scanPlan.ScanFrame(f)) {
          faces |= 1 << (int)frame.Face;
          Assert.IsTrue(frame.Rotation >= 0 && frame.Rotation < 4);
          Assert.LessOrEqual(frame.TimeUs, scanPlan.TotalUs);
          for (int k = 0; k < 9; k++) {
            double[] c = ColourOf(facelets[ShownFacelet((int)frame.Face, frame.Rotation, k)]);
            frames.Set(9 * f + k, c[0], c[1], c[2], 1.0);
          }
        }
      }
      Assert.AreEqual(63, faces);
      using (Scan mapped = Scan.FromFrames(scanPlan, frames))
      using (ScanResult result = mapped.Resolve())
        Assert.AreEqual(facelets, result.Facelets);
      using (Moves moves = Moves.Parse("R U F'"))
      using (Plan solve = robot.Plan(moves))
      using (Plan both = scanPlan.Then(solve)) {
        Assert.AreEqual(6, both.ScanFrameCount);
        Assert.AreEqual(scanPlan.TotalUs + solve.TotalUs, both.TotalUs);
        both.Check();
        var noFrames = Assert.Throws<CubeException>(() => Scan.FromFrames(solve, frames));
        StringAssert.Contains("camera frames", noFrames.Message);
      }
    }
    var camera = Assert.Throws<CubeException>(() => Robot.Parse("two-gripper:camera=D"));
    StringAssert.Contains("can look at F, U, R or B", camera.Message);
  }
}

}
