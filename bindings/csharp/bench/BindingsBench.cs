// The C# side of tests/bench/bench_bindings.sh: LibCube.Bench.exe MODE COUNT SEED times COUNT solves through
// the binding and prints one line "MODE COUNT TOTAL_US CPU_US" (the timed part only: wall-clock time and
// the process's CPU time, all its threads).
//   solve3      COUNT random 3x3 states (seeds SEED + i), default options (at most 20 moves)
//   roundtrip2  COUNT random 2x2 states: each solve is one round trip returning a Moves
// The cubes are made and the tables loaded (one solve) before timing; CUBE_TABLE_DIR says where they are.
using System;
using System.Diagnostics;
using LibCube;

static class BindingsBench {
  static int Main(string[] args) {
    int count;
    long seed;
    int size = args.Length == 3 ? SizeOf(args[0]) : 0;
    if (size == 0 || !int.TryParse(args[1], out count) || count < 1 || !long.TryParse(args[2], out seed)) {
      Console.Error.WriteLine("usage: LibCube.Bench.exe solve3|roundtrip2 COUNT SEED");
      return 2;
    }
    Cube[] cubes = new Cube[count];
    for (int i = 0; i < count; i++) {
      cubes[i] = Cube.Random(size, seed + i);
    }
    using (Solver solver = new Solver()) {
      using (solver.Solve(cubes[0])) {
      }
      TimeSpan cpuStart = Process.GetCurrentProcess().TotalProcessorTime;
      Stopwatch watch = Stopwatch.StartNew();
      foreach (Cube cube in cubes) {
        using (solver.Solve(cube)) {
        }
      }
      watch.Stop();
      long cpuUs = (Process.GetCurrentProcess().TotalProcessorTime - cpuStart).Ticks / 10;
      long totalUs = watch.ElapsedTicks * 1000000L / Stopwatch.Frequency;
      Console.WriteLine("{0} {1} {2} {3}", args[0], count, totalUs, cpuUs);
    }
    foreach (Cube cube in cubes) {
      cube.Dispose();
    }
    return 0;
  }

  static int SizeOf(string mode) {
    switch (mode) {
    case "solve3":
      return 3;
    case "roundtrip2":
      return 2;
    default:
      return 0;
    }
  }
}
