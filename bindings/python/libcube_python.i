// The Python part of the SWIG interface, included by ../libcube.i before the shared rules and the facade header.
// It makes the extension module (libcube._CubeLib, built with -builtin and -threads: every call releases the
// GIL) raise libcube.CubeError; the pythonic classes over it are in libcube/__init__.py.

// ---- Names: snake_case for the facade's methods (isSolved -> is_solved), enum values UPPER_CASE ------------
%rename("%(undercase)s", %$isfunction, %$not %$ismemberget, %$not %$ismemberset) "";
%rename("%(undercase)s", %$isvariable) "";
%rename("%(uppercase)s", sourcefmt="%(undercase)s", %$isenumitem) "";
// undercase splits digits off ("has_h_48table"): the name spelt out.
%rename(has_h48_table) lcb::OptimalResult::hasH48Table;

// Value snapshots come from the library only.
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
%nodefaultctor lcb::Pictures;

// ---- Exceptions: libcube._error.CubeError(message, status); CallbackFailed for a listener that failed -------
%{
#include <cstdint>
#include <string>

// Raises libcube._error.<name>(args) (the GIL is held: the handlers run after the call took it back).
static void lcb_raise(const char *name, PyObject *args) {
  PyObject *module = PyImport_ImportModule("libcube._error");
  PyObject *type = module != nullptr ? PyObject_GetAttrString(module, name) : nullptr;
  if (type != nullptr && args != nullptr) {
    PyObject *error = PyObject_CallObject(type, args);
    if (error != nullptr) {
      PyErr_SetObject(type, error);
      Py_DECREF(error);
    }
  }
  Py_XDECREF(type);
  Py_XDECREF(module);
  Py_XDECREF(args);
}

static void lcb_throw(int32_t status, const std::string &message) {
  PyObject *text = PyUnicode_DecodeUTF8(message.data(), static_cast<Py_ssize_t>(message.size()), "replace");
  lcb_raise("CubeError", text != nullptr ? Py_BuildValue("(Ni)", text, static_cast<int>(status)) : nullptr);
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

// The listener at `address` kept its exception; libcube/__init__.py raises it again.
static void lcb_rethrow_callback(const void *address) {
  lcb_raise("CallbackFailed", Py_BuildValue("(K)", static_cast<unsigned long long>(
      reinterpret_cast<uintptr_t>(address))));
}

// ../libcube.i's handlers end with `return $null;`, a special variable SWIG's Python module does not expand.
// With -builtin a wrapper fails by returning NULL (a PyObject *) or, for a constructor (tp_init), -1: this
// value converts to the one the wrapper returns.
struct LcbFailed {
  operator PyObject *() const { return nullptr; }
  operator int() const { return -1; }
};
#define $null LcbFailed()

#define LCB_THROW(status, message) lcb_throw((status), (message))
#define LCB_RETHROW_CALLBACK(address) lcb_rethrow_callback(address)
#define LCB_THROW_CLOSED(classname) lcb_throw_closed(classname)
%}

// A closed object (or None) given as an object argument: CubeError "Cube is closed", as for `self`.
%typemap(check) SWIGTYPE & %{
  if (!$1) {
    LCB_THROW_CLOSED("$1_type");
    SWIG_fail;
  }
%}

// The listeners' C++ address, so that a CallbackFailed can be matched to the adapter that kept the exception.
%extend lcb::ProgressListener {
  unsigned long long address() const { return static_cast<unsigned long long>(reinterpret_cast<uintptr_t>($self)); }
}
%extend lcb::RunListener {
  unsigned long long address() const { return static_cast<unsigned long long>(reinterpret_cast<uintptr_t>($self)); }
}

// The facade's deprecated spelling (ColourSpace) is Java's and C#'s: the package's alias is libcube.ColourSpace.
%ignore lcb::ColourSpace;
%ignore lcb::Scan::Scan(ColourSpace);
%ignore lcb::Scan::colourSpace;
