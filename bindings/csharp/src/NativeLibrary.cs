// Checks once, before the first call into the glue, that libcubecs.so loads. When it is beside LibCube.dll
// but a library it needs is missing (libcube.so.2), mono would say only "DllNotFoundException: libcubecs.so";
// the loader's own message names the library really missing.
using System;
using System.IO;
using System.Runtime.InteropServices;

namespace LibCube {

internal static class NativeLibrary {
  const string Glue = "libcubecs.so";
  const int RtldNow = 2;
  static readonly object gate = new object();
  static bool checkedOnce;

  [DllImport("libdl.so.2")]
  static extern IntPtr dlopen(string file, int mode);

  [DllImport("libdl.so.2")]
  static extern IntPtr dlerror();

  /// <summary>Throws DllNotFoundException naming what the glue beside LibCube.dll cannot load.</summary>
  internal static void Check() {
    lock (gate) {
      if (checkedOnce) {
        return;
      }
      checkedOnce = true;
      string location = typeof(NativeLibrary).Assembly.Location;
      string glue = string.IsNullOrEmpty(location) ? null : Path.Combine(Path.GetDirectoryName(location), Glue);
      if (glue == null || !File.Exists(glue)) {
        return; // mono looks for it elsewhere (LD_LIBRARY_PATH, the system folders) and names it if missing
      }
      string failure = Load(glue);
      if (failure != null) {
        throw new DllNotFoundException(glue + " (the native part of LibCube.dll) is there but cannot be loaded: "
            + failure + ". It finds libcube.so.2 through its run path ($ORIGIN/../../../<libdir>) or the system's "
            + "library path: install libcube's shared library, or set LD_LIBRARY_PATH to its folder.");
      }
    }
  }

  // The loader's message, or null when the glue loads (it then stays loaded, as mono would keep it).
  static string Load(string path) {
    try {
      if (dlopen(path, RtldNow) != IntPtr.Zero) {
        return null;
      }
      return NativeText.FromUtf8(dlerror());
    } catch (DllNotFoundException) {
      return null; // no libdl.so.2 to ask: let mono report
    } catch (EntryPointNotFoundException) {
      return null;
    }
  }
}

}
