// Callbacks. lcb::ProgressListener and lcb::RunListener are SWIG directors and package-private: the adapters
// ProgressAdapter and RunAdapter (src/) subclass them to call the user's ProgressCallback / RunCallback,
// keep whatever it throws in CallbackErrors (taken back by LCB_RETHROW_CALLBACK on the caller's thread) and
// answer Listen.FAILED. Library threads are attached to the JVM as daemons (errors.i).
%typemap(javaclassmodifiers) lcb::ProgressListener, lcb::RunListener "abstract class"

// A progress report may be kept after the callback returned: Java gets a copy it owns.
%typemap(directorin, descriptor="L$packagepath/$javaclassname;") const lcb::Progress & %{
  *(lcb::Progress **)&$input = new lcb::Progress($1);
%}
%typemap(javadirectorin) const lcb::Progress & "new $javaclassname($jniinput, true)"

// The methods taking a listener are private; the public ones (idioms.i) take a ProgressCallback or a
// RunCallback and keep its adapter reachable from the object native code calls it through.
%javamethodmodifiers lcb::Solver::Solver(const std::string &, ProgressListener *) "private";
%javamethodmodifiers lcb::Solver::Solver(const std::string &, TablePolicy, ProgressListener *) "private";
%javamethodmodifiers lcb::Solver::Solver(TablePolicy, const std::string &)
    "/** Deprecated: the old argument order of {@link #Solver(String, TablePolicy, ProgressCallback)}. */\n  @Deprecated public";
%rename(generateNative) lcb::Tables::generate;
%javamethodmodifiers lcb::Tables::generate "private";
%rename(solveOptimalNative) lcb::Solver::solveOptimal;
%javamethodmodifiers lcb::Solver::solveOptimal "private";
%javamethodmodifiers lcb::OptimalResult::OptimalResult "";
%rename(setListenerNative) lcb::RunOptions::setListener;
%javamethodmodifiers lcb::RunOptions::setListener "private";

%extend lcb::Solver {
%proxycode %{
  /** Keeps the progress adapter reachable for as long as native code may call it. */
  private ProgressAdapter progressAdapter;

  /**
   * A solver whose tables are in {@code tableDir} (null or "" for the default folder: $CUBE_TABLE_DIR, else
   * ~/.cache/libcube), reporting table loads and builds to {@code callback} (may be null). With a callback the
   * solver waits for the full tables (TablePolicy.FULL): it is called on the thread that needs them; returning
   * false cancels that call.
   */
  public Solver(String tableDir, ProgressCallback callback) {
    this(tableDir, ProgressAdapter.wrap(callback), true);
  }

  /**
   * A solver whose tables are in {@code tableDir} (null or "") under {@code policy}, reporting to
   * {@code callback} (may be null). {@code TablePolicy.FULL}: {@code prepare(3)} returns once the full tables
   * are ready, so that timed or batch solves run at full speed from the first one.
   */
  public Solver(String tableDir, TablePolicy policy, ProgressCallback callback) {
    this(tableDir, policy, ProgressAdapter.wrap(callback), true);
  }

  private Solver(String tableDir, ProgressAdapter adapter, boolean keepAdapter) {
    this(tableDir, adapter);
    progressAdapter = adapter;
  }

  private Solver(String tableDir, TablePolicy policy, ProgressAdapter adapter, boolean keepAdapter) {
    this(tableDir, policy, adapter);
    progressAdapter = adapter;
  }
%}
}

%extend lcb::Solver {
%proxycode %{
  /** The shortest solution of a 3x3 in face turns, proven shortest (OptimalOptions' defaults). */
  public OptimalResult solveOptimal(Cube cube) {
    try (OptimalOptions options = new OptimalOptions()) {
      return solveOptimal(cube, options, null);
    }
  }

  /** As {@link #solveOptimal(Cube, OptimalOptions, ProgressCallback)} without a callback. */
  public OptimalResult solveOptimal(Cube cube, OptimalOptions options) {
    return solveOptimal(cube, options, null);
  }

  /**
   * The shortest solution of a 3x3 (or every one: {@code options.setAllSolutions(true)}), proven shortest.
   * {@code callback} (may be null) gets the depth, nodes and nodes per second ({@code Progress.depth()},
   * {@code nodes()}, {@code nodesPerSecond()}) when a depth begins and about twice a second, on this thread;
   * returning false cancels. A search that stops (Status.TIMEOUT, CANCELLED, or UNSOLVABLE: nothing of at most
   * maxLength moves) throws OptimalSearchException with the lower bound it reached.
   */
  public OptimalResult solveOptimal(Cube cube, OptimalOptions options, ProgressCallback callback) {
    OptimalResult result = new OptimalResult();
    try (ProgressAdapter adapter = ProgressAdapter.wrap(callback)) {
      solveOptimalNative(cube, options, adapter, result);
      return result;
    } catch (CubeException e) {
      RuntimeException failure = OptimalSearchException.of(e, result.lowerBound(), result.nodes());
      result.close();
      throw failure;
    } catch (RuntimeException | Error e) {
      result.close();
      throw e;
    }
  }
%}
}

%extend lcb::OptimalResult {
%proxycode %{
  /** The solutions as new Moves (an unmodifiable list; close them, or let the Cleaner). */
  public java.util.List<Moves> solutions() {
    int count = size();
    java.util.List<Moves> list = new java.util.ArrayList<>(count);
    for (int i = 0; i < count; i++) {
      list.add(get(i));
    }
    return java.util.Collections.unmodifiableList(list);
  }
%}
}

%extend lcb::Tables {
%proxycode %{
  /** Builds the 3x3 tables in {@code tableDir} ("" for the default) unless they are there and sound. */
  public static void generate(String tableDir, ProgressCallback callback) {
    try (ProgressAdapter adapter = ProgressAdapter.wrap(callback)) {
      generateNative(tableDir, adapter);
    }
  }

  /** As {@link #generate(String, ProgressCallback)}, stopped with Status.CANCELLED by {@code cancel}. */
  public static void generate(String tableDir, ProgressCallback callback, CancelToken cancel) {
    try (ProgressAdapter adapter = ProgressAdapter.wrap(callback)) {
      generateNative(tableDir, adapter, cancel);
    }
  }
%}
}

%extend lcb::RunOptions {
%proxycode %{
  /** Keeps the run adapter reachable for as long as these options may be used. */
  private RunAdapter runAdapter;

  /**
   * Calls {@code callback} after each step of a run with these options (null: no callback), on the thread
   * that runs the plan. Returning false cancels the run; an exception it throws comes out of Driver.run().
   */
  public synchronized void setCallback(RunCallback callback) {
    RunAdapter adapter = RunAdapter.wrap(callback);
    setListenerNative(adapter);
    runAdapter = adapter;
  }
%}
}
