// Java idioms: toString/equals/hashCode, List<Moves> for solution lists, List<Result> for batches, int[] and
// List<...> instead of the vector classes (which stay package-private).

// ---- Vectors -----------------------------------------------------------------------------------------
%typemap(jstype) std::vector<int32_t> "int[]"
%typemap(javaout) std::vector<int32_t> {
    return Vectors.toArray(new IntVector($jnicall, true));
  }
%typemap(jstype) const std::vector<int32_t> &positions, const std::vector<int32_t> &commands "int[]"
%typemap(jtype, nopgcpp="1") const std::vector<int32_t> &positions, const std::vector<int32_t> &commands "long" // the temporary needs no keep-alive
%typemap(javain, pre="    IntVector temp$javainput = Vectors.fromArray($javainput, \"$javainput\");",
         post="      temp$javainput.close();") const std::vector<int32_t> &positions, const std::vector<int32_t> &commands
         "IntVector.getCPtr(temp$javainput)"
%typemap(jstype) std::vector<std::string> "java.util.List<String>"
%typemap(javaout) std::vector<std::string> {
    return Vectors.toList(new StringVector($jnicall, true));
  }
%typemap(jstype) std::vector<lcb::DeviceInfo> "java.util.List<DeviceInfo>"
%typemap(javaout) std::vector<lcb::DeviceInfo> {
    return Vectors.toList(new DeviceInfoVector($jnicall, true));
  }
// An element read from a DeviceInfoVector is a copy Java owns (the list outlives the vector).
%typemap(out) const lcb::DeviceInfo & %{ *(lcb::DeviceInfo **)&$result = new lcb::DeviceInfo(*$1); %}
%typemap(javaout) const lcb::DeviceInfo & {
    return new $javaclassname($jnicall, true);
  }

// ---- Solution lists ----------------------------------------------------------------------------------
%rename(solveAllNative) lcb::Solver::solveAll;
%javamethodmodifiers lcb::Solver::solveAll "private";
%rename(solveBatchNative) lcb::Solver::solveBatch;
%javamethodmodifiers lcb::Solver::solveBatch "private";

%extend lcb::Solver {
%proxycode %{
  /** Every optimal solution of a 2x2 cube, in the default metric (HTM). */
  public java.util.List<Moves> solveAll(Cube cube) {
    try (SolveOptions options = new SolveOptions()) {
      return solveAll(cube, options, 0);
    }
  }

  /** Every optimal solution of a 2x2 cube, at most {@code limit} of them (0: all). */
  public java.util.List<Moves> solveAll(Cube cube, SolveOptions options, int limit) {
    try (Solutions solutions = solveAllNative(cube, options, limit)) {
      return solutions.toList();
    }
  }

  /** Solves every cube with the default options, on one thread per processor: one Result per cube. */
  public java.util.List<Result> solveBatch(java.util.List<Cube> cubes) {
    try (SolveOptions options = new SolveOptions()) {
      return solveBatch(cubes, options, 0);
    }
  }

  /**
   * Solves every cube of {@code cubes} on {@code threads} threads (0: one per processor): one Result per cube,
   * in order, whether it was solved ({@code isOk()}, {@code moves()}) or not ({@code status()},
   * {@code message()}). Throws CubeException only when the call itself fails (a null or closed cube or
   * options, a negative thread count, no memory, a progress callback that cancelled or threw).
   */
  public java.util.List<Result> solveBatch(java.util.List<Cube> cubes, SolveOptions options, int threads) {
    if (cubes == null) {
      throw CubeException.nullArgument("cubes");
    }
    try (CubeList list = new CubeList()) {
      for (Cube cube : cubes) {
        list.add(cube);
      }
      try (Solutions solutions = solveBatchNative(list, options, threads)) {
        return solutions.toResults();
      } finally {
        // The list borrows the cubes' native states: they must outlive the native call.
        java.lang.ref.Reference.reachabilityFence(cubes);
      }
    }
  }
%}
}

%extend lcb::Solutions {
%proxycode %{
  /** Every entry as a Result (an unmodifiable list). */
  java.util.List<Result> toResults() {
    int count = size();
    java.util.List<Result> list = new java.util.ArrayList<>(count);
    try {
      for (int i = 0; i < count; i++) {
        list.add(result(i));
      }
    } catch (RuntimeException e) {
      list.forEach(Result::close);
      throw e;
    }
    return java.util.Collections.unmodifiableList(list);
  }

  /** The solutions as new Moves; throws the error of the first entry that failed. */
  java.util.List<Moves> toList() {
    int count = size();
    java.util.List<Moves> list = new java.util.ArrayList<>(count);
    try {
      for (int i = 0; i < count; i++) {
        list.add(get(i));
      }
    } catch (RuntimeException e) {
      list.forEach(Moves::close);
      throw e;
    }
    return list;
  }
%}
}

