// Pictures: the SVG net and 3-D view, text nets, steps and plan timelines, as cube/render.h draws them.
using NUnit.Framework;

namespace LibCube.Tests {

[TestFixture]
public class PicturesTests {
  static int Count(string text, string needle) {
    int n = 0;
    for (int at = text.IndexOf(needle, System.StringComparison.Ordinal); at >= 0;
         at = text.IndexOf(needle, at + 1, System.StringComparison.Ordinal)) {
      n++;
    }
    return n;
  }

  [Test]
  public void SvgNetHasEveryStickerInItsColour() {
    using (Cube cube = new Cube(3)) {
      cube.Apply("R U");
      string svg = Pictures.Svg(cube, PictureView.Net);
      Assert.IsTrue(svg.StartsWith("<svg", System.StringComparison.Ordinal));
      Assert.IsTrue(svg.EndsWith("</svg>\n", System.StringComparison.Ordinal));
      Assert.AreEqual(54, Count(svg, "class=\"sticker\""));
      StringAssert.Contains("id=\"U0\" fill=\"#ffffff\"", svg);
      StringAssert.Contains("id=\"F2\" fill=\"#b71234\"", svg);
    }
  }

  [Test]
  public void ThreeDViewAndTwoByTwo() {
    using (Cube cube = new Cube(3))
    using (Cube small = new Cube(2)) {
      Assert.AreEqual(27, Count(Pictures.Svg(cube, PictureView.ThreeD), "class=\"sticker\""));
      Assert.AreEqual(24, Count(Pictures.Svg(small, PictureView.Net), "class=\"sticker\""));
      StringAssert.Contains("id=\"D0\" fill=\"#0046ad\"", Pictures.Svg(cube, PictureView.Net, ColorScheme.Japanese, ""));
      StringAssert.Contains("id=\"U0\" fill=\"#112233\"", Pictures.Svg(cube, PictureView.Net, ColorScheme.Custom, "U=#123"));
    }
  }

  [Test]
  public void TextNetsAndBadSchemes() {
    using (Cube cube = new Cube(2)) {
      Assert.AreEqual(cube.Net(false), Pictures.Text(cube, TextColor.Letters, ColorScheme.Western, ""));
      StringAssert.Contains("48;2;255;255;255m", Pictures.Text(cube, TextColor.TrueColor, ColorScheme.Western, ""));
      CubeException e = Assert.Throws<CubeException>(
          () => Pictures.Svg(cube, PictureView.Net, ColorScheme.Custom, "X=#fff"));
      Assert.AreEqual(Status.Parse, e.Status);
      StringAssert.Contains("face 'X' is not one of U R F D L B", e.Message);
    }
  }

  [Test]
  public void StepsAndPlanTimeline() {
    using (Cube cube = new Cube(3))
    using (Moves moves = Moves.Parse("R U F'"))
    using (Robot robot = Robot.Parse("four-arm"))
    using (Plan plan = robot.Plan(moves)) {
      Assert.AreEqual(4 * 54, Count(Pictures.Steps(cube, moves, PictureView.Net), "class=\"sticker\""));
      string timeline = Pictures.Timeline(plan);
      Assert.IsTrue(timeline.StartsWith("<svg", System.StringComparison.Ordinal));
      Assert.AreEqual(plan.ActionCount, Count(timeline, "<rect class=\"action "));
    }
  }
}

}
