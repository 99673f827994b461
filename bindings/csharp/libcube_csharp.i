// The C# part of the SWIG interface, included by ../libcube.i before the shared rules and the facade header.
// It makes the generated classes feel like C#: PascalCase names, properties, internal plumbing, and
// CubeException raised from C++ through callbacks the C# side registers when the glue is first used.
// Hand-written parts of the same (partial) classes are in src/.

// ---- Names: PascalCase for everything of the facade (classes and enum values already are) ----------------
%rename("%(firstuppercase)s", %$isfunction) "";
%rename("%(firstuppercase)s", %$isvariable) "";
// ... except the std::vector instances' own, which their C# code calls by these names.
%rename(size) std::vector::size;
%rename(capacity) std::vector::capacity;
%rename(reserve) std::vector::reserve;
%rename(getitem) std::vector::getitem;
%rename(getitemcopy) std::vector::getitemcopy;
%rename(setitem) std::vector::setitem;
%rename(Event) lcb::Progress::event;

// ---- Exceptions: C++ raises them through two C# delegates registered by the imclass ------------------
%{
#include <cstdint>
#include <string>

typedef void (SWIGSTDCALL *LcbThrowCallback)(int32_t status, const char *message);
typedef void (SWIGSTDCALL *LcbRethrowCallback)(const void *listener);

static LcbThrowCallback lcb_throw_callback = nullptr;
static LcbRethrowCallback lcb_rethrow_callback = nullptr;

extern "C" SWIGEXPORT void SWIGSTDCALL LcbRegisterCallbacks(LcbThrowCallback throwCallback,
                                                            LcbRethrowCallback rethrowCallback) {
  lcb_throw_callback = throwCallback;
  lcb_rethrow_callback = rethrowCallback;
}

// Sets a pending CubeException(status, message) (UTF-8), thrown when the P/Invoke call returns.
static void lcb_throw(int32_t status, const std::string &message) {
  lcb_throw_callback(status, message.c_str());
}

// "lcb::Cube const" -> "Cube is closed".
static void lcb_throw_closed(const char *type) {
  std::string name(type);
  std::string::size_type colons = name.rfind("::");
  if (colons != std::string::npos) {
    name.erase(0, colons + 2);
  }
  std::string::size_type space = name.find(' ');
  if (space != std::string::npos) {
    name.erase(space);
  }
  lcb_throw(static_cast<int32_t>(lcb::Status::InvalidArgument), name + " is closed");
}

#define LCB_THROW(status, message) lcb_throw((status), (message))
#define LCB_RETHROW_CALLBACK(address) lcb_rethrow_callback(address)
#define LCB_THROW_CLOSED(classname) lcb_throw_closed(classname)
%}

%pragma(csharp) imclasscode=%{
  // Registers the delegates the glue raises CubeException and callback exceptions with.
  internal static class LcbExceptionBridge {
    internal delegate void ThrowDelegate(int status, global::System.IntPtr message);
    internal delegate void RethrowDelegate(global::System.IntPtr listener);

    // Kept in static fields: native code holds their function pointers for the life of the process.
    static readonly ThrowDelegate throwDelegate = SetPendingCubeException;
    static readonly RethrowDelegate rethrowDelegate = SetPendingCallbackException;

    [global::System.Runtime.InteropServices.DllImport("$dllimport", EntryPoint="LcbRegisterCallbacks")]
    static extern void LcbRegisterCallbacks(ThrowDelegate throwCallback, RethrowDelegate rethrowCallback);

    internal static bool Register() {
      LcbRegisterCallbacks(throwDelegate, rethrowDelegate);
      return true;
    }

    static void SetPendingCubeException(int status, global::System.IntPtr message) {
      SetPending(new CubeException((Status)status, NativeText.FromUtf8(message)));
    }

    static void SetPendingCallbackException(global::System.IntPtr listener) {
      SetPending(ListenerFailures.Take(listener));
    }

    // Never throws: these run inside a native call.
    static void SetPending(global::System.Exception exception) {
      if (!SWIGPendingException.Pending) {
        SWIGPendingException.Set(exception);
      }
    }
  }

  internal static readonly bool LcbCallbacksRegistered = LcbExceptionBridge.Register();
%}

// ---- Null arguments: CubeException(InvalidArgument) naming the argument, as in Java ------------------------
// (SWIG's own checks raise ArgumentNullException with "null string" or the C++ type.) A table folder may be
// null: the default folder, as "" is.
// (The test is written out before the call: a helper called for it cost mono some 50 ns a call.)
%typemap(csin, pre="    if ($csinput == null) throw Arguments.Null(\"$csinput\");") const std::string & "$csinput"
%typemap(csin) const std::string &tableDir "($csinput ?? \"\")"
%typemap(csin, pre="    if ($csinput == null) throw Arguments.Null(\"$csinput\");") SWIGTYPE & "$csclassname.getCPtr($csinput)"
// A disposed object given as an argument: CubeException "Cube is closed", as for `self`.
%typemap(in, canthrow=1) SWIGTYPE & %{
  $1 = ($1_ltype)$input;
  if (!$1) {
    LCB_THROW_CLOSED("$1_type");
    return $null;
  }
%}

