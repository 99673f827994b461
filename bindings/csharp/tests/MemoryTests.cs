// The finalizer safety net: objects never disposed are freed, on the finalizer thread, without a crash.
using System;
using System.IO;
using System.Text.RegularExpressions;
using NUnit.Framework;

namespace LibCube.Tests {

[TestFixture]
public class MemoryTests {
  static long ResidentKb() {
    Match match = Regex.Match(File.ReadAllText("/proc/self/status"), @"VmRSS:\s+(\d+) kB");
    Assert.IsTrue(match.Success, "no VmRSS in /proc/self/status");
    return long.Parse(match.Groups[1].Value);
  }

  static void CollectEverything() {
    for (int i = 0; i < 3; i++) {
      GC.Collect();
      GC.WaitForPendingFinalizers();
    }
  }

  // Half of them with a native part of about 3 kB (a 500-move sequence): if the finalizers did not free
  // them, the 100,000 would keep about 150 MB. The GC does not see native memory, so without managed
  // allocations it would run rarely: it is run every 10,000 objects, as an application's allocations would.
  static void DropObjects(int count) {
    for (int i = 0; i < count; i++) {
      switch (i % 8) {
      case 1:
        Cube.Random(3, i);
        break;
      case 3:
        Moves.Parse("R U R' U' F2 D L' B2");
        break;
      case 5:
        new SolveOptions().MaxLength = 20;
        break;
      case 7:
        new CancelToken().Cancel();
        break;
      default:
        Moves.Scramble(3, i, 500);
        break;
      }
      if (i % 10000 == 0) {
        GC.Collect();
      }
    }
  }

  [Test]
  public void DroppedObjectsAreFreed() {
    DropObjects(20000);
    CollectEverything();
    long before = ResidentKb();
    DropObjects(100000);
    CollectEverything();
    long growthKb = ResidentKb() - before;
    Assert.Less(growthKb, 50 * 1024, "resident memory grew by {0} kB", growthKb);
  }

  // Listeners, options holding them, and objects already disposed, all left to the finalizers.
  [Test]
  public void FinalizersNeverThrow() {
    for (int i = 0; i < 200; i++) {
      new Solver(TestTables.Dir, progress => true);
      new RunOptions().OnStep = (done, count, us) => true;
      Cube cube = new Cube(2);
      cube.Dispose();
      using (Robot robot = new Robot(RobotFamily.TwoGripper))
      using (Moves moves = Moves.Parse("R")) {
        robot.Plan(moves);
      }
      new DriverRegistry().Open("sim:speed=0");
      new CancelToken();
    }
    CollectEverything();
    using (Cube cube = new Cube(3)) {
      Assert.IsTrue(cube.IsSolved);
    }
  }
}

}
