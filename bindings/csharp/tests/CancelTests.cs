// Cancelling from another thread: a CancelToken stops a long solve, Driver.Cancel a slow run.
using System.Diagnostics;
using System.Threading;
using NUnit.Framework;

namespace LibCube.Tests {

[TestFixture]
public class CancelTests {
  static Thread After(int milliseconds, System.Action action) {
    Thread thread = new Thread(() => {
      Thread.Sleep(milliseconds);
      action();
    });
    thread.Start();
    return thread;
  }

  [Test]
  public void TokenState() {
    using (CancelToken token = new CancelToken()) {
      Assert.IsFalse(token.IsCancelled);
      token.Cancel();
      Assert.IsTrue(token.IsCancelled);
      token.Reset();
      Assert.IsFalse(token.IsCancelled);
    }
  }

  [Test]
  public void OptionsKeepTheToken() {
    using (SolveOptions options = new SolveOptions()) {
      Assert.IsFalse(options.HasCancel);
      CancelToken token = new CancelToken();
      options.SetCancel(token);
      token.Cancel();
      token.Dispose();
      Assert.IsTrue(options.HasCancel);
      using (Cube cube = Cube.Random(3, 80)) {
        CubeException e = Assert.Throws<CubeException>(() => TestTables.Solver.Solve(cube, options));
        Assert.AreEqual(Status.Cancelled, e.Status, e.Message);
      }
      options.ClearCancel();
      Assert.IsFalse(options.HasCancel);
    }
  }

  [Test]
  public void TokenStopsAMinEffortSolve() {
    using (Cube cube = Cube.Random(3, 81))
    using (CancelToken token = new CancelToken())
    using (SolveOptions options = new SolveOptions { MinEffort = true, TimeoutMs = 60000 }) {
      options.SetCancel(token);
      Stopwatch watch = Stopwatch.StartNew();
      Thread canceller = After(200, token.Cancel);
      CubeException e = Assert.Throws<CubeException>(() => TestTables.Solver.Solve(cube, options));
      canceller.Join();
      Assert.AreEqual(Status.Cancelled, e.Status, e.Message);
      Assert.Less(watch.ElapsedMilliseconds, 5000);
    }
  }

  [Test]
  public void CancelledTokenStopsARobotSolve() {
    using (Robot robot = Robot.Parse("four-arm"))
    using (Cube cube = Cube.Random(3, 82))
    using (CancelToken token = new CancelToken())
    using (RobotSolveOptions options = new RobotSolveOptions()) {
      token.Cancel();
      options.SetCancel(token);
      CubeException e = Assert.Throws<CubeException>(() => robot.Solve(TestTables.Solver, cube, options));
      Assert.AreEqual(Status.Cancelled, e.Status, e.Message);
      options.ClearCancel();
      using (Plan plan = robot.Solve(TestTables.Solver, cube, options)) {
        Assert.Greater(plan.ActionCount, 0);
      }
    }
  }

  // Over 8 s at the sim's real-time speed: a run that ends within 4 s was cancelled.
  static Plan SlowPlan() {
    using (Robot robot = Robot.Parse("four-arm"))
    using (Moves moves = Moves.Parse("R U R' U' F2 D L' B R2 U F' L")) {
      return robot.Plan(moves);
    }
  }

  [Test]
  public void DriverCancelStopsASlowRun() {
    using (Plan plan = SlowPlan())
    using (DriverRegistry registry = new DriverRegistry())
    using (Driver driver = registry.Open("sim:model=four-arm,speed=1")) {
      Assert.Greater(plan.TotalUs, 8000000);
      Stopwatch watch = Stopwatch.StartNew();
      Thread canceller = After(300, driver.Cancel);
      CubeException e = Assert.Throws<CubeException>(() => driver.Run(plan));
      canceller.Join();
      Assert.AreEqual(Status.Cancelled, e.Status, e.Message);
      Assert.Less(watch.ElapsedMilliseconds, 4000);
      using (RunReport report = driver.LastReport()) {
        Assert.Less(report.ActionsDone, plan.ActionCount);
      }
    }
  }

  [Test]
  public void RunOptionsTokenStopsASlowRun() {
    using (Plan plan = SlowPlan())
    using (DriverRegistry registry = new DriverRegistry())
    using (Driver driver = registry.Open("sim:model=four-arm,speed=1"))
    using (CancelToken token = new CancelToken())
    using (RunOptions options = new RunOptions()) {
      options.SetCancel(token);
      Stopwatch watch = Stopwatch.StartNew();
      Thread canceller = After(300, token.Cancel);
      CubeException e = Assert.Throws<CubeException>(() => driver.Run(plan, options));
      canceller.Join();
      Assert.AreEqual(Status.Cancelled, e.Status, e.Message);
      Assert.Less(watch.ElapsedMilliseconds, 4000);
      options.ClearCancel();
    }
  }
}

}
