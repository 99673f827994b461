// The C++ layer the Java and C# bindings are generated from (bindings/libcube.i). It turns the C API into
// classes: every handle is owned by one object and freed by its destructor, every failing status becomes
// an lcb::Error, every string is UTF-8 in std::string. Nothing here is installed or part of libcube's ABI;
// it is compiled into each language's native glue library.
//
// Rules the language layers rely on:
// - Methods that return a pointer return a new object the caller owns (%newobject in the interface).
// - Objects given to another object's method are borrowed for that call only, except where a comment says
//   "kept": then the facade copies what it needs (a cancel token is shared, never borrowed).
// - Listeners (ProgressListener, RunListener) are borrowed for as long as the object holding them lives;
//   the language layer keeps its listener object reachable from the holder.
// - A listener returns Listen::Continue, Listen::Cancel, or Listen::Failed after catching an exception of its
//   own language (which it keeps to rethrow). The facade then ends the call and throws CallbackError
//   (Failed) or Error with Status::Cancelled (Cancel).
#pragma once

#include <cstdint>
#include <memory>
#include <string>
#include <vector>

struct cube_state;
struct cube_moves;
struct cube_solver;
struct cube_solutions;
struct cube_cancel;
struct cube_robot;
struct cube_plan;
struct cube_driver_registry;
struct cube_driver;
struct cube_method_solution;
struct cube_table_search;
struct cube_scan_input;
struct cube_scan_result;

namespace lcb {

namespace detail {
struct ProgressContext; // the facade's listener context (listeners.hpp)
}

// ---- Enumerations (the values of the C API's enums; checked by static_assert in enums.cpp) ----------

enum class Status : int32_t {
    Ok = 0,
    InvalidArgument = -1,
    Parse = -2,
    InvalidCube = -3,
    Unsolvable = -4,
    NoMemory = -5,
    Io = -6,
    NotFound = -7,
    Timeout = -8,
    Cancelled = -9,
    BufferTooSmall = -10,
    Unsupported = -11,
    Corrupt = -12,
    Internal = -13
};

enum class Metric : int32_t { Htm = 0, Qtm = 1, Stm = 2 };

enum class MoveKind : int32_t { U = 0, R, F, D, L, B, Uw, Rw, Fw, Dw, Lw, Bw, M, E, S, X, Y, Z };

enum class RobotFamily : int32_t {
    SixMotor = 1,
    FourArm = 2,
    TwoGripper = 3,
    TurntableFlipper = 4,
    HoldFlip = 5,
    Described = 6
};

enum class ActionKind : int32_t { Turn = 1, Grip = 2, Flip = 3 };

/// A face of the cube, in the facelet order (URFDLB) of the C API (cube_face).
enum class Face : int32_t { U = 0, R = 1, F = 2, D = 3, L = 4, B = 5 };

enum class PlanStrategy : int32_t { Optimal = 0, Greedy = 1, Naive = 2 };

enum class PlanFinish : int32_t { Rest = 0, Anywhere = 1 };

/// The colour space of a scan's samples (cube_scan_color_space).
enum class ColorSpace : int32_t { Srgb = 0, Lab = 1 };

/// The name of ColorSpace before 1.3.
/// @deprecated Use ColorSpace (the API's identifiers are spelt "color").
enum class ColourSpace : int32_t { Srgb = 0, Lab = 1 };

/// Which 3x3 tables answer (cube_table_policy): Auto answers at once from the compact tables and switches
/// to the full ones when a thread of the solver's has loaded or built them; Full waits for the full tables;
/// Compact never uses them. Answers differ only in speed.
enum class TablePolicy : int32_t { Full = 0, Auto = 1, Compact = 2 };

enum class StopLevel : int32_t { Halt = 1, Deenergize = 2 };

enum class DriverState : int32_t { Idle = 0, Busy = 1, Stopped = 2, Fault = 3 };

enum class FaultCode : int32_t {
    None = 0,
    Device = 1,
    Communication = 2,
    Timeout = 3,
    Refused = 4,
    Mismatch = 5,
    Cancelled = 6,
    Position = 7,
    Hung = 8,
    Other = 9
};

enum class ProgressEvent : int32_t { Stage = 0, Notice = 1 };

/// What a listener tells the library.
enum class Listen : int32_t { Continue = 1, Cancel = 0, Failed = -1 };

// ---- Errors ------------------------------------------------------------------------------------------

/// A failing status with cube_last_error()'s message (or the facade's own, for misuse it finds itself).
class Error {
  public:
    Error(Status status, std::string message);
    Status status() const;
    const std::string &message() const;

