// The one SWIG interface of the Java, C# and Python bindings. It wraps the C++ facade (facade/libcube_bind.hpp),
// which turns the C API into classes; the language files (java/libcube_java.i, csharp/libcube_csharp.i
// and python/libcube_python.i add what differs: exceptions, strings, resource release, and the idioms (toString, equals, iterators).
%module(directors="1") CubeLib

%{
#include "libcube_bind.hpp"
%}

%include <stdint.i>
%include <std_string.i>
%include <std_vector.i>

// Each language file defines, in a %{ %} block, three C++ statements used by the handlers below:
//   LCB_THROW(status, message)    raise the language's CubeException (status: int32_t, message: std::string)
//   LCB_RETHROW_CALLBACK(address) raise again the exception the listener at `address` kept
//   LCB_THROW_CLOSED(classname)   raise CubeException(InvalidArgument) for a method called after close
// They must not add C++ methods that can fail with %extend, nor use attribute.i: SWIG emits that code where
// the class is declared, before the %exception below, so those wrappers would miss the error handling. An
// %extend that holds only %proxycode (target-language code), or a C++ method that cannot fail, is fine.
#if defined(SWIGJAVA)
%include "java/libcube_java.i"
#elif defined(SWIGCSHARP)
%include "csharp/libcube_csharp.i"
#elif defined(SWIGPYTHON)
%include "python/libcube_python.i"
#else
#error "libcube.i: the bindings are written for Java, C# and Python"
#endif

// A method called on an object that was closed (its native part freed) throws instead of crashing.
%typemap(check) SWIGTYPE *self %{
  if (!$1) {
    LCB_THROW_CLOSED("$*1_ltype");
    return $null;
  }
%}

%exception {
  try {
    $action
  } catch (const lcb::CallbackError &e) {
    LCB_RETHROW_CALLBACK(e.listener());
    return $null;
  } catch (const lcb::Error &e) {
    LCB_THROW(static_cast<int32_t>(e.status()), e.message());
    return $null;
  } catch (const std::bad_alloc &) {
    LCB_THROW(static_cast<int32_t>(lcb::Status::NoMemory), std::string("out of memory"));
    return $null;
  } catch (const std::exception &e) {
    LCB_THROW(static_cast<int32_t>(lcb::Status::Internal), std::string(e.what()));
    return $null;
  }
}

%template(IntVector) std::vector<int32_t>;
%template(StringVector) std::vector<std::string>;
%template(DeviceInfoVector) std::vector<lcb::DeviceInfo>;

%feature("director") lcb::ProgressListener;
%feature("director") lcb::RunListener;

// Factories and getters that return a new object: the proxy owns it.
%newobject lcb::Cube::fromFacelets;
%newobject lcb::Cube::random;
%newobject lcb::Cube::copy;
%newobject lcb::Moves::parse;
%newobject lcb::Moves::scramble;
%newobject lcb::Moves::copy;
%newobject lcb::Solver::solve;
%newobject lcb::Solver::solveTo;
%newobject lcb::Solver::solveAll;
%newobject lcb::Solver::solveBatch;
%newobject lcb::Solutions::get;
%newobject lcb::OptimalResult::get;
%newobject lcb::OptimalResult::solution;
%newobject lcb::Solutions::result;
%newobject lcb::Result::moves;
%newobject lcb::Robot::parse;
%newobject lcb::Robot::load;
%newobject lcb::Robot::plan;
%newobject lcb::Robot::solve;
%newobject lcb::Plan::moves;
%newobject lcb::Plan::robot;
%newobject lcb::Plan::remaining;
%newobject lcb::DriverRegistry::open;
%newobject lcb::MethodSolution::solve;
%newobject lcb::MethodSolution::moves;
%newobject lcb::MethodSolution::stageMoves;
%newobject lcb::Robot::scanPlan;
%newobject lcb::Plan::then;
%newobject lcb::Scan::parse;
%newobject lcb::Scan::fromFrames;
%newobject lcb::Scan::resolve;
%newobject lcb::Tables::search;

// The C handles stay inside the glue library.
%ignore lcb::Cube::handle;
%ignore lcb::Moves::handle;
%ignore lcb::Moves::adopt;
%ignore lcb::Solver::handle;
%ignore lcb::Robot::handle;
%ignore lcb::Plan::handle;
%ignore lcb::CancelToken::handle;
%ignore lcb::Error;
%ignore lcb::CallbackError;

// Value structs (Progress, PlanAction, ScanFrame, DeviceInfo, DriverFault, RunReport) are read-only snapshots.
%immutable;
%include "libcube_bind.hpp"
%mutable;
