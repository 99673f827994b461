// Every failing status becomes a CubeException with the status and the library's message, null arguments
// too (naming the argument); text goes both ways as UTF-8.
using System;
using System.Collections.Generic;
using NUnit.Framework;

namespace LibCube.Tests {

[TestFixture]
public class ErrorTests {
  static CubeException Fails(Status status, TestDelegate call) {
    CubeException e = Assert.Throws<CubeException>(call);
    Assert.AreEqual(status, e.Status, e.Message);
    return e;
  }

  [Test]
  public void ParseError() {
    CubeException e = Fails(Status.Parse, () => Moves.Parse("R U X"));
    StringAssert.Contains("unknown move 'X' at position 5", e.Message);
  }

  [Test]
  public void InvalidCube() {
    CubeException e = Fails(Status.InvalidCube, () => Cube.FromFacelets(TestTables.Solved3 + "U"));
    StringAssert.Contains("wrong length: 55 letters, expected 54 (3x3) or 24 (2x2)", e.Message);
  }

  [Test]
  public void NonAsciiFaceletLetterIsNamed() {
    string facelets = "UUUU\u00e9" + TestTables.Solved3.Substring(5);
    CubeException e = Fails(Status.InvalidCube, () => Cube.FromFacelets(facelets));
    StringAssert.Contains("facelet 5 is '\u00e9' (U+00E9), not one of the ASCII letters U R F D L B", e.Message);
  }

  [Test]
  public void BadRobotSpec() {
    CubeException e = Fails(Status.Parse, () => Robot.Parse("five-arm"));
    StringAssert.Contains("unknown family \"five-arm\"", e.Message);
  }

  [Test]
  public void UnknownDriver() {
    using (DriverRegistry registry = new DriverRegistry()) {
      CubeException e = Fails(Status.NotFound, () => registry.Open("nosuch:"));
      StringAssert.Contains("no driver named \"nosuch\"", e.Message);
    }
  }

  // The library quotes a driver name as it was given: the C# text arrives intact through UTF-8.
  [Test]
  public void NonAsciiTextComesBackIntact() {
    using (DriverRegistry registry = new DriverRegistry()) {
      CubeException e = Fails(Status.NotFound, () => registry.Open("sim\u00e9\u20ac\U0001F9CA:"));
      StringAssert.Contains("no driver named \"sim\u00e9\u20ac\U0001F9CA\"", e.Message);
    }
  }

  // A returned string (not only an error message) keeps its non-ASCII text.
  [Test]
  public void NonAsciiTextRoundTrips() {
    string dir = "/tmp/libcube-\u00e9\u20ac\U0001F9CA";
    string path = Tables.Path(dir);
    StringAssert.StartsWith(dir + "/", path);
  }

  [Test]
  public void IndexOutOfRange() {
    using (Moves moves = Moves.Parse("R U")) {
      CubeException e = Fails(Status.InvalidArgument, () => moves.KindAt(2));
      StringAssert.Contains("2", e.Message);
      Fails(Status.InvalidArgument, () => moves.AmountAt(-1));
    }
    using (Robot robot = new Robot(RobotFamily.FourArm)) {
      Fails(Status.InvalidArgument, () => robot.ActuatorName(robot.ActuatorCount));
    }
  }

  [Test]
  public void NoSolutionWithinMaxLength() {
    using (Cube cube = Cube.Random(3, 5))
    using (SolveOptions options = new SolveOptions { MaxLength = 3 }) {
      CubeException e = Fails(Status.Unsolvable, () => TestTables.Solver.Solve(cube, options));
      StringAssert.Contains("no solution of at most 3 moves", e.Message);
    }
  }

  [Test]
  public void UnsupportedCall() {
    using (Cube cube = Cube.Random(3, 5))
    using (SolveOptions options = new SolveOptions()) {
      CubeException e = Fails(Status.Unsupported, () => TestTables.Solver.CountOptimal(cube, options));
      StringAssert.Contains("2x2 only", e.Message);
    }
  }

  [Test]
  public void MissingTables() {
    string empty = System.IO.Path.Combine(System.IO.Path.GetTempPath(), "libcube-cs-" + Guid.NewGuid());
    System.IO.Directory.CreateDirectory(empty);
    try {
      CubeException e = Assert.Throws<CubeException>(() => Tables.Verify(empty));
      Assert.AreEqual(Status.NotFound, e.Status, e.Message);
    } finally {
      System.IO.Directory.Delete(empty, true);
    }
  }