  private:
    Status status_;
    std::string message_;
};

/// A listener returned Listen::Failed: the language layer rethrows the exception that listener kept.
/// `listener` is the C++ address of the listener object (ProgressListener or RunListener).
class CallbackError {
  public:
    explicit CallbackError(const void *listener);
    const void *listener() const;

  private:
    const void *listener_;
};

/// The status name and message of a status code ("CUBE_ERROR_PARSE", "...").
std::string statusName(Status status);
std::string statusMessage(Status status);

/// libcube's version ("1.1.0") and the C API's version number (10100).
std::string version();
int32_t versionNumber();

// ---- Cancellation ------------------------------------------------------------------------------------

/// A flag that stops the calls it is given to. Shared: options keep it alive.
class CancelToken {
  public:
    CancelToken();
    void cancel();
    void reset();
    bool isCancelled() const;
    const cube_cancel *handle() const;

  private:
    std::shared_ptr<cube_cancel> cancel_;
    friend class SolveOptions;
    friend class OptimalOptions;
    friend class RobotSolveOptions;
    friend class RunOptions;
    friend class TableOptions;
};

// ---- Cube state and moves ----------------------------------------------------------------------------

class Moves;

class Cube {
  public:
    /// A solved cube of `size` (2 or 3).
    explicit Cube(int32_t size);
    ~Cube();
    Cube(const Cube &) = delete;
    Cube &operator=(const Cube &) = delete;

    /// From 24 (2x2) or 54 (3x3) facelet letters in URFDLB face order; the length gives the size.
    static Cube *fromFacelets(const std::string &facelets);
    static Cube *fromFacelets(const std::string &facelets, int32_t size);
    /// A uniformly random solvable cube, the same for the same seed.
    static Cube *random(int32_t size, int64_t seed);
    /// Throws Error(InvalidCube) saying what is wrong; returns normally for a solvable cube.
    static void validate(const std::string &facelets, int32_t size);

    Cube *copy() const;
    int32_t size() const;
    bool isSolved() const;
    std::string facelets() const;
    /// The unfolded net as text; `color` adds ANSI colours.
    std::string net(bool color) const;
    bool sameAs(const Cube &other) const;
    /// A hash of the facelets, equal for cubes that are sameAs().
    int32_t hash() const;
    void apply(const Moves &moves);
    void apply(const std::string &notation);

    const cube_state *handle() const;

  private:
    explicit Cube(cube_state *state);
    cube_state *state_;
};

class Moves {
  public:
    /// An empty sequence for a cube of `size`.
    explicit Moves(int32_t size);
    ~Moves();
    Moves(const Moves &) = delete;
    Moves &operator=(const Moves &) = delete;

    /// Standard notation ("R U R' U2", "x", "Rw"...), for a cube of `size` (3 when not given).
    static Moves *parse(const std::string &notation);
    static Moves *parse(const std::string &notation, int32_t size);
    /// A random scramble of `length` moves, the same for the same seed.
    static Moves *scramble(int32_t size, int64_t seed, int32_t length);
    /// Takes ownership of a C sequence (for the facade's own use).
    static Moves *adopt(cube_moves *moves);

    Moves *copy() const;
    int32_t count() const;
    int32_t length(Metric metric) const;
    MoveKind kindAt(int32_t index) const;
    /// Quarter turns clockwise: 1, 2 or 3 (3 is a prime move).
    int32_t amountAt(int32_t index) const;
    void push(MoveKind kind, int32_t amount);
    void append(const Moves &tail);
    void invert();
    void simplify();
    std::string text() const;
    bool sameAs(const Moves &other) const;

    const cube_moves *handle() const;

  private:
    explicit Moves(cube_moves *moves);
    cube_moves *moves_;
};

// ---- Solving ------------------------------------------------------------------------------------------

/// One progress report (of a table load or build, or of an optimal search: then the event is Stage, the stage
/// "searching depth N", and depth, nodes and nodesPerSecond are set; they are 0 in the other reports).
struct Progress {
    ProgressEvent event;
    std::string stage;
    double stageFraction;
    double fraction;
    int64_t elapsedUs;
    int32_t depth;
    int64_t nodes;
    double nodesPerSecond;
};

/// Implemented by the language layers (SWIG director).
class ProgressListener {
  public:
    virtual ~ProgressListener();
    virtual Listen onProgress(const Progress &progress) = 0;
};

class SolveOptions {
  public:
    SolveOptions();
    Metric metric() const;
    void setMetric(Metric metric);
    /// 0: the default (3x3: 20, 2x2: no limit).
    int32_t maxLength() const;
    void setMaxLength(int32_t maxLength);
    /// 0: the default limit of 10 s.
    int32_t timeoutMs() const;
    void setTimeoutMs(int32_t timeoutMs);
    bool minEffort() const;
    void setMinEffort(bool minEffort);
    /// Kept: the token is shared, so it may be dropped by the caller. clearCancel() forgets it.
    void setCancel(const CancelToken &cancel);
    void clearCancel();
    bool hasCancel() const;

