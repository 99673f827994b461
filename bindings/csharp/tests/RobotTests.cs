// Robot and Plan: specs, actuators, plans and their parts, robot-aware solving.
using System;
using System.IO;
using NUnit.Framework;

namespace LibCube.Tests {

[TestFixture]
public class RobotTests {
  const string FourArmSpec = "four-arm:turn90=250,turn180=400,grip=150,range=1,parallel=1";

  [Test]
  public void RobotsFromFamilyAndSpec() {
    using (Robot made = new Robot(RobotFamily.FourArm))
    using (Robot parsed = Robot.Parse("four-arm")) {
      Assert.AreEqual(RobotFamily.FourArm, made.Family);
      Assert.AreEqual(FourArmSpec, made.Spec);
      Assert.AreEqual(FourArmSpec, parsed.Spec);
      Assert.AreEqual(FourArmSpec, parsed.ToString());
      Assert.AreEqual(8, made.ActuatorCount);
      Assert.AreEqual(new[] { 0, 1, 0, 1, 0, 1, 0, 1 }, made.RestPositions);
      StringAssert.EndsWith(".twist", made.ActuatorName(0));
    }
    using (Robot timed = Robot.Parse("four-arm:turn90=200,turn180=330,grip=120")) {
      StringAssert.Contains("turn90=200", timed.Spec);
    }
  }

  [Test]
  public void DescribedMechanism() {
    using (Robot robot = Robot.Parse("hold-and-flip:described=1")) {
      Assert.AreEqual(RobotFamily.Described, robot.Family);
      StringAssert.Contains("actuator cover cover clamp:D flip:x hides", robot.Spec);
      using (Robot again = Robot.Parse(robot.Spec)) {
        Assert.AreEqual(robot.Spec, again.Spec);
      }
    }
  }

  [Test]
  public void HoldAndFlipAndStepTimes() {
    using (Robot robot = Robot.Parse("hold-and-flip:cover.close-flip=600")) {
      Assert.AreEqual(RobotFamily.HoldFlip, robot.Family);
      StringAssert.Contains("cover.close-flip=600", robot.Spec);
      Assert.AreEqual(new[] { 600000 }, robot.StepMicros(new[] { 0, 1 }, new[] { 1, (int)ActionKind.Flip, 1 }));
      CubeException e = Assert.Throws<CubeException>(() => robot.StepMicros(new[] { 0, 0 }, new[] { 7, (int)ActionKind.Flip, 1 }));
      Assert.AreEqual(Status.InvalidArgument, e.Status);
    }
  }

  [Test]
  public void LoadReadsASpecFile() {
    string path = Path.GetTempFileName();
    try {
      File.WriteAllText(path, "six-motor\n");
      using (Robot robot = Robot.Load(path)) {
        Assert.AreEqual(RobotFamily.SixMotor, robot.Family);
        Assert.AreEqual(6, robot.ActuatorCount);
      }
    } finally {
      File.Delete(path);
    }
    CubeException e = Assert.Throws<CubeException>(() => Robot.Load(path));
    Assert.AreEqual(Status.NotFound, e.Status, e.Message);
  }

  [Test]
  public void PlanOfMoves() {
    using (Robot robot = Robot.Parse("four-arm"))
    using (Moves moves = Moves.Parse("R U"))
    using (Plan plan = robot.Plan(moves)) {
      Assert.AreEqual(12, plan.ActionCount);
      Assert.AreEqual(1350000, plan.TotalUs);
      plan.Check();
      using (PlanAction first = plan.Action(0)) {
        Assert.AreEqual(ActionKind.Turn, first.Kind);
        Assert.AreEqual(1, first.Param);
        Assert.AreEqual(0, first.StartUs);
        Assert.AreEqual(250000, first.EndUs);
        Assert.AreEqual(0, first.MoveIndex);
        Assert.AreEqual("R.twist", robot.ActuatorName(first.Actuator));
      }
      Assert.AreEqual(12, plan.Actions().Length);
      Assert.AreEqual(robot.RestPositions, plan.StartPositions);
      using (Moves planned = plan.Moves())
      using (Robot planRobot = plan.Robot())
      using (Moves rest = plan.Remaining(0)) {
        Assert.AreEqual(moves, planned);
        Assert.AreEqual(robot.Spec, planRobot.Spec);
        Assert.AreEqual("R U", rest.Text);
      }
      StringAssert.StartsWith("robot " + FourArmSpec, plan.Text);
      Assert.AreEqual(plan.Text, plan.ToString());
      StringAssert.StartsWith("{\"robot\":\"" + FourArmSpec + "\"", plan.Json);
    }
  }

