// The Java part of the SWIG interface, included by ../libcube.i before the facade header. Each file below
// does one job; together they make package org.libcube (see bindings/README.md for the class list).
%include "strings.i"    // UTF-8 byte arrays for std::string, both ways
%include "errors.i"     // LCB_THROW, LCB_RETHROW_CALLBACK, LCB_THROW_CLOSED; loading the JNI library
%include "release.i"    // close(), AutoCloseable, the Cleaner safety net, checked arguments
%include "names.i"      // Java enums with UPPER_CASE constants, package-private internals
%include "callbacks.i"  // directors behind ProgressCallback and RunCallback
%include "idioms.i"     // toString/equals/hashCode, lists and arrays instead of the vector classes
