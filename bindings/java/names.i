// Names and visibility: C++ enum classes become Java enums with UPPER_CASE constants (Metric.HTM,
// RobotFamily.FOUR_ARM) whose values are compile-time constants; what users never touch is package-private.

%include <enums.swg>
%rename("%(uppercase)s", sourcefmt="%(undercase)s", %$isenumitem) "";
%javaconst(1);

%pragma(java) moduleclassmodifiers="public final class"
%pragma(java) modulecode=%{
  private CubeLib() {
  }
%}

// The answer of a listener, the batch's cube list and the solution lists are internal: the public API
// returns List<Moves> (Solver.solveAll) and List<Result> (Solver.solveBatch).
%typemap(javaclassmodifiers) lcb::Listen "enum"
%typemap(javaclassmodifiers) lcb::CubeList, lcb::Solutions "final class"
%typemap(javaclassmodifiers) std::vector<int32_t>, std::vector<std::string>, std::vector<lcb::DeviceInfo> "final class"

// Value snapshots come from the library only.
%nodefaultctor lcb::Progress;
%nodefaultctor lcb::PlanAction;
%nodefaultctor lcb::Result; // from Solver.solveBatch() only
%nodefaultctor lcb::DeviceInfo;
%nodefaultctor lcb::DriverFault;
%nodefaultctor lcb::RunReport;
%nodefaultctor lcb::ScanFrame;
%nodefaultctor lcb::ScanResult; // from Scan.resolve() only
%nodefaultctor lcb::Tables; // static methods only
%nodefaultctor lcb::TableSearch; // from Tables.search() only
%nodefaultctor lcb::Pictures; // static methods only

// One naming scheme (bindings/README.md): a query is named by what it answers, with no "get" (size(),
// totalUs(), status()); a boolean query starts with is/has (isSolved(), isOk()); a setter is setX(value).
// SWIG names the fields of the value snapshots getX(): each gets its plain name, and getX() stays as a
// deprecated alias (libcube 1.1 had only those).
%define LCB_JAVA_FIELD(Class, JavaType, name, Getter)
%javamethodmodifiers Class::name "/** Deprecated: use {@link #name()}. */ @Deprecated public";
%extend Class {
%proxycode %{
  public JavaType name() {
    return Getter();
  }
%}
}
%enddef

LCB_JAVA_FIELD(lcb::Progress, ProgressEvent, event, getEvent)
LCB_JAVA_FIELD(lcb::Progress, String, stage, getStage)
LCB_JAVA_FIELD(lcb::Progress, double, stageFraction, getStageFraction)
LCB_JAVA_FIELD(lcb::Progress, double, fraction, getFraction)
LCB_JAVA_FIELD(lcb::Progress, long, elapsedUs, getElapsedUs)
LCB_JAVA_FIELD(lcb::Progress, int, depth, getDepth)
LCB_JAVA_FIELD(lcb::Progress, long, nodes, getNodes)
LCB_JAVA_FIELD(lcb::Progress, double, nodesPerSecond, getNodesPerSecond)
LCB_JAVA_FIELD(lcb::PlanAction, int, actuator, getActuator)
LCB_JAVA_FIELD(lcb::PlanAction, ActionKind, kind, getKind)
LCB_JAVA_FIELD(lcb::PlanAction, int, param, getParam)
LCB_JAVA_FIELD(lcb::PlanAction, int, startUs, getStartUs)
LCB_JAVA_FIELD(lcb::PlanAction, int, endUs, getEndUs)
LCB_JAVA_FIELD(lcb::PlanAction, int, moveIndex, getMoveIndex)
LCB_JAVA_FIELD(lcb::ScanFrame, Face, face, getFace)
LCB_JAVA_FIELD(lcb::ScanFrame, int, rotation, getRotation)
LCB_JAVA_FIELD(lcb::ScanFrame, int, actionsDone, getActionsDone)
LCB_JAVA_FIELD(lcb::ScanFrame, int, timeUs, getTimeUs)
LCB_JAVA_FIELD(lcb::DeviceInfo, int, index, getIndex)
LCB_JAVA_FIELD(lcb::DeviceInfo, String, uri, getUri)
LCB_JAVA_FIELD(lcb::DeviceInfo, String, product, getProduct)
LCB_JAVA_FIELD(lcb::DeviceInfo, String, serial, getSerial)
LCB_JAVA_FIELD(lcb::DeviceInfo, String, detail, getDetail)
LCB_JAVA_FIELD(lcb::DriverFault, FaultCode, code, getCode)
LCB_JAVA_FIELD(lcb::DriverFault, Status, status, getStatus)
LCB_JAVA_FIELD(lcb::DriverFault, int, actuator, getActuator)
LCB_JAVA_FIELD(lcb::DriverFault, int, actionIndex, getActionIndex)
LCB_JAVA_FIELD(lcb::DriverFault, long, deviceBits, getDeviceBits)
LCB_JAVA_FIELD(lcb::DriverFault, boolean, positionsKnown, getPositionsKnown)
LCB_JAVA_FIELD(lcb::DriverFault, int, stopLevel, getStopLevel)
LCB_JAVA_FIELD(lcb::DriverFault, String, text, getText)
LCB_JAVA_FIELD(lcb::RunReport, Status, status, getStatus)
LCB_JAVA_FIELD(lcb::RunReport, int, actionsDone, getActionsDone)
LCB_JAVA_FIELD(lcb::RunReport, int, actionCount, getActionCount)
LCB_JAVA_FIELD(lcb::RunReport, long, planTimeUs, getPlanTimeUs)
LCB_JAVA_FIELD(lcb::RunReport, long, elapsedUs, getElapsedUs)

// Identifiers are spelt "color" (1.3): ColourSpace and Scan's colourSpace() stay as deprecated aliases.
%typemap(javaclassmodifiers) lcb::ColourSpace "@Deprecated\npublic enum"
%javamethodmodifiers lcb::Scan::Scan(ColourSpace) "@Deprecated public";
%javamethodmodifiers lcb::Scan::colourSpace "@Deprecated public";