  [Test]
  public void PlanOptionsChangeThePlan() {
    using (Robot robot = Robot.Parse("four-arm"))
    using (Moves moves = Moves.Parse("R U F"))
    using (PlanOptions naive = new PlanOptions { Strategy = PlanStrategy.Naive })
    using (PlanOptions optimal = new PlanOptions())
    using (Plan slow = robot.Plan(moves, naive))
    using (Plan fast = robot.Plan(moves, optimal)) {
      Assert.AreEqual(PlanStrategy.Naive, naive.Strategy);
      Assert.AreEqual(PlanFinish.Rest, optimal.Finish);
      Assert.AreEqual(new int[0], optimal.StartPositions);
      Assert.Greater(slow.TotalUs, fast.TotalUs);
      optimal.Finish = PlanFinish.Anywhere;
      optimal.StartPositions = robot.RestPositions;
      Assert.AreEqual(robot.RestPositions, optimal.StartPositions);
      using (Plan anywhere = robot.Plan(moves, optimal)) {
        Assert.LessOrEqual(anywhere.TotalUs, fast.TotalUs);
      }
    }
  }

  [Test]
  public void RobotAwareSolve() {
    using (Robot robot = Robot.Parse("four-arm"))
    using (Cube cube = Cube.Random(3, 40))
    using (RobotSolveOptions options = new RobotSolveOptions()) {
      options.Candidates = 4;
      options.ExtraLength = 1;
      options.TimeoutMs = 10000;
      options.Strategy = PlanStrategy.Optimal;
      Assert.AreEqual(4, options.Candidates);
      Assert.AreEqual(1, options.ExtraLength);
      Assert.AreEqual(10000, options.TimeoutMs);
      Assert.AreEqual(PlanStrategy.Optimal, options.Strategy);
      Assert.GreaterOrEqual(options.ShortestMs, 0);
      using (Plan plan = robot.Solve(TestTables.Solver, cube, options))
      using (Plan withDefaults = robot.Solve(TestTables.Solver, cube))
      using (Moves moves = plan.Moves()) {
        plan.Check();
        withDefaults.Check();
        cube.Apply(moves);
        Assert.IsTrue(cube.IsSolved);
      }
    }
  }

  [Test]
  public void SixMotorOverlapCutsCorners() {
    using (Robot cutting = Robot.Parse("six-motor:overlap=0.3"))
    using (Robot plain = Robot.Parse("six-motor"))
    using (Moves moves = Moves.Parse("U R F"))
    using (Plan fast = cutting.Plan(moves))
    using (Plan slow = plain.Plan(moves)) {
      StringAssert.Contains(",overlap=0.3", cutting.Spec);
      fast.Check();
      Assert.AreEqual(48000, fast.TotalUs); // R and F start when the turn before has done 70%
      Assert.AreEqual(60000, slow.TotalUs);
    }
    CubeException e = Assert.Throws<CubeException>(() => Robot.Parse("four-arm:overlap=0.2"));
    StringAssert.Contains("only a six-motor robot cuts corners", e.Message);
  }

  [Test]
  public void BadSpecsSayWhy() {
    CubeException e = Assert.Throws<CubeException>(() => Robot.Parse("four-arm:turn90=-5"));
    StringAssert.Contains("turn90", e.Message);
    // The library shows bytes of a spec that are not printable ASCII as \xNN.
    e = Assert.Throws<CubeException>(() => Robot.Parse("four-arm\u00e9"));
    StringAssert.Contains("unknown family \"four-arm\\xC3\\xA9\"", e.Message);
  }
}

}
