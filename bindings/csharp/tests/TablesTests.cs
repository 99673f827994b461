// Tables: where they are, verifying them, and generating (checked quickly when they are already sound).
using System;
using System.IO;
using NUnit.Framework;

namespace LibCube.Tests {

[TestFixture]
public class TablesTests {
  [Test]
  public void PathAndVerify() {
    string path = Tables.Path(TestTables.Dir);
    StringAssert.StartsWith(TestTables.Dir, path);
    Assert.IsTrue(File.Exists(path), path);
    Tables.Verify(TestTables.Dir);
  }

  [Test]
  public void GenerateKeepsSoundTables() {
    int reports = 0;
    Tables.Generate(TestTables.Dir, progress => {
      reports++;
      return true;
    });
    Tables.Generate(TestTables.Dir, null);
    Assert.GreaterOrEqual(reports, 0);
  }

  static void InEmptyFolder(Action<string> use) {
    string dir = Path.Combine(Path.GetTempPath(), "libcube-cs-" + Guid.NewGuid());
    Directory.CreateDirectory(dir);
    try {
      use(dir);
    } finally {
      Directory.Delete(dir, true);
    }
  }

  [Test]
  public void GenerateStopsWhenCancelled() {
    InEmptyFolder(dir => {
      using (CancelToken token = new CancelToken()) {
        token.Cancel();
        CubeException e = Assert.Throws<CubeException>(() => Tables.Generate(dir, null, token));
        Assert.AreEqual(Status.Cancelled, e.Status, e.Message);
      }
    });
  }

  [Test]
  public void GenerateStopsWhenTheCallbackSaysSo() {
    InEmptyFolder(dir => {
      CubeException e = Assert.Throws<CubeException>(() => Tables.Generate(dir, progress => false));
      Assert.AreEqual(Status.Cancelled, e.Status, e.Message);
    });
  }

  [Test]
  public void GenerateRethrowsTheCallbacksException() {
    InEmptyFolder(dir => {
      NotSupportedException e = Assert.Throws<NotSupportedException>(
          () => Tables.Generate(dir, progress => { throw new NotSupportedException("no tables today"); }));
      Assert.AreEqual("no tables today", e.Message);
    });
  }
}

}