  private:
    Metric metric_ = Metric::Htm;
    int32_t maxLength_ = 0;
    int32_t timeoutMs_ = 0;
    bool minEffort_ = false;
    std::shared_ptr<cube_cancel> cancel_;
    friend class Solver;
};

/// One entry of a batch (Solver::solveBatch()): the cube's solution, or the status and message of why it has
/// none. Only a failure of the call itself throws; an entry that failed is a Result that is not ok.
class Result {
  public:
    ~Result();
    Result(const Result &) = delete;
    Result &operator=(const Result &) = delete;
    /// True when the entry has a solution (status() is Status::Ok).
    bool isOk() const;
    Status status() const;
    /// Why the entry failed; "" for an entry that is ok.
    std::string message() const;
    /// The solution (a new object); throws Error(status(), "entry N: " + message()) for an entry that failed.
    Moves *moves() const;

  private:
    Result(int32_t index, Status status, std::string message, cube_moves *moves);
    int32_t index_;
    Status status_;
    std::string message_;
    cube_moves *moves_;
    friend class Solutions;
};

/// Solutions of solveAll() or solveBatch(): get() returns a new Moves or throws that entry's error.
class Solutions {
  public:
    ~Solutions();
    Solutions(const Solutions &) = delete;
    Solutions &operator=(const Solutions &) = delete;
    int32_t size() const;
    Status statusAt(int32_t index) const;
    std::string messageAt(int32_t index) const;
    Moves *get(int32_t index) const;
    /// Entry `index` as a Result (a new object), whether it failed or not.
    Result *result(int32_t index) const;

  private:
    explicit Solutions(cube_solutions *list);
    cube_solutions *list_;
    friend class Solver;
};

/// Limits of an optimal 3x3 solve (Solver::solveOptimal()); the defaults: HTM, no length or time limit, one
/// solution, one thread.
class OptimalOptions {
  public:
    OptimalOptions();
    Metric metric() const;
    /// Htm or Qtm.
    void setMetric(Metric metric);
    /// 0: no limit; else the solve fails with Status::Unsolvable once every length up to it is ruled out.
    int32_t maxLength() const;
    void setMaxLength(int32_t maxLength);
    /// 0: no limit; else the solve fails with Status::Timeout after this long.
    int32_t timeoutMs() const;
    void setTimeoutMs(int32_t timeoutMs);
    /// Threads searching the one cube: 0 or 1 = one, up to 256.
    int32_t threads() const;
    void setThreads(int32_t threads);
    /// Every optimal solution (up to limit()), not only one.
    bool allSolutions() const;
    void setAllSolutions(bool allSolutions);
    /// With allSolutions: the most solutions returned, 0 = 1000.
    int32_t limit() const;
    void setLimit(int32_t limit);
    /// Kept: the token is shared, so it may be dropped by the caller. clearCancel() forgets it.
    void setCancel(const CancelToken &cancel);
    void clearCancel();
    bool hasCancel() const;

  private:
    Metric metric_ = Metric::Htm;
    int32_t maxLength_ = 0;
    int32_t timeoutMs_ = 0;
    int32_t threads_ = 0;
    bool allSolutions_ = false;
    int32_t limit_ = 0;
    std::shared_ptr<cube_cancel> cancel_;
    friend class Solver;
};

/// What an optimal search found out: its solutions and the proof, or after a failed solve how far it got
/// (lowerBound(), nodes()). Filled by Solver::solveOptimal().
class OptimalResult {
  public:
    OptimalResult();
    ~OptimalResult();
    OptimalResult(const OptimalResult &) = delete;
    OptimalResult &operator=(const OptimalResult &) = delete;
    /// How many solutions it holds: one, every optimal one with allSolutions, 0 after a failure.
    int32_t size() const;
    /// Solution `index` (a new object).
    Moves *get(int32_t index) const;
    /// The first solution (a new object); Error(NotFound) when there is none.
    Moves *solution() const;
    /// The solutions' length in the options' metric; -1 when none was found.
    int32_t length() const;
    /// No solution is shorter than length(): every shorter length was searched.
    bool isProvenOptimal() const;
    /// Every solution has at least this many moves (also after a time out, a cancel or Unsolvable).
    int32_t lowerBound() const;
    /// Positions visited.
    int64_t nodes() const;
    /// How long the search took.
    int64_t elapsedUs() const;
    /// The search was bounded by the standard optimal table (else by another or the 3x3 table file alone,
    /// slower).
    bool hasStandardTable() const;
    /// The search was bounded by the small optimal table (found when neither the standard nor the H48 one was).
    bool hasSmallTable() const;
    /// The search was bounded by the H48 table.
    bool hasH48Table() const;