// ---- Loading: every proxy class checks once that the glue loads, naming the library really missing -------
%typemap(cscode) SWIGTYPE %{
  static $csclassname() {
    NativeLibrary.Check();
  }
%}
%pragma(csharp) modulecode=%{
  static $module() {
    NativeLibrary.Check();
  }
%}

// ---- Resources and visibility -------------------------------------------------------------------------
// Classes with hand-written members in src/ are partial.
%typemap(csclassmodifiers) lcb::Cube, lcb::Moves, lcb::Solver, lcb::Tables, lcb::Robot, lcb::Plan,
    lcb::PlanOptions, lcb::RunOptions, lcb::DriverRegistry, lcb::Driver, lcb::Progress, lcb::PlanAction,
    lcb::DeviceInfo, lcb::DriverFault, lcb::RunReport, lcb::Result, lcb::OptimalResult "public partial class"

// Plumbing the public API hides.
%typemap(csclassmodifiers) lcb::ProgressListener, lcb::RunListener, lcb::CubeList "internal class"
%typemap(csclassmodifiers) lcb::Solutions "internal partial class"
%typemap(csclassmodifiers) lcb::Listen "internal enum"
%typemap(csclassmodifiers) std::vector<int32_t>, std::vector<std::string>, std::vector<lcb::DeviceInfo> "internal class"

// Value snapshots and the static Tables are never made from C#.
%nodefaultctor lcb::Progress;
%nodefaultctor lcb::PlanAction;
%nodefaultctor lcb::Result;
%nodefaultctor lcb::DeviceInfo;
%nodefaultctor lcb::DriverFault;
%nodefaultctor lcb::RunReport;
%nodefaultctor lcb::ScanFrame;
%nodefaultctor lcb::ScanResult;
%nodefaultctor lcb::Tables;
%nodefaultctor lcb::TableSearch;

// A progress report lives only during the callback: C# gets its own copy.
%typemap(directorin) const lcb::Progress & "$input = (void *)new lcb::Progress($1);"
%typemap(csdirectorin) const lcb::Progress & "new $csclassname($iminput, true)"

// Methods taking listeners or returning vectors: public wrappers with delegates and arrays are in src/.
%csmethodmodifiers lcb::Solver::Solver(const std::string &, ProgressListener *) "internal";
%csmethodmodifiers lcb::Solver::Solver(const std::string &, TablePolicy, ProgressListener *) "internal";
%csmethodmodifiers lcb::Solver::Solver(TablePolicy, const std::string &)
    "[global::System.Obsolete(\"the old argument order of Solver(tableDir, policy, onProgress)\")] public";
%rename(GenerateNative) lcb::Tables::generate;
%csmethodmodifiers lcb::Tables::generate "internal";
%rename(SetListenerNative) lcb::RunOptions::setListener;
%csmethodmodifiers lcb::RunOptions::setListener "internal";
%rename(SolveAllNative) lcb::Solver::solveAll;
%csmethodmodifiers lcb::Solver::solveAll "internal";
%rename(SolveBatchNative) lcb::Solver::solveBatch;
%csmethodmodifiers lcb::Solver::solveBatch "internal";
%rename(SolveOptimalNative) lcb::Solver::solveOptimal;
%csmethodmodifiers lcb::Solver::solveOptimal "internal";
%csmethodmodifiers lcb::OptimalResult::OptimalResult "internal";
%rename(HashNative) lcb::Cube::hash;
%csmethodmodifiers lcb::Cube::hash "internal";
%rename(RestPositionsNative) lcb::Robot::restPositions;
%csmethodmodifiers lcb::Robot::restPositions "internal";
%rename(StepMicrosNative) lcb::Robot::stepMicros;
%csmethodmodifiers lcb::Robot::stepMicros "internal";
%rename(StartPositionsNative) lcb::Plan::startPositions;
%csmethodmodifiers lcb::Plan::startPositions "internal";
%rename(StartPositionsNative) lcb::PlanOptions::startPositions;
%csmethodmodifiers lcb::PlanOptions::startPositions "internal";
%rename(SetStartPositionsNative) lcb::PlanOptions::setStartPositions;
%csmethodmodifiers lcb::PlanOptions::setStartPositions "internal";
%rename(PositionsNative) lcb::Driver::positions;
%csmethodmodifiers lcb::Driver::positions "internal";
%rename(ProblemsNative) lcb::DriverRegistry::problems;
%csmethodmodifiers lcb::DriverRegistry::problems "internal";
%rename(DevicesNative) lcb::DriverRegistry::devices;
%csmethodmodifiers lcb::DriverRegistry::devices "internal";

