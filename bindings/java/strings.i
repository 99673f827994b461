// Text crosses the JNI boundary as UTF-8 byte arrays, both ways: JNI's own string functions use modified
// UTF-8, which differs from UTF-8 for NUL and for characters outside the Basic Multilingual Plane.
%{
#include <string>

namespace lcb_java {
namespace {

/// A new Java byte[] holding `text`; NULL with an OutOfMemoryError pending.
jbyteArray utf8Bytes(JNIEnv *jenv, const std::string &text) {
    jsize length = static_cast<jsize>(text.size());
    jbyteArray bytes = jenv->NewByteArray(length);
    if (bytes != nullptr) {
        jenv->SetByteArrayRegion(bytes, 0, length, reinterpret_cast<const jbyte *>(text.data()));
    }
    return bytes;
}

/// Copies the UTF-8 bytes of a Java byte[] into `text`; false with an exception pending when it cannot.
/// (The Java side already refused a null String with the parameter's name.)
bool readUtf8(JNIEnv *jenv, jbyteArray bytes, std::string &text) {
    if (bytes == nullptr) {
        SWIG_JavaThrowException(jenv, SWIG_JavaNullPointerException, "null string");
        return false;
    }
    jsize length = jenv->GetArrayLength(bytes);
    text.resize(static_cast<size_t>(length));
    if (length > 0) {
        jenv->GetByteArrayRegion(bytes, 0, length, reinterpret_cast<jbyte *>(&text[0]));
    }
    return !jenv->ExceptionCheck();
}

} // namespace
} // namespace lcb_java
%}

%typemap(jni) std::string, const std::string & "jbyteArray"
%typemap(jtype) std::string, const std::string & "byte[]"
%typemap(jstype) std::string, const std::string & "String"
%typemap(javain) std::string, const std::string & "Utf8.encode($javainput, \"$javainput\")"
// A table folder may be null: the default folder (the search path), as "" is.
%typemap(javain) const std::string &tableDir "Utf8.encodeFolder($javainput)"
%typemap(javaout) std::string, const std::string & {
    return Utf8.decode($jnicall);
  }

%typemap(in) std::string %{
  if (!lcb_java::readUtf8(jenv, $input, $1)) {
    return $null;
  }
%}
%typemap(in) const std::string & ($*1_ltype text) %{
  if (!lcb_java::readUtf8(jenv, $input, text)) {
    return $null;
  }
  $1 = &text;
%}
%typemap(out) std::string %{ $result = lcb_java::utf8Bytes(jenv, $1); %}
%typemap(out) const std::string & %{ $result = lcb_java::utf8Bytes(jenv, *$1); %}
