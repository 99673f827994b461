// Tables.Search(): the state of the table search path, as `cube tables path --search` prints it.
using NUnit.Framework;

namespace LibCube.Tests {

[TestFixture]
public class TableSearchTests {
  [Test]
  public void TheSuitesTablesAreUsed() {
    using (TableSearch search = Tables.Search()) {
      Assert.That(search.Count, Is.InRange(1, 3));
      Assert.AreEqual(TableFolderRole.Env, search.Role(0));
      Assert.AreEqual(TestTables.Dir, search.Folder(0));
      Assert.AreEqual(Tables.Path(TestTables.Dir), search.File(0));
      Assert.AreEqual(TableFileState.Sound, search.State(0));
      Assert.AreEqual("", search.Error(0));
      Assert.AreEqual("", search.OtherOrderFile(0));
      Assert.AreEqual("", search.OtherOrderNotice(0));
      Assert.AreEqual(0, search.UsedIndex);
      Assert.AreEqual(-1, search.BuildSavesIndex);
      Assert.AreEqual(search.File(0), search.Path);
    }
  }

  [Test]
  public void TextAndJsonAreTheCommandsAnswers() {
    using (TableSearch search = Tables.Search()) {
      string file = search.File(0);
      StringAssert.StartsWith("CUBE_TABLE_DIR  " + file + ": sound (used)\n", search.Text);
      StringAssert.EndsWith("\n", search.Text);
      StringAssert.StartsWith("{\"ok\":true,\"path\":\"" + file + "\",\"search\":[{\"role\":\"env\",\"file\":\"" + file
        + "\",\"state\":\"sound\",\"used\":true}", search.Json);
      StringAssert.EndsWith("]}", search.Json);
    }
  }

  [Test]
  public void BadIndexAndDisposedSearch() {
    TableSearch search = Tables.Search();
    int count = search.Count;
    CubeException e = Assert.Throws<CubeException>(() => search.State(count));
    Assert.AreEqual(Status.InvalidArgument, e.Status);
    StringAssert.Contains("out of range", e.Message);
    Assert.Throws<CubeException>(() => search.Role(-1));
    search.Dispose();
    CubeException closed = Assert.Throws<CubeException>(() => { string text = search.Text; });
    StringAssert.Contains("TableSearch is closed", closed.Message);
  }
}

}
