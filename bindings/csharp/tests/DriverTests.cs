// DriverRegistry and Driver on the built-in sim: listing, lifecycle, queries, runs and their reports.
using System.Collections.Generic;
using NUnit.Framework;

namespace LibCube.Tests {

[TestFixture]
public class DriverTests {
  const string Sim = "sim:model=four-arm,speed=0";

  [Test]
  public void RegistryListsTheSim() {
    using (DriverRegistry registry = new DriverRegistry()) {
      Assert.GreaterOrEqual(registry.Count, 1);
      Assert.AreEqual("sim", registry.Name(0));
      Assert.IsNotEmpty(registry.Description(0));
      Assert.IsNotNull(registry.Path(0));
      Assert.IsNotNull(registry.Problems());
      CubeException e = Assert.Throws<CubeException>(() => registry.Devices(0));
      Assert.AreEqual(Status.Unsupported, e.Status, e.Message);
      Assert.Throws<CubeException>(() => registry.Name(registry.Count));
    }
    using (DriverRegistry empty = new DriverRegistry("")) {
      Assert.AreEqual("sim", empty.Name(0));
    }
  }

  [Test]
  public void DriverLifecycleAndQueries() {
    using (DriverRegistry registry = new DriverRegistry())
    using (Driver driver = registry.Open(Sim)) {
      Assert.AreEqual("sim", driver.Name);
      StringAssert.StartsWith("four-arm", driver.RobotSpec);
      driver.Prepare();
      Assert.AreEqual(DriverState.Idle, driver.State());
      Assert.AreEqual(new[] { 0, 1, 0, 1, 0, 1, 0, 1 }, driver.Positions());
      Assert.AreEqual("1", driver.Query("solved"));
      driver.Configure("scramble", "R U");
      Assert.AreEqual("0", driver.Query("solved"));
      CubeException e = Assert.Throws<CubeException>(() => driver.Query("nosuch"));
      Assert.AreEqual(Status.Unsupported, e.Status);
      StringAssert.Contains("unknown query \"nosuch\"", e.Message);
      driver.Rest();
      driver.Stop(StopLevel.Halt);
      Assert.AreEqual(DriverState.Stopped, driver.State());
      driver.Prepare();
      Assert.GreaterOrEqual(driver.CommandsDone(), 0);
      using (DriverFault fault = driver.Fault()) {
        Assert.AreEqual(FaultCode.None, fault.Code);
      }
      driver.Cancel();
    }
  }

  [Test]
  public void RunSolvesTheCubeInTheSim() {
    using (Robot robot = Robot.Parse("four-arm"))
    using (Cube cube = Cube.Random(3, 50))
    using (RobotSolveOptions solveOptions = new RobotSolveOptions())
    using (Plan plan = robot.Solve(TestTables.Solver, cube, solveOptions))
    using (DriverRegistry registry = new DriverRegistry())
    using (Driver driver = registry.Open(Sim))
    using (RunOptions options = new RunOptions()) {
      List<int> steps = new List<int>();
      options.OnStep = (done, count, planTimeUs) => {
        Assert.AreEqual(plan.ActionCount, count);
        steps.Add(done);
        return true;
      };
      Assert.IsNotNull(options.OnStep);
      options.MarginMs = 500;
      options.StopLevel = StopLevel.Deenergize;
      Assert.AreEqual(500, options.MarginMs);
      Assert.AreEqual(StopLevel.Deenergize, options.StopLevel);
      Assert.IsFalse(options.Resume);
      using (RunReport report = driver.Run(plan, options)) {
        Assert.AreEqual(Status.Ok, report.Status);
        Assert.AreEqual(plan.ActionCount, report.ActionsDone);
        Assert.AreEqual(plan.ActionCount, report.ActionCount);
        Assert.AreEqual(plan.TotalUs, report.PlanTimeUs);
        Assert.GreaterOrEqual(report.ElapsedUs, 0);
      }
      Assert.IsNotEmpty(steps);
      Assert.AreEqual(plan.ActionCount, steps[steps.Count - 1]);
      Assert.AreEqual("1", driver.Query("solved"));
      using (RunReport last = driver.LastReport()) {
        Assert.AreEqual(plan.ActionCount, last.ActionsDone);
      }
    }
  }

  [Test]
  public void RunWithoutOptions() {
    using (Robot robot = Robot.Parse("four-arm"))
    using (Moves moves = Moves.Parse("R U R' U'"))
    using (Plan plan = robot.Plan(moves))
    using (DriverRegistry registry = new DriverRegistry())
    using (Driver driver = registry.Open(Sim))
    using (RunReport report = driver.Run(plan)) {
      Assert.AreEqual(Status.Ok, report.Status);
      Assert.AreEqual(plan.ActionCount, report.ActionsDone);
    }
  }

  [Test]
  public void FaultStopsTheRun() {
    using (Robot robot = Robot.Parse("four-arm"))
    using (Moves moves = Moves.Parse("R U R' U'"))
    using (Plan plan = robot.Plan(moves))
    using (DriverRegistry registry = new DriverRegistry())
    using (Driver driver = registry.Open(Sim + ",fail_after=3")) {
      CubeException e = Assert.Throws<CubeException>(() => driver.Run(plan));
      using (DriverFault fault = driver.Fault())
      using (RunReport report = driver.LastReport()) {
        Assert.AreEqual(FaultCode.Device, fault.Code, fault.ToString());
        Assert.AreEqual(e.Status, report.Status);
        Assert.Less(report.ActionsDone, plan.ActionCount);
        using (Moves rest = plan.Remaining(report.ActionsDone)) {
          Assert.Greater(rest.Count, 0);
        }
      }
    }
  }

  [Test]
  public void PlanForAnotherRobotIsRefused() {
    using (Robot robot = Robot.Parse("six-motor"))
    using (Moves moves = Moves.Parse("R"))
    using (Plan plan = robot.Plan(moves))
    using (DriverRegistry registry = new DriverRegistry())
    using (Driver driver = registry.Open(Sim)) {
      CubeException e = Assert.Throws<CubeException>(() => driver.Run(plan));
      Assert.AreEqual(Status.InvalidArgument, e.Status, e.Message);
      using (DriverFault fault = driver.Fault()) {
        Assert.AreEqual(FaultCode.Mismatch, fault.Code);
      }
    }
  }

  [Test]
  public void RunOptions() {
    using (RunOptions options = new RunOptions()) {
      Assert.IsFalse(options.Resume);
      Assert.AreEqual(StopLevel.Halt, options.StopLevel);
      Assert.AreEqual(0, options.MarginMs);
      options.Resume = true;
      options.StopLevel = StopLevel.Deenergize;
      options.MarginMs = 250;
      Assert.IsTrue(options.Resume);
      Assert.AreEqual(StopLevel.Deenergize, options.StopLevel);
      Assert.AreEqual(250, options.MarginMs);
      options.OnStep = null;
      Assert.IsNull(options.OnStep);
    }
  }
}

}
