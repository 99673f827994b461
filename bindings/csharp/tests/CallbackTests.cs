// Progress and run callbacks: called, able to cancel, and an exception thrown inside comes out of the
// call unchanged (same object, type and message) on the caller's thread.
using System;
using System.Collections.Generic;
using System.Runtime.CompilerServices;
using NUnit.Framework;

namespace LibCube.Tests {

[TestFixture]
public class CallbackTests {
  [Test]
  public void ProgressIsReportedWhileTheTablesLoad() {
    List<Progress> reports = TestTables.ProgressOfPrepare();
    Assert.IsNotEmpty(reports);
    // Each report is the handler's own copy: still readable after the call.
    Progress last = reports[reports.Count - 1];
    Assert.IsNotEmpty(last.Stage);
    Assert.That(last.Fraction, Is.InRange(0.0, 1.0));
    Assert.That(last.StageFraction, Is.InRange(0.0, 1.0));
    Assert.GreaterOrEqual(last.ElapsedUs, 0);
    Assert.That(last.Event, Is.EqualTo(ProgressEvent.Stage).Or.EqualTo(ProgressEvent.Notice));
    StringAssert.Contains(last.Stage, last.ToString());
  }

  [Test]
  public void ReturningFalseCancels() {
    using (Solver solver = new Solver(TestTables.Dir, progress => false)) {
      CubeException e = Assert.Throws<CubeException>(() => solver.Prepare(3));
      Assert.AreEqual(Status.Cancelled, e.Status, e.Message);
    }
  }

  [Test]
  public void ProgressExceptionIsRethrownUnchanged() {
    InvalidOperationException thrown = new InvalidOperationException("thrown by the progress callback");
    using (Solver solver = new Solver(TestTables.Dir, progress => { throw thrown; }))
    using (Cube cube = Cube.Random(3, 60)) {
      InvalidOperationException caught = Assert.Throws<InvalidOperationException>(() => solver.Solve(cube));
      Assert.AreSame(thrown, caught);
      Assert.AreEqual("thrown by the progress callback", caught.Message);
    }
  }

  [MethodImpl(MethodImplOptions.NoInlining)]
  static bool ThrowFromTheCallback(Progress progress) {
    throw new KeyNotFoundException("no key in the callback");
  }

  // The rethrown exception's stack trace still shows where the callback threw it.
  [Test]
  public void RethrownExceptionKeepsTheCallbacksStackTrace() {
    using (Solver solver = new Solver(TestTables.Dir, ThrowFromTheCallback)) {
      KeyNotFoundException e = Assert.Throws<KeyNotFoundException>(() => solver.Prepare(3));
      StringAssert.Contains("ThrowFromTheCallback", e.StackTrace);
      StringAssert.Contains("Solver.Prepare", e.StackTrace);
    }
  }

  [Test]
  public void NullHandlerMeansNoProgress() {
    using (Solver solver = new Solver(TestTables.Dir, null))
    using (Cube cube = Cube.Random(3, 61))
    using (Moves solution = solver.Solve(cube)) {
      Assert.LessOrEqual(solution.Count, 20);
    }
  }

  static Plan PlanOf(string notation) {
    using (Robot robot = Robot.Parse("four-arm"))
    using (Moves moves = Moves.Parse(notation)) {
      return robot.Plan(moves);
    }
  }

  [Test]
  public void RunExceptionIsRethrownUnchanged() {
    using (Plan plan = PlanOf("R U R' U'"))
    using (DriverRegistry registry = new DriverRegistry())
    using (Driver driver = registry.Open("sim:model=four-arm,speed=0"))
    using (RunOptions options = new RunOptions()) {
      int calls = 0;
      int failedAt = -1;
      options.OnStep = (done, count, planTimeUs) => {
        if (++calls == 2) {
          failedAt = done;
          throw new ArgumentException("thrown by the run callback at step " + done);
        }
        return true;
      };
      ArgumentException e = Assert.Throws<ArgumentException>(() => driver.Run(plan, options));
      Assert.AreEqual("thrown by the run callback at step " + failedAt, e.Message);
      using (RunReport report = driver.LastReport()) {
        Assert.AreEqual(Status.Cancelled, report.Status);
        Assert.AreEqual(failedAt, report.ActionsDone);
      }
    }
  }

  [Test]
  public void RunCallbackReturningFalseCancels() {
    using (Plan plan = PlanOf("R U"))
    using (DriverRegistry registry = new DriverRegistry())
    using (Driver driver = registry.Open("sim:model=four-arm,speed=0"))
    using (RunOptions options = new RunOptions()) {
      options.OnStep = (done, count, planTimeUs) => done < 1;
      CubeException e = Assert.Throws<CubeException>(() => driver.Run(plan, options));
      Assert.AreEqual(Status.Cancelled, e.Status, e.Message);
      options.OnStep = null;
      Assert.IsNull(options.OnStep);
      driver.Prepare();
      driver.Rest();
      using (RunReport report = driver.Run(plan, options)) {
        Assert.AreEqual(plan.ActionCount, report.ActionsDone);
      }
    }
  }

  // Another failure of the same listener later gives the later exception, not a stale one.
  [Test]
  public void EachFailureRethrowsItsOwnException() {
    int calls = 0;
    using (Plan plan = PlanOf("R"))
    using (DriverRegistry registry = new DriverRegistry())
    using (Driver driver = registry.Open("sim:model=four-arm,speed=0"))
    using (RunOptions options = new RunOptions()) {
      options.OnStep = (done, count, planTimeUs) => {
        calls++;
        throw new TimeoutException("call " + calls);
      };
      Assert.AreEqual("call 1", Assert.Throws<TimeoutException>(() => driver.Run(plan, options)).Message);
      driver.Prepare();
      driver.Rest();
      Assert.AreEqual("call 2", Assert.Throws<TimeoutException>(() => driver.Run(plan, options)).Message);
    }
  }

  // The solver's and the options' adapters survive garbage collection while their holder lives.
  [Test]
  public void CallbackKeptAliveByItsHolder() {
    List<string> stages = new List<string>();
    int steps = 0;
    using (Solver solver = new Solver(TestTables.Dir, progress => {
             lock (stages) {
               stages.Add(progress.Stage);
             }
             return true;
           }))
    using (Plan plan = PlanOf("R U"))
    using (DriverRegistry registry = new DriverRegistry())
    using (Driver driver = registry.Open("sim:model=four-arm,speed=0"))
    using (RunOptions options = new RunOptions())
    using (Cube cube = Cube.Random(3, 3)) {
      options.OnStep = (done, count, planTimeUs) => ++steps > 0;
      for (int i = 0; i < 3; i++) {
        GC.Collect();
        GC.WaitForPendingFinalizers();
      }
      using (Moves solution = solver.Solve(cube)) {
        cube.Apply(solution);
        Assert.IsTrue(cube.IsSolved);
      }
      driver.Run(plan, options).Dispose();
      Assert.IsNotEmpty(stages);
      Assert.Greater(steps, 0);
    }
  }
}

}