  private:
    void reset();
    cube_solutions *list_ = nullptr;
    int32_t length_ = -1;
    bool proven_ = false;
    int32_t lowerBound_ = 0;
    int64_t nodes_ = 0;
    int64_t elapsedUs_ = 0;
    bool standardTable_ = false;
    bool smallTable_ = false;
    bool h48Table_ = false;
    friend class Solver;
};

/// The cubes of a batch: borrowed, so they must stay open until solveBatch() returns.
class CubeList {
  public:
    void add(const Cube &cube);
    int32_t size() const;
    void clear();

  private:
    std::vector<const cube_state *> states_;
    friend class Solver;
};

class Solver {
  public:
    /// 3x3 tables from the search path ($CUBE_TABLE_DIR, the user cache, the system folder): the first
    /// 3x3 solves answer at once with the compact tables while the full ones load on a thread of the
    /// solver's (the library's default policy, CUBE_TABLES_AUTO).
    Solver();
    /// Tables in `tableDir` ("" or null in the languages: the search path), the default policy.
    explicit Solver(const std::string &tableDir);
    /// Tables in `tableDir` ("" for the search path). Without a listener as Solver(tableDir); with one
    /// (borrowed for the solver's life) the solver waits for the full tables (CUBE_TABLES_FULL), so their load
    /// reports to the listener on the calling thread and its cancel or exception ends the call that needed them.
    Solver(const std::string &tableDir, ProgressListener *listener);
    /// Tables in `tableDir` under `policy`, with a listener or none (null). TablePolicy::Full makes prepare(3)
    /// wait until the full tables are loaded or built, so that later solves run at full speed.
    Solver(const std::string &tableDir, TablePolicy policy, ProgressListener *listener);
    /// The old argument order of Solver(tableDir, policy, null), kept for source compatibility.
    Solver(TablePolicy policy, const std::string &tableDir);
    ~Solver();
    Solver(const Solver &) = delete;
    Solver &operator=(const Solver &) = delete;

    /// Loads (or builds) the tables for `size` now instead of at the first solve. For a 3x3 under
    /// TablePolicy::Full it returns when the full tables are ready; under Auto it starts their background load
    /// and returns at once (solves meanwhile answer from the compact tables, 2-4 times slower).
    void prepare(int32_t size);
    void prepare(int32_t size, const CancelToken &cancel);
    Moves *solve(const Cube &cube);
    Moves *solve(const Cube &cube, const SolveOptions &options);
    Moves *solveTo(const Cube &cube, const Cube &target, const SolveOptions &options);
    /// The length of an optimal solution to the solved cube (2x2) in the default metric (HTM).
    int32_t distance(const Cube &cube);
    int32_t distance(const Cube &cube, const SolveOptions &options);
    int32_t distance(const Cube &cube, const Cube &target, const SolveOptions &options);
    /// Every optimal solution (2x2), at most `limit` (0: all).
    Solutions *solveAll(const Cube &cube, const SolveOptions &options, int32_t limit);
    /// How many optimal solutions the cube has (2x2), in the default metric or that of `options`.
    int64_t countOptimal(const Cube &cube);
    int64_t countOptimal(const Cube &cube, const SolveOptions &options);
    /// Solves every cube of `cubes` on `threads` threads (0: one per processor).
    Solutions *solveBatch(const CubeList &cubes, const SolveOptions &options, int32_t threads);
    /// 3x3: a shortest solution (or each of them: OptimalOptions::setAllSolutions) proven shortest, into
    /// `result`, which is filled also when the call throws (Timeout, Cancelled, Unsolvable: its lowerBound()
    /// says how far the search got). `listener` (or null) is told the depth, nodes and nodes per second when a
    /// depth begins and about twice a second, on the calling thread; Cancel stops the search (Cancelled).
    void solveOptimal(const Cube &cube, const OptimalOptions &options, ProgressListener *listener,
                      OptimalResult &result);

    cube_solver *handle() const;

