// DriverRegistry with a search path: plugins of the build ($CUBE_TEST_DRIVER_PATH: the sim as a plugin and,
// when built, the Maestro driver), their devices, and files it refuses.
using System;
using System.IO;
using NUnit.Framework;

namespace LibCube.Tests {

[TestFixture]
public class PluginTests {
  static string PluginPath {
    get {
      string path = Environment.GetEnvironmentVariable("CUBE_TEST_DRIVER_PATH");
      if (string.IsNullOrEmpty(path)) {
        Assert.Fail("CUBE_TEST_DRIVER_PATH must name the build's driver plugin folders");
      }
      return path;
    }
  }

  static int IndexOf(DriverRegistry registry, string name) {
    for (int i = 0; i < registry.Count; i++) {
      if (registry.Name(i) == name) {
        return i;
      }
    }
    return -1;
  }

  [Test]
  public void PluginRunsAPlan() {
    using (DriverRegistry registry = new DriverRegistry(PluginPath)) {
      int index = IndexOf(registry, "sim-plugin");
      Assert.GreaterOrEqual(index, 0);
      StringAssert.EndsWith("cube-driver-sim-plugin.so", registry.Path(index));
      StringAssert.Contains("plugin", registry.Description(index));
      using (Robot robot = Robot.Parse("four-arm"))
      using (Moves moves = Moves.Parse("R U"))
      using (Plan plan = robot.Plan(moves))
      using (Driver driver = registry.Open("sim-plugin:model=four-arm,speed=0"))
      using (RunReport report = driver.Run(plan)) {
        Assert.AreEqual("sim-plugin", driver.Name);
        Assert.AreEqual(plan.ActionCount, report.ActionsDone);
      }
    }
  }

  [Test]
  public void DevicesOfAHardwareDriver() {
    using (DriverRegistry registry = new DriverRegistry(PluginPath)) {
      int index = IndexOf(registry, "maestro");
      if (index < 0) {
        Assert.Ignore("the Maestro driver is not built");
      }
      foreach (DeviceInfo device in registry.Devices(index)) {
        StringAssert.StartsWith("maestro:", device.Uri);
        Assert.IsNotEmpty(device.Product);
        Assert.GreaterOrEqual(device.Index, 0);
        Assert.IsNotNull(device.Serial);
        Assert.IsNotNull(device.Detail);
        device.Dispose();
      }
    }
  }

  [Test]
  public void RefusedFilesAreProblems() {
    string dir = Path.Combine(Path.GetTempPath(), "libcube-cs-" + Guid.NewGuid());
    Directory.CreateDirectory(dir);
    try {
      File.WriteAllText(Path.Combine(dir, "cube-driver-junk.so"), "not a shared object");
      using (DriverRegistry registry = new DriverRegistry(dir)) {
        string[] problems = registry.Problems();
        Assert.AreEqual(1, problems.Length, string.Join("\n", problems));
        StringAssert.Contains("cube-driver-junk.so", problems[0]);
        Assert.AreEqual(-1, IndexOf(registry, "junk"));
      }
    } finally {
      Directory.Delete(dir, true);
    }
  }
}

}
