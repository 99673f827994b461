// Native memory. A proxy that owns its C++ object frees it in close() (AutoCloseable: idempotent and
// synchronized) or, when it was never closed, through the library's one java.lang.ref.Cleaner. The Cleaner
// action captures the address only, never the proxy. After close() the address is 0: a method called then
// throws CubeException (the `check` typemap of libcube.i) instead of touching freed memory.

%typemap(javaclassmodifiers) SWIGTYPE "public final class"
%typemap(javainterfaces) SWIGTYPE "AutoCloseable"

%typemap(javabody) SWIGTYPE %{
  private transient volatile long swigCPtr;
  private final transient java.lang.ref.Cleaner.Cleanable swigCleanable;

  $javaclassname(long cPtr, boolean cMemoryOwn) {
    swigCPtr = cPtr;
    swigCleanable = cMemoryOwn ? NativeRelease.register(this, new Release(cPtr)) : null;
  }

  /** The C++ object's address: 0 for null or a closed object. */
  static long getCPtr($javaclassname obj) {
    return (obj == null) ? 0 : obj.swigCPtr;
  }

  /** The address of an argument that must be given and open. */
  static long swigArgument($javaclassname obj, String name) {
    if (obj == null) {
      throw CubeException.nullArgument(name);
    }
    long cPtr = obj.swigCPtr;
    if (cPtr == 0) {
      throw CubeException.closed("$javaclassname");
    }
    return cPtr;
  }

  /** Frees the C++ object once. */
  private static final class Release implements Runnable {
    private final long cPtr;

    Release(long cPtr) {
      this.cPtr = cPtr;
    }

    @Override
    public void run() {
      $imclassname.delete_$javaclassname(cPtr);
    }
  }
%}

%typemap(javadestruct, methodname="close", methodmodifiers="public synchronized", parameters="") SWIGTYPE {
    swigCPtr = 0;
    if (swigCleanable != null) {
      swigCleanable.clean();
    }
  }
%typemap(javafinalize) SWIGTYPE ""

// Directors: the C++ side calls swigDirectorDisconnect() when it deletes the object; ownership never moves.
%typemap(directordisconnect, methodname="swigDirectorDisconnect") SWIGTYPE %{
  void $methodname() {
    swigCPtr = 0;
  }
%}
%typemap(directorowner_release, methodname="swigReleaseOwnership") SWIGTYPE %{
  // (Java keeps owning its listeners: no swigReleaseOwnership().)
%}
%typemap(directorowner_take, methodname="swigTakeOwnership") SWIGTYPE %{
  // (No swigTakeOwnership() either.)
%}

// An object argument passed by reference must be there and open: CubeException(INVALID_ARGUMENT) "<name> is
// null" naming the parameter, or "<Class> is closed". (Pointer arguments, the listeners, may be null.)
%typemap(javain) SWIGTYPE & "$javaclassname.swigArgument($javainput, \"$javainput\")"