  private:
    cube_solver *solver_ = nullptr;
    /// The listener and its failed flag, for the solver's life (progress may come from any call).
    std::unique_ptr<detail::ProgressContext> progress_;
    friend class Robot; // Robot::solve() reports the solver's listener failures
};

class TableSearch;

/// Building the 3x3 tables ahead of time.
class Tables {
  public:
    /// Builds the tables in `tableDir` ("" for the default) unless they are there and sound.
    static void generate(const std::string &tableDir, ProgressListener *listener);
    static void generate(const std::string &tableDir, ProgressListener *listener, const CancelToken &cancel);
    /// Throws Error(Corrupt/NotFound/Io) when the tables in `tableDir` are not sound.
    static void verify(const std::string &tableDir);
    /// The file the tables of `tableDir` are kept in.
    static std::string path(const std::string &tableDir);
    /// Each folder of the search path and the state of the file there (cube_table_search_run()).
    static TableSearch *search();
};

/// The role of a folder of the 3x3 table search path (cube_table_folder_role).
enum class TableFolderRole : int32_t { Env = 0, Cache = 1, System = 2 };

/// The state of the table file in one folder (cube_table_file_state).
enum class TableFileState : int32_t { Sound = 0, Missing = 1, Damaged = 2, Unreadable = 3, OtherByteOrder = 4 };

/// What Tables::search() found: each folder of the search path, the state of its file, which file a solver
/// uses or where a build saves it, as `cube tables path --search` prints it (cube_table_search).
class TableSearch {
  public:
    ~TableSearch();
    TableSearch(const TableSearch &) = delete;
    TableSearch &operator=(const TableSearch &) = delete;

    /// The number of folders searched (0 to 3).
    int32_t count() const;
    /// The file a solver uses, else where a build saves it; "" for neither.
    std::string path() const;
    /// The folder whose file is used (the first sound one), or -1.
    int32_t usedIndex() const;
    /// With no file used, the folder a build saves in, else -1.
    int32_t buildSavesIndex() const;
    TableFolderRole role(int32_t index) const;
    std::string folder(int32_t index) const;
    /// The table file looked at in folder `index`.
    std::string file(int32_t index) const;
    TableFileState state(int32_t index) const;
    /// Why the file cannot be used; "" when it is sound or missing.
    std::string error(int32_t index) const;
    /// The other byte order's file in folder `index` and the notice naming it; "" when there is none.
    std::string otherOrderFile(int32_t index) const;
    std::string otherOrderNotice(int32_t index) const;
    /// The search as `cube tables path --search` prints it (cube_table_search_format(), CUBE_TABLE_SEARCH_FORMAT_TEXT).
    std::string text() const;
    /// The answer of `cube tables path --search --json`, without its newline (CUBE_TABLE_SEARCH_FORMAT_JSON).
    std::string json() const;

  private:
    explicit TableSearch(cube_table_search *search);
    std::string format(int32_t kind) const;
    cube_table_search *search_;
    friend class Tables;
};

// ---- Robots and plans ---------------------------------------------------------------------------------

/// One timed action of a plan. (Not "Action": that name is C#'s System.Action.)
struct PlanAction {
    int32_t actuator;
    ActionKind kind;
    int32_t param;
    int32_t startUs;
    int32_t endUs;
    int32_t moveIndex;
};

class PlanOptions {
  public:
    PlanOptions();
    PlanStrategy strategy() const;
    void setStrategy(PlanStrategy strategy);
    /// Empty: the robot starts at rest; else one position per actuator (Driver::positions()).
    std::vector<int32_t> startPositions() const;
    void setStartPositions(const std::vector<int32_t> &positions);
    PlanFinish finish() const;
    void setFinish(PlanFinish finish);

  private:
    PlanStrategy strategy_ = PlanStrategy::Optimal;
    std::vector<int32_t> startPositions_;
    PlanFinish finish_ = PlanFinish::Rest;
    friend class Robot;
};

class RobotSolveOptions {
  public:
    RobotSolveOptions();
    int32_t extraLength() const;
    void setExtraLength(int32_t extraLength);
    int32_t candidates() const;
    void setCandidates(int32_t candidates);
    int32_t timeoutMs() const;
    void setTimeoutMs(int32_t timeoutMs);
    PlanStrategy strategy() const;
    void setStrategy(PlanStrategy strategy);
    int32_t shortestMs() const;
    void setShortestMs(int32_t shortestMs);
    int32_t planMs() const;
    void setPlanMs(int32_t planMs);
    int32_t maxLength() const;
    void setMaxLength(int32_t maxLength);
    void setCancel(const CancelToken &cancel);
    void clearCancel();

