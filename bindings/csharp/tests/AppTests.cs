// The shapes an application meets (bindings/README.md): names that do not clash with System (this file says
// `using System; using LibCube;` and uses System.Action beside LibCube.PlanAction: it compiles only if no
// LibCube type is called Action), the naming scheme, the constructors and convenience forms both languages
// share, enums, null arguments. (java/tests/org/libcube/AppTest.java is the same set for Java.)
using System;
using System.Collections.Generic;
using System.Linq;
using System.Reflection;
using NUnit.Framework;
using LibCube;

namespace LibCube.Tests {

[TestFixture]
public class AppTests {
  static IEnumerable<Type> PublicTypes() {
    return typeof(Cube).Assembly.GetExportedTypes();
  }

  [Test]
  public void ActionIsSystemActionBesideLibCube() {
    int ran = 0;
    Action count = () => ran++;
    count();
    Assert.AreEqual(1, ran);
    using (Robot robot = new Robot(RobotFamily.FourArm))
    using (Moves moves = Moves.Parse("R U"))
    using (Plan plan = robot.Plan(moves)) {
      PlanAction[] actions = plan.Actions();
      Action<PlanAction> check = action => Assert.GreaterOrEqual(action.EndUs, action.StartUs);
      Array.ForEach(actions, check);
    }
  }

  [Test]
  public void NoPublicTypeSharesANameWithSystem() {
    Assembly[] system = { typeof(object).Assembly, typeof(Uri).Assembly, typeof(Enumerable).Assembly };
    foreach (Type type in PublicTypes()) {
      foreach (Assembly assembly in system) {
        Assert.IsNull(assembly.GetType("System." + type.Name), type.Name + " is also System." + type.Name);
      }
    }
    Assert.Greater(PublicTypes().Count(), 40);
  }

  [Test]
  public void QueriesWithoutArgumentsAreProperties() {
    List<string> methods = new List<string>();
    foreach (Type type in PublicTypes()) {
      foreach (MethodInfo method in type.GetMethods(BindingFlags.Public | BindingFlags.Instance | BindingFlags.Static |
                                                    BindingFlags.DeclaredOnly)) {
        bool getter = method.Name.StartsWith("Get") || method.Name.StartsWith("Is") || method.Name.StartsWith("Has");
        if (getter && !method.IsSpecialName && method.GetParameters().Length == 0 && method.Name != "GetHashCode") {
          methods.Add(type.Name + "." + method.Name);
        }
      }
    }
    CollectionAssert.IsEmpty(methods);
  }

  [Test]
  public void SolverConstructorsTakeNullForTheDefaultFolder() {
    using (Solver solver = new Solver((string)null))
    using (Cube cube = Cube.Random(2, 3))
    using (Moves solution = solver.Solve(cube)) {
      cube.Apply(solution);
      Assert.IsTrue(cube.IsSolved);
    }
    using (Solver solver = new Solver(null, (ProgressHandler)null))
    using (Cube cube = new Cube(2))
    using (Moves solution = solver.Solve(cube)) {
      Assert.AreEqual(0, solution.Count);
    }
    using (Solver solver = new Solver(null, TablePolicy.Compact, null))
    using (Cube cube = Cube.Random(3, 4))
    using (Moves solution = solver.Solve(cube)) {
      cube.Apply(solution);
      Assert.IsTrue(cube.IsSolved);
    }
    Assert.AreEqual(Tables.Path(""), Tables.Path(null));
  }

  [Test]
  public void FullPolicyPrepareWaitsForTheFullTables() {
    List<string> stages = new List<string>();
    using (Solver solver = new Solver(TestTables.Dir, TablePolicy.Full, progress => {
             stages.Add(progress.Stage);
             return true;
           })) {
      solver.Prepare(3);
      int reported = stages.Count;
      Assert.Greater(reported, 0, "Prepare(3) reported loading the full tables");
      using (Cube cube = Cube.Random(3, 5))
      using (Moves solution = solver.Solve(cube)) {
        cube.Apply(solution);
        Assert.IsTrue(cube.IsSolved);
      }
      Assert.AreEqual(reported, stages.Count, "nothing was left to load after Prepare(3)");
    }
  }

  [Test]
  public void DistanceAndCountOptimalWithoutTargetOrOptions() {
    using (Cube cube = new Cube(2))
    using (SolveOptions options = new SolveOptions()) {
      cube.Apply("R U R'");
      Assert.AreEqual(3, TestTables.Solver.Distance(cube));
      Assert.AreEqual(TestTables.Solver.Distance(cube, options), TestTables.Solver.Distance(cube));
      Assert.AreEqual(TestTables.Solver.CountOptimal(cube, options), TestTables.Solver.CountOptimal(cube));
      Assert.GreaterOrEqual(TestTables.Solver.CountOptimal(cube), 1);
    }
  }

  [Test]
  public void RobotSolveWithoutOptionsAndPlanActions() {
    using (Robot robot = new Robot(RobotFamily.FourArm))
    using (Cube cube = Cube.Random(3, 6))
    using (Plan plan = robot.Solve(TestTables.Solver, cube)) {
      plan.Check();
      PlanAction[] actions = plan.Actions();
      Assert.AreEqual(plan.ActionCount, actions.Length);
      using (PlanAction second = plan.Action(1)) {
        Assert.AreEqual(second.StartUs, actions[1].StartUs);
      }
      using (Moves moves = plan.Moves()) {
        cube.Apply(moves);
        Assert.IsTrue(cube.IsSolved);
      }
    }
  }

  [Test]
  public void ScanFramesNameTheirFaceAsAnEnum() {
    using (Robot robot = Robot.Parse("turntable-flipper"))
    using (Plan scanPlan = robot.ScanPlan()) {
      HashSet<Face> faces = new HashSet<Face>();
      for (int f = 0; f < scanPlan.ScanFrameCount; f++) {
        using (ScanFrame frame = scanPlan.ScanFrame(f)) {
          faces.Add(frame.Face);
        }
      }
      CollectionAssert.AreEquivalent(Enum.GetValues(typeof(Face)), faces);
      Assert.AreEqual("U R F D L B", string.Join(" ", Enum.GetNames(typeof(Face))));
    }
  }

  static void AssertNull(string name, TestDelegate call) {
    CubeException e = Assert.Throws<CubeException>(call, name);
    Assert.AreEqual(Status.InvalidArgument, e.Status, name);
    Assert.AreEqual(name + " is null", e.Message);
  }

  [Test]
  public void NullArgumentsAreCubeExceptionsNamingTheArgument() {
    using (Cube cube = new Cube(3))
    using (Robot robot = new Robot(RobotFamily.FourArm))
    using (DriverRegistry registry = new DriverRegistry()) {
      AssertNull("cube", () => TestTables.Solver.Solve(null));
      AssertNull("options", () => TestTables.Solver.Solve(cube, null));
      AssertNull("facelets", () => Cube.FromFacelets(null));
      AssertNull("notation", () => Moves.Parse(null));
      AssertNull("notation", () => cube.Apply((string)null));
      AssertNull("moves", () => robot.Plan(null));
      AssertNull("solver", () => robot.Solve(null, cube));
      AssertNull("uri", () => registry.Open(null));
      AssertNull("text", () => Scan.Parse(null));
    }
  }
}

}