  [Test]
  public void UseAfterDisposeThrowsForEveryClass() {
    AssertClosed("CancelToken", new CancelToken(), t => t.Cancel());
    AssertClosed("SolveOptions", new SolveOptions(), o => o.MaxLength = 3);
    AssertClosed("Solver", new Solver(), s => s.Prepare(2));
    AssertClosed("PlanOptions", new PlanOptions(), o => { PlanStrategy s = o.Strategy; });
    AssertClosed("RobotSolveOptions", new RobotSolveOptions(), o => o.Candidates = 2);
    AssertClosed("Robot", new Robot(RobotFamily.SixMotor), r => { string spec = r.Spec; });
    AssertClosed("RunOptions", new RunOptions(), o => o.OnStep = (done, count, us) => true);
    AssertClosed("DriverRegistry", new DriverRegistry(), r => { int count = r.Count; });
    using (Robot robot = new Robot(RobotFamily.SixMotor))
    using (Moves moves = Moves.Parse("R U")) {
      AssertClosed("Plan", robot.Plan(moves), p => p.Check());
    }
    using (DriverRegistry registry = new DriverRegistry()) {
      AssertClosed("Driver", registry.Open("sim:speed=0"), d => d.Prepare());
    }
  }

  static void AssertClosed<T>(string name, T item, Action<T> use) where T : IDisposable {
    item.Dispose();
    item.Dispose();
    CubeException e = Fails(Status.InvalidArgument, () => use(item));
    Assert.AreEqual(name + " is closed", e.Message);
  }

  [Test]
  public void NullArgumentsAreCubeExceptionsNamingTheArgument() {
    AssertNull("facelets", () => Cube.FromFacelets(null));
    AssertNull("notation", () => Moves.Parse(null));
    using (Cube cube = new Cube(3)) {
      AssertNull("moves", () => cube.Apply((Moves)null));
      AssertNull("notation", () => cube.Apply((string)null));
      AssertNull("options", () => TestTables.Solver.Solve(cube, null));
    }
    AssertNull("cubes", () => TestTables.Solver.SolveBatch(null));
    using (PlanOptions options = new PlanOptions()) {
      AssertNull("StartPositions", () => options.StartPositions = null);
    }
  }

  [Test]
  public void DisposedArgumentsAreNamedByTheirClass() {
    Moves moves = Moves.Parse("R");
    moves.Dispose();
    using (Cube cube = new Cube(3)) {
      CubeException e = Fails(Status.InvalidArgument, () => cube.Apply(moves));
      Assert.AreEqual("Moves is closed", e.Message);
    }
  }

  static void AssertNull(string name, TestDelegate call) {
    CubeException e = Fails(Status.InvalidArgument, call);
    Assert.AreEqual(name + " is null", e.Message);
  }

  [Test]
  public void StatusNamesAndVersion() {
    Assert.AreEqual("CUBE_ERROR_PARSE", CubeLib.StatusName(Status.Parse));
    Assert.IsNotEmpty(CubeLib.StatusMessage(Status.Cancelled));
    StringAssert.StartsWith("1.", CubeLib.Version());
    Assert.GreaterOrEqual(CubeLib.VersionNumber(), 10100);
  }

  // The text forms agree with Java's and Python's: a value's content (facelets, notation, plan text, spec, "ok: "
  // and the solution), a snapshot's "Name(...)", and "Name(closed)" once disposed: ToString never throws.
  [Test]
  public void ClosedObjectsSayClosedInTheirText() {
    List<Progress> reports = TestTables.ProgressOfPrepare();
    using (DriverRegistry registry = new DriverRegistry())
    using (Driver driver = registry.Open("sim:model=four-arm,speed=0")) {
      Robot robot = Robot.Parse(driver.RobotSpec);
      Moves moves = Moves.Parse("R U");
      Plan plan = robot.Plan(moves);
      Cube cube = new Cube(3);
      var texts = new List<KeyValuePair<IDisposable, string>> {
        new KeyValuePair<IDisposable, string>(cube, cube.Facelets),
        new KeyValuePair<IDisposable, string>(moves, "R U"),
        new KeyValuePair<IDisposable, string>(plan, plan.Text),
        new KeyValuePair<IDisposable, string>(robot, robot.Spec),
        new KeyValuePair<IDisposable, string>(TestTables.Solver.SolveBatch(new List<Cube> { new Cube(2) })[0], "ok: "),
        new KeyValuePair<IDisposable, string>(plan.Action(0), "PlanAction("),
        new KeyValuePair<IDisposable, string>(driver.Run(plan), "RunReport("),
        new KeyValuePair<IDisposable, string>(driver.Fault(), "DriverFault("),
        new KeyValuePair<IDisposable, string>(reports[0], "Progress("),
      };
      foreach (KeyValuePair<IDisposable, string> text in texts) {
        IDisposable item = text.Key;
        string name = item.GetType().Name;
        StringAssert.StartsWith(text.Value, item.ToString(), name);
        item.Dispose();
        Assert.AreEqual(name + "(closed)", item.ToString());
      }
    }
  }
}

}