  private:
    int32_t extraLength_;
    int32_t candidates_;
    int32_t timeoutMs_;
    PlanStrategy strategy_;
    int32_t shortestMs_;
    int32_t planMs_;
    int32_t maxLength_;
    std::shared_ptr<cube_cancel> cancel_;
    friend class Robot;
};

class Plan;

/// One picture of a scan plan (cube_scan_frame): the face the camera sees, the quarters it appears turned
/// clockwise, and when it is taken.
struct ScanFrame {
    Face face;
    int32_t rotation;
    int32_t actionsDone;
    int32_t timeUs;
};

class Robot {
  public:
    /// A robot of `family` with that family's default timings.
    explicit Robot(RobotFamily family);
    ~Robot();
    Robot(const Robot &) = delete;
    Robot &operator=(const Robot &) = delete;

    /// From a text spec ("four-arm turn90=150ms ..."), as `cube plan --robot` takes it.
    static Robot *parse(const std::string &spec);
    /// From a robot file (size-capped, as cube_robot_load()).
    static Robot *load(const std::string &path);

    RobotFamily family() const;
    std::string spec() const;
    int32_t actuatorCount() const;
    std::string actuatorName(int32_t index) const;
    std::vector<int32_t> restPositions() const;
    /// The least time in microseconds of each command of one step from `positions` (cube_robot_step_us()):
    /// `commands` holds actuator, kind, param triples.
    std::vector<int32_t> stepMicros(const std::vector<int32_t> &positions, const std::vector<int32_t> &commands) const;
    Plan *plan(const Moves &moves);
    Plan *plan(const Moves &moves, const PlanOptions &options);
    /// Solves `cube` choosing among candidate solutions the one this robot runs fastest.
    Plan *solve(Solver &solver, const Cube &cube);
    Plan *solve(Solver &solver, const Cube &cube, const RobotSolveOptions &options);
    /// The scan sequence: whole-cube rotations that show each face to the robot's camera (cube_robot_scan_plan()).
    Plan *scanPlan() const;

    const cube_robot *handle() const;

  private:
    explicit Robot(cube_robot *robot);
    cube_robot *robot_;
    friend class Plan;
};

class Plan {
  public:
    ~Plan();
    Plan(const Plan &) = delete;
    Plan &operator=(const Plan &) = delete;

    int64_t totalUs() const;
    int32_t actionCount() const;
    PlanAction action(int32_t index) const;
    Moves *moves() const;
    Robot *robot() const;
    /// Throws Error when the plan breaks a rule of its robot (a library bug, or a plan from elsewhere).
    void check() const;
    std::vector<int32_t> startPositions() const;
    /// The moves still to make after `actionsDone` actions ran (to resume after a fault).
    Moves *remaining(int32_t actionsDone) const;
    std::string text() const;
    std::string json() const;
    /// The camera frames of a scan plan (Robot::scanPlan()): 6, or 0 for other plans.
    int32_t scanFrameCount() const;
    ScanFrame scanFrame(int32_t index) const;
    /// This plan, then `next` (a new plan): this one must end at rest and `next` start there (cube_plan_concat()).
    Plan *then(const Plan &next) const;

    const cube_plan *handle() const;

  private:
    explicit Plan(cube_plan *plan);
    cube_plan *plan_;
    friend class Robot;
};

// ---- Drivers ------------------------------------------------------------------------------------------

struct DeviceInfo {
    int32_t index;
    std::string uri;
    std::string product;
    std::string serial;
    std::string detail;
};

struct DriverFault {
    FaultCode code;
    Status status;
    int32_t actuator;
    int32_t actionIndex;
    int64_t deviceBits;
    bool positionsKnown;
    int32_t stopLevel;
    std::string text;
};

struct RunReport {
    Status status;
    int32_t actionsDone;
    int32_t actionCount;
    int64_t planTimeUs;
    int64_t elapsedUs;
};

/// Implemented by the language layers (SWIG director); called after each step, on the running thread.
class RunListener {
  public:
    virtual ~RunListener();
    virtual Listen onStep(int32_t actionsDone, int32_t actionCount, int64_t planTimeUs) = 0;
};

class RunOptions {
  public:
    RunOptions();
    bool resume() const;
    void setResume(bool resume);
    /// Borrowed for as long as these options are used.
    void setListener(RunListener *listener);
    void setCancel(const CancelToken &cancel);
    void clearCancel();
    StopLevel stopLevel() const;
    void setStopLevel(StopLevel level);
    int32_t marginMs() const;
    void setMarginMs(int32_t marginMs);

  private:
    bool resume_ = false;
    RunListener *listener_ = nullptr;
    std::shared_ptr<cube_cancel> cancel_;
    StopLevel stopLevel_ = StopLevel::Halt;
    int32_t marginMs_ = 0;
    friend class Driver;
};

class Driver;

class DriverRegistry {
  public:
    /// The installed driver folder and $CUBE_DRIVER_PATH (and the built-in "sim").
    DriverRegistry();
    /// `searchPath`: ':'-separated absolute folders.
    explicit DriverRegistry(const std::string &searchPath);
    ~DriverRegistry();
    DriverRegistry(const DriverRegistry &) = delete;
    DriverRegistry &operator=(const DriverRegistry &) = delete;

