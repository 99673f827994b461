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
// returns List<Moves> (Solver.solveAll, Solver.solveBatch).
%typemap(javaclassmodifiers) lcb::Listen "enum"
%typemap(javaclassmodifiers) lcb::CubeList, lcb::Solutions "final class"
%typemap(javaclassmodifiers) std::vector<int32_t>, std::vector<std::string>, std::vector<lcb::DeviceInfo> "final class"

// Value snapshots come from the library only.
%nodefaultctor lcb::Progress;
%nodefaultctor lcb::Action;
%nodefaultctor lcb::DeviceInfo;
%nodefaultctor lcb::DriverFault;
%nodefaultctor lcb::RunReport;
%nodefaultctor lcb::ScanFrame;
%nodefaultctor lcb::ScanResult; // from Scan.resolve() only
%nodefaultctor lcb::Tables; // static methods only
%nodefaultctor lcb::Pictures; // static methods only