// ---- Properties for getter/setter pairs and plain getters ------------------------------------------------
// The C# property calls the facade's getter (and setter), which become internal Get<Name> / Set<Name>.
// (Not attribute.i: its %extend wrappers are parsed here, before libcube.i's %exception, and would miss it.)
%define LCB_PROPERTY_GET(Class, CsType, Name, getter)
%rename(Get ## Name) Class::getter;
%csmethodmodifiers Class::getter "internal";
%extend Class {
%proxycode %{
  public CsType Name {
    get { return Get ## Name(); }
  }
%}
}
%enddef

%define LCB_PROPERTY(Class, CsType, Name, getter, setter)
%rename(Get ## Name) Class::getter;
%rename(Set ## Name) Class::setter;
%csmethodmodifiers Class::getter "internal";
%csmethodmodifiers Class::setter "internal";
%extend Class {
%proxycode %{
  public CsType Name {
    get { return Get ## Name(); }
    set { Set ## Name(value); }
  }
%}
}
%enddef

LCB_PROPERTY_GET(lcb::CancelToken, bool, IsCancelled, isCancelled)
LCB_PROPERTY_GET(lcb::Cube, int, Size, size)
LCB_PROPERTY_GET(lcb::Cube, bool, IsSolved, isSolved)
LCB_PROPERTY_GET(lcb::Cube, string, Facelets, facelets)
LCB_PROPERTY_GET(lcb::Moves, int, Count, count)
LCB_PROPERTY_GET(lcb::Moves, string, Text, text)
LCB_PROPERTY(lcb::SolveOptions, Metric, Metric, metric, setMetric)
LCB_PROPERTY(lcb::SolveOptions, int, MaxLength, maxLength, setMaxLength)
LCB_PROPERTY(lcb::SolveOptions, int, TimeoutMs, timeoutMs, setTimeoutMs)
LCB_PROPERTY(lcb::SolveOptions, bool, MinEffort, minEffort, setMinEffort)
LCB_PROPERTY_GET(lcb::SolveOptions, bool, HasCancel, hasCancel)
LCB_PROPERTY(lcb::OptimalOptions, Metric, Metric, metric, setMetric)
LCB_PROPERTY(lcb::OptimalOptions, int, MaxLength, maxLength, setMaxLength)
LCB_PROPERTY(lcb::OptimalOptions, int, TimeoutMs, timeoutMs, setTimeoutMs)
LCB_PROPERTY(lcb::OptimalOptions, int, Threads, threads, setThreads)
LCB_PROPERTY(lcb::OptimalOptions, bool, AllSolutions, allSolutions, setAllSolutions)
LCB_PROPERTY(lcb::OptimalOptions, int, Limit, limit, setLimit)
LCB_PROPERTY_GET(lcb::OptimalOptions, bool, HasCancel, hasCancel)
LCB_PROPERTY_GET(lcb::OptimalResult, int, Count, size)
LCB_PROPERTY_GET(lcb::OptimalResult, int, Length, length)
LCB_PROPERTY_GET(lcb::OptimalResult, bool, IsProvenOptimal, isProvenOptimal)
LCB_PROPERTY_GET(lcb::OptimalResult, int, LowerBound, lowerBound)
LCB_PROPERTY_GET(lcb::OptimalResult, long, Nodes, nodes)
LCB_PROPERTY_GET(lcb::OptimalResult, long, ElapsedUs, elapsedUs)
LCB_PROPERTY_GET(lcb::OptimalResult, bool, HasStandardTable, hasStandardTable)
LCB_PROPERTY_GET(lcb::OptimalResult, bool, HasSmallTable, hasSmallTable)
LCB_PROPERTY_GET(lcb::OptimalResult, bool, HasH48Table, hasH48Table)
LCB_PROPERTY(lcb::PlanOptions, PlanStrategy, Strategy, strategy, setStrategy)
LCB_PROPERTY(lcb::PlanOptions, PlanFinish, Finish, finish, setFinish)
LCB_PROPERTY(lcb::RobotSolveOptions, int, ExtraLength, extraLength, setExtraLength)
LCB_PROPERTY(lcb::RobotSolveOptions, int, Candidates, candidates, setCandidates)
LCB_PROPERTY(lcb::RobotSolveOptions, int, TimeoutMs, timeoutMs, setTimeoutMs)
LCB_PROPERTY(lcb::RobotSolveOptions, PlanStrategy, Strategy, strategy, setStrategy)
LCB_PROPERTY(lcb::RobotSolveOptions, int, ShortestMs, shortestMs, setShortestMs)
LCB_PROPERTY(lcb::RobotSolveOptions, int, PlanMs, planMs, setPlanMs)
LCB_PROPERTY(lcb::RobotSolveOptions, int, MaxLength, maxLength, setMaxLength)
LCB_PROPERTY_GET(lcb::Robot, RobotFamily, Family, family)
LCB_PROPERTY_GET(lcb::Robot, string, Spec, spec)
LCB_PROPERTY_GET(lcb::Robot, int, ActuatorCount, actuatorCount)
LCB_PROPERTY_GET(lcb::Plan, long, TotalUs, totalUs)
LCB_PROPERTY_GET(lcb::Plan, int, ActionCount, actionCount)
LCB_PROPERTY_GET(lcb::Plan, string, Text, text)
LCB_PROPERTY_GET(lcb::Plan, string, Json, json)
LCB_PROPERTY(lcb::RunOptions, bool, Resume, resume, setResume)
LCB_PROPERTY(lcb::RunOptions, StopLevel, StopLevel, stopLevel, setStopLevel)
LCB_PROPERTY(lcb::RunOptions, int, MarginMs, marginMs, setMarginMs)
LCB_PROPERTY_GET(lcb::DriverRegistry, int, Count, count)
LCB_PROPERTY_GET(lcb::Driver, string, Name, name)
LCB_PROPERTY_GET(lcb::Driver, string, RobotSpec, robotSpec)

// Pictures: static methods only.
%nodefaultctor lcb::Pictures;
LCB_PROPERTY_GET(lcb::MethodSolution, int, StageCount, stageCount)
LCB_PROPERTY_GET(lcb::MethodSolution, string, Text, text)
LCB_PROPERTY_GET(lcb::MethodSolution, string, Line, line)
LCB_PROPERTY_GET(lcb::MethodSolution, string, Json, json)

// Colour scans and robot scan plans.
LCB_PROPERTY(lcb::ScanOptions, int, Alternatives, alternatives, setAlternatives)
LCB_PROPERTY(lcb::ScanOptions, double, LowConfidence, lowConfidence, setLowConfidence)
LCB_PROPERTY_GET(lcb::Scan, int, Count, count)
LCB_PROPERTY_GET(lcb::Scan, ColorSpace, ColorSpace, colorSpace)
LCB_PROPERTY_GET(lcb::ScanResult, string, Facelets, facelets)
LCB_PROPERTY_GET(lcb::ScanResult, double, Confidence, confidence)
LCB_PROPERTY_GET(lcb::ScanResult, bool, IsLow, isLow)
LCB_PROPERTY_GET(lcb::ScanResult, bool, SearchComplete, searchComplete)
LCB_PROPERTY_GET(lcb::ScanResult, int, DoubtfulCount, doubtfulCount)
LCB_PROPERTY_GET(lcb::ScanResult, int, AlternativeCount, alternativeCount)
LCB_PROPERTY_GET(lcb::ScanResult, string, Text, text)
LCB_PROPERTY_GET(lcb::ScanResult, string, Json, json)
LCB_PROPERTY_GET(lcb::Plan, int, ScanFrameCount, scanFrameCount)

// The state of the table search path (Tables.Search()).
LCB_PROPERTY_GET(lcb::TableSearch, int, Count, count)
LCB_PROPERTY_GET(lcb::TableSearch, string, Path, path)
LCB_PROPERTY_GET(lcb::TableSearch, int, UsedIndex, usedIndex)
LCB_PROPERTY_GET(lcb::TableSearch, int, BuildSavesIndex, buildSavesIndex)
LCB_PROPERTY_GET(lcb::TableSearch, string, Text, text)
LCB_PROPERTY_GET(lcb::TableSearch, string, Json, json)

// Batch entries.
LCB_PROPERTY_GET(lcb::Result, bool, IsOk, isOk)
LCB_PROPERTY_GET(lcb::Result, Status, Status, status)
LCB_PROPERTY_GET(lcb::Result, string, Message, message)

// Identifiers are spelt "color" (1.3): ColourSpace, Scan(ColourSpace) and Scan.ColourSpace stay, obsolete.
%typemap(csclassmodifiers) lcb::ColourSpace "[global::System.Obsolete(\"use ColorSpace\")]\npublic enum"
%csmethodmodifiers lcb::Scan::Scan(ColourSpace) "[global::System.Obsolete(\"use Scan(ColorSpace)\")] public";
%rename(GetColourSpace) lcb::Scan::colourSpace;
%csmethodmodifiers lcb::Scan::colourSpace "[global::System.Obsolete(\"use ColorSpace\")] internal";
%extend lcb::Scan {
%proxycode %{
  [global::System.Obsolete("use the ColorSpace property")]
  public ColourSpace ColourSpace {
    get { return GetColourSpace(); }
  }
%}
}