    int32_t count() const;
    std::string name(int32_t index) const;
    std::string description(int32_t index) const;
    std::string path(int32_t index) const;
    /// Plugins found but not usable, one line each.
    std::vector<std::string> problems() const;
    std::vector<DeviceInfo> devices(int32_t index) const;
    /// "sim:model=four-arm,speed=0", "tic:...", "maestro:...".
    Driver *open(const std::string &uri) const;

  private:
    cube_driver_registry *registry_;
};

class Driver {
  public:
    ~Driver();
    Driver(const Driver &) = delete;
    Driver &operator=(const Driver &) = delete;

    std::string name() const;
    std::string robotSpec() const;
    void configure(const std::string &key, const std::string &value);
    std::string query(const std::string &key);
    void prepare();
    void rest();
    /// From any thread.
    void stop(StopLevel level);
    DriverState state();
    int32_t commandsDone();
    std::vector<int32_t> positions();
    DriverFault fault();
    /// Runs the plan; throws Error on a fault or cancel (lastReport() and fault() then say where it stopped).
    RunReport run(const Plan &plan);
    RunReport run(const Plan &plan, const RunOptions &options);
    RunReport lastReport() const;
    /// From any thread: the running plan stops with Status::Cancelled.
    void cancel();

  private:
    explicit Driver(cube_driver *driver);
    cube_driver *driver_;
    RunReport lastReport_{};
    friend class DriverRegistry;
};

// ---- Pictures (cube/render.h) -------------------------------------------------------------------------

/// Colour schemes: Western (U white, R red, F green, D yellow, L orange, B blue), Japanese (D blue, B yellow),
/// Custom (FACE=#COLOUR entries over the western colours).
enum class ColorScheme : int32_t { Western = 0, Japanese = 1, Custom = 2 };
/// The view of a cube picture: the unfolded net, or an isometric view of U, F and R.
enum class PictureView : int32_t { Net = 0, ThreeD = 1 };
/// The colours of a text net: plain letters, ANSI 256 colours or 24-bit colours.
enum class TextColor : int32_t { Letters = 0, Ansi256 = 1, TrueColor = 2 };

/// Pictures of cubes, move sequences and plans, the same as the C API and `cube` draw (static methods only).
/// SVG stickers have class "sticker", their colour in `fill` and their face and index in `id` ("U0").
class Pictures {
  public:
    /// An SVG document of the cube in the western colours.
    static std::string svg(const Cube &cube, PictureView view);
    /// An SVG document of the cube in `scheme`; `custom` holds the entries of ColorScheme::Custom, else "".
    static std::string svg(const Cube &cube, PictureView view, ColorScheme scheme, const std::string &custom);
    /// The net as text for a terminal.
    static std::string text(const Cube &cube, TextColor color, ColorScheme scheme, const std::string &custom);
    /// One SVG document: the cube, then the cube after each move of `moves` (at most 1000).
    static std::string steps(const Cube &cube, const Moves &moves, PictureView view);
    /// The plan as an SVG timeline: a row per actuator, a bar per action, a time axis in ms.
    static std::string timeline(const Plan &plan);

  private:
    Pictures() = delete;
};

// ---- Human methods (cube/method.h) ---------------------------------------------------------------------

/// The methods MethodSolution::solve() knows.
enum class Method : int32_t { Lbl = 0 };

/// A solution by a human method: the whole sequence and its named stages (cube_solve_method()).
class MethodSolution {
  public:
    /// Solves `cube` by `method` with `solver` (borrowed for the call). `asPerformed`: each stage's moves
    /// exactly as its formulas are performed (CUBE_METHOD_AS_PERFORMED); otherwise turns of one face in a row
    /// within a stage are merged.
    static MethodSolution *solve(Solver &solver, const Cube &cube, Method method, bool asPerformed);
    ~MethodSolution();
    MethodSolution(const MethodSolution &) = delete;
    MethodSolution &operator=(const MethodSolution &) = delete;