// ---- Text and equality -------------------------------------------------------------------------------
%extend lcb::Cube {
%proxycode %{
  /** The facelet letters (URFDLB face order). */
  @Override
  public String toString() {
    return swigCPtr == 0 ? "Cube(closed)" : facelets();
  }

  /** Cubes of the same size with the same facelets are equal. */
  @Override
  public boolean equals(Object other) {
    if (this == other) {
      return true;
    }
    if (!(other instanceof Cube)) {
      return false;
    }
    Cube cube = (Cube) other;
    return swigCPtr != 0 && cube.swigCPtr != 0 && size() == cube.size() && sameAs(cube);
  }

  @Override
  public int hashCode() {
    return swigCPtr == 0 ? 0 : hash();
  }
%}
}

%extend lcb::Moves {
%proxycode %{
  /** Standard notation ("R U R' U'"). */
  @Override
  public String toString() {
    return swigCPtr == 0 ? "Moves(closed)" : text();
  }

  /** Sequences of the same moves are equal. */
  @Override
  public boolean equals(Object other) {
    if (this == other) {
      return true;
    }
    if (!(other instanceof Moves)) {
      return false;
    }
    Moves moves = (Moves) other;
    return swigCPtr != 0 && moves.swigCPtr != 0 && sameAs(moves);
  }

  @Override
  public int hashCode() {
    return swigCPtr == 0 ? 0 : text().hashCode();
  }
%}
}

%extend lcb::Plan {
%proxycode %{
  /** Every action, in order (each a snapshot of its own). */
  public java.util.List<PlanAction> actions() {
    int count = actionCount();
    java.util.List<PlanAction> list = new java.util.ArrayList<>(count);
    for (int i = 0; i < count; i++) {
      list.add(action(i));
    }
    return java.util.Collections.unmodifiableList(list);
  }

  /** The plan's text format. */
  @Override
  public String toString() {
    return swigCPtr == 0 ? "Plan(closed)" : text();
  }
%}
}

%extend lcb::Robot {
%proxycode %{
  /** The robot's text spec ("four-arm turn90=..."). */
  @Override
  public String toString() {
    return swigCPtr == 0 ? "Robot(closed)" : spec();
  }
%}
}

%extend lcb::Progress {
%proxycode %{
  @Override
  public String toString() {
    return swigCPtr == 0 ? "Progress(closed)"
        : String.format("Progress(%s, \"%s\", stage %.3f, total %.3f, %d us)", event(), stage(),
              stageFraction(), fraction(), elapsedUs());
  }
%}
}

%extend lcb::PlanAction {
%proxycode %{
  @Override
  public String toString() {
    return swigCPtr == 0 ? "PlanAction(closed)"
        : String.format("PlanAction(actuator %d, %s %d, %d-%d us, move %d)", actuator(), kind(), param(),
              startUs(), endUs(), moveIndex());
  }
%}
}

%extend lcb::RunReport {
%proxycode %{
  @Override
  public String toString() {
    return swigCPtr == 0 ? "RunReport(closed)"
        : String.format("RunReport(%s, %d of %d actions, plan %d us, elapsed %d us)", status(),
              actionsDone(), actionCount(), planTimeUs(), elapsedUs());
  }
%}
}

%extend lcb::DriverFault {
%proxycode %{
  @Override
  public String toString() {
    return swigCPtr == 0 ? "DriverFault(closed)"
        : String.format("DriverFault(%s, %s, actuator %d, action %d: %s)", code(), status(), actuator(),
              actionIndex(), text());
  }
%}
}

%extend lcb::DeviceInfo {
%proxycode %{
  @Override
  public String toString() {
    return swigCPtr == 0 ? "DeviceInfo(closed)"
        : String.format("DeviceInfo(%d, %s, %s, %s)", index(), uri(), product(), serial());
  }
%}
}

%extend lcb::Result {
%proxycode %{
  /** "ok: R U ..." or the status and message of an entry that failed. */
  @Override
  public String toString() {
    if (swigCPtr == 0) {
      return "Result(closed)";
    }
    if (!isOk()) {
      return status() + ": " + message();
    }
    try (Moves solution = moves()) {
      return "ok: " + solution;
    }
  }
%}
}
