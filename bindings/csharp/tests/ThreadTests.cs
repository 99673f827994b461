// Threads: progress callbacks from the library's own threads, and many C# threads on one Solver.
using System;
using System.Collections.Generic;
using System.Threading;
using NUnit.Framework;

namespace LibCube.Tests {

[TestFixture]
public class ThreadTests {
  [Test]
  public void ProgressComesFromTheBatchThreads() {
    int caller = Thread.CurrentThread.ManagedThreadId;
    HashSet<int> reporters = new HashSet<int>();
    List<Cube> cubes = new List<Cube>();
    for (long seed = 70; seed < 74; seed++) {
      cubes.Add(Cube.Random(3, seed));
    }
    using (Solver solver = new Solver(TestTables.Dir, progress => {
             lock (reporters) {
               reporters.Add(Thread.CurrentThread.ManagedThreadId);
             }
             return true;
           }))
    using (SolveOptions options = new SolveOptions()) {
      IReadOnlyList<Result> results = solver.SolveBatch(cubes, options, 2);
      Assert.AreEqual(cubes.Count, results.Count);
      for (int i = 0; i < cubes.Count; i++) {
        using (Moves solution = results[i].Moves()) {
          cubes[i].Apply(solution);
        }
        Assert.IsTrue(cubes[i].IsSolved);
        results[i].Dispose();
        cubes[i].Dispose();
      }
    }
    Assert.IsNotEmpty(reporters);
    Assert.IsFalse(reporters.Contains(caller), "a batch on 2 threads reports from its own threads");
  }

  [Test]
  public void AnExceptionOnABatchThreadReachesTheCaller() {
    List<Cube> cubes = new List<Cube> { Cube.Random(3, 75), Cube.Random(3, 76) };
    using (Solver solver = new Solver(TestTables.Dir, progress => { throw new FormatException("from a batch thread"); }))
    using (SolveOptions options = new SolveOptions()) {
      FormatException e = Assert.Throws<FormatException>(() => solver.SolveBatch(cubes, options, 2));
      Assert.AreEqual("from a batch thread", e.Message);
    }
    foreach (Cube cube in cubes) {
      cube.Dispose();
    }
  }

  [Test]
  public void EightThreadsSolveOnOneSolver() {
    Solver solver = TestTables.Solver;
    List<Exception> failures = new List<Exception>();
    int solved = 0;
    Thread[] threads = new Thread[8];
    for (int t = 0; t < threads.Length; t++) {
      long firstSeed = 100 + 10 * t;
      threads[t] = new Thread(() => {
        try {
          for (long seed = firstSeed; seed < firstSeed + 5; seed++) {
            using (Cube cube = Cube.Random(seed % 2 == 0 ? 3 : 2, seed))
            using (Moves solution = solver.Solve(cube)) {
              cube.Apply(solution);
              if (!cube.IsSolved) {
                throw new Exception("not solved: " + seed);
              }
              Interlocked.Increment(ref solved);
            }
          }
        } catch (Exception e) {
          lock (failures) {
            failures.Add(e);
          }
        }
      });
      threads[t].Start();
    }
    foreach (Thread thread in threads) {
      thread.Join();
    }
    Assert.IsEmpty(failures, string.Join("\n", failures));
    Assert.AreEqual(40, solved);
  }
}

}