    /// The stages' moves one after the other (a new object).
    Moves *moves() const;
    /// 7 stages for a 3x3, 3 for a 2x2.
    int32_t stageCount() const;
    /// "cross", "first-layer-corners", ... (see cube/method.h).
    std::string stageName(int32_t stage) const;
    /// The moves of one stage (a new object; empty if the stage had nothing to do).
    Moves *stageMoves(int32_t stage) const;
    /// The cube after the stage, as facelets in the letters of the cube that was solved.
    std::string stageFacelets(int32_t stage) const;
    /// How many named formulas the stage performed (one per use).
    int32_t algorithmCount(int32_t stage) const;
    /// The name of the formula performed `index`-th in the stage, such as "sune".
    std::string algorithm(int32_t stage, int32_t index) const;
    /// The moves of a named formula as written from the front ("R U R' U R U2 R'" for "sune").
    static std::string algorithmMoves(const std::string &name);
    /// The stages as `cube solve --method lbl` prints them, one line each and the total
    /// (cube_method_solution_format(), CUBE_METHOD_FORMAT_TEXT).
    std::string text() const;
    /// The stages in one line, as a `cube solve --method lbl -` batch answers (CUBE_METHOD_FORMAT_LINE).
    std::string line() const;
    /// The answer of `cube solve --method lbl --json`, without its newline (CUBE_METHOD_FORMAT_JSON).
    std::string json() const;

  private:
    explicit MethodSolution(cube_method_solution *solution);
    cube_method_solution *solution_;
};

// ---- Colour scans (cube/scan.h) ------------------------------------------------------------------------

/// How to resolve a scan (cube_scan_options).
class ScanOptions {
  public:
    ScanOptions();
    /// Next best cubes to report, 0..32 (default 3).
    int32_t alternatives() const;
    void setAlternatives(int32_t alternatives);
    /// A cube or sticker below this confidence is doubtful, in (0, 1] (default 0.9999).
    double lowConfidence() const;
    void setLowConfidence(double lowConfidence);

  private:
    int32_t alternatives_;
    double lowConfidence_;
    friend class Scan;
};

class ScanResult;

/// The 54 colour samples of a 3x3 scan (cube_scan_input), in facelet order.
class Scan {
  public:
    /// An empty 3x3 scan: every sample unset.
    explicit Scan(ColorSpace space);
    /// An empty 3x3 scan: every sample unset.
    /// @deprecated Use Scan(ColorSpace).
    explicit Scan(ColourSpace space);
    ~Scan();
    Scan(const Scan &) = delete;
    Scan &operator=(const Scan &) = delete;

    /// From text: JSON or six lines of nine #rrggbb colours (cube_scan_input_parse()).
    static Scan *parse(const std::string &text);
    /// Samples taken in a scan plan's frame order, put in facelet order (cube_scan_input_from_frames()).
    static Scan *fromFrames(const Plan &scanPlan, const Scan &frames);

    int32_t count() const;
    ColorSpace colorSpace() const;
    /// @deprecated Use colorSpace().
    ColourSpace colourSpace() const;
    /// Sets sample `index` (0..53) to the channels c0 c1 c2 with `weight` (0..1000; 1 normal, 0 unknown).
    void set(int32_t index, double c0, double c1, double c2, double weight);
    bool isSet(int32_t index) const;
    /// Channel 0..2 of a sample that is set.
    double value(int32_t index, int32_t channel) const;
    double weight(int32_t index) const;
    /// The most likely valid cube (cube_scan_resolve()).
    ScanResult *resolve() const;
    ScanResult *resolve(const ScanOptions &options) const;

  private:
    explicit Scan(cube_scan_input *input);
    cube_scan_input *input_;
};

/// The answer of Scan::resolve(): the best cube, its confidences, the doubtful stickers, the alternatives.
class ScanResult {
  public:
    ~ScanResult();
    ScanResult(const ScanResult &) = delete;
    ScanResult &operator=(const ScanResult &) = delete;

    std::string facelets() const;
    double confidence() const;
    /// Below the low-confidence threshold, a sticker doubtful, or the search stopped at its limit.
    bool isLow() const;
    /// False when the search stopped at its limit of permutations (cube_scan_result_search_complete()).
    bool searchComplete() const;
    double stickerConfidence(int32_t index) const;
    /// The doubtful stickers, in facelet order.
    int32_t doubtfulCount() const;
    int32_t doubtful(int32_t index) const;
    int32_t alternativeCount() const;
    std::string alternativeFacelets(int32_t index) const;
    /// The alternative's likelihood divided by the best cube's.
    double alternativeRatio(int32_t index) const;
    /// The result as `cube scan` prints it (cube_scan_result_format(), CUBE_SCAN_FORMAT_TEXT).
    std::string text() const;
    /// The answer of `cube scan --json`, without its newline (CUBE_SCAN_FORMAT_JSON).
    std::string json() const;

  private:
    explicit ScanResult(cube_scan_result *result);
    void readDoubtful();
    cube_scan_result *result_;
    std::vector<int32_t> doubtful_;
    friend class Scan;
};

} // namespace lcb
