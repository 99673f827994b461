// Text the glue library hands over as a NUL-terminated UTF-8 C string.
using System;
using System.Runtime.InteropServices;
using System.Text;

namespace LibCube {

internal static class NativeText {
  /// <summary>Decodes a UTF-8 C string ("" for a null pointer), whatever the platform's ANSI encoding.</summary>
  internal static string FromUtf8(IntPtr text) {
    if (text == IntPtr.Zero) {
      return "";
    }
    int length = 0;
    while (Marshal.ReadByte(text, length) != 0) {
      length++;
    }
    byte[] bytes = new byte[length];
    Marshal.Copy(text, bytes, 0, length);
    return Encoding.UTF8.GetString(bytes);
  }
}

}
