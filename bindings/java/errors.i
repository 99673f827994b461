// Errors: a failing status becomes org.libcube.CubeException (status and the library's UTF-8 message); an
// exception a callback threw comes out of the call that ran it unchanged; a closed object refuses calls.

%begin %{
// Library threads that call a Java callback are attached to the JVM as daemons (they never keep the JVM
// alive) and detached when they end, not after every call (attaching costs, and detaching per call leaks).
#define SWIG_JAVA_ATTACH_CURRENT_THREAD_AS_DAEMON
#define SWIG_JAVA_DETACH_ON_THREAD_END
%}

%{
#include <cstdint>

namespace lcb_java {
namespace {

/// Throws CubeException.fromNative(status, UTF-8 message) on the calling Java thread.
void throwCubeException(JNIEnv *jenv, int32_t status, const std::string &message) {
    jclass type = jenv->FindClass("org/libcube/CubeException");
    if (type == nullptr) {
        return; // NoClassDefFoundError is pending
    }
    jmethodID make = jenv->GetStaticMethodID(type, "fromNative", "(I[B)Lorg/libcube/CubeException;");
    jbyteArray text = make != nullptr ? utf8Bytes(jenv, message) : nullptr;
    if (text != nullptr) {
        jobject error = jenv->CallStaticObjectMethod(type, make, static_cast<jint>(status), text);
        if (error != nullptr && !jenv->ExceptionCheck()) {
            jenv->Throw(static_cast<jthrowable>(error));
        }
        jenv->DeleteLocalRef(error);
        jenv->DeleteLocalRef(text);
    }
    jenv->DeleteLocalRef(type);
}

/// CubeException(InvalidArgument, "Cube is closed") for a method called on a closed "lcb::Cube".
void throwClosed(JNIEnv *jenv, const std::string &cppClass) {
    std::string::size_type scope = cppClass.rfind("::");
    std::string name = scope == std::string::npos ? cppClass : cppClass.substr(scope + 2);
    throwCubeException(jenv, static_cast<int32_t>(lcb::Status::InvalidArgument), name + " is closed");
}

/// Throws what the listener at `listener` kept (CallbackErrors.take returns it, never null).
void rethrowCallback(JNIEnv *jenv, const void *listener) {
    jclass type = jenv->FindClass("org/libcube/CallbackErrors");
    if (type == nullptr) {
        return;
    }
    jmethodID take = jenv->GetStaticMethodID(type, "take", "(J)Ljava/lang/Throwable;");
    if (take != nullptr) {
        jlong address = static_cast<jlong>(reinterpret_cast<intptr_t>(listener));
        jobject failure = jenv->CallStaticObjectMethod(type, take, address);
        if (failure != nullptr && !jenv->ExceptionCheck()) {
            jenv->Throw(static_cast<jthrowable>(failure));
        }
        jenv->DeleteLocalRef(failure);
    }
    jenv->DeleteLocalRef(type);
}

} // namespace
} // namespace lcb_java

#define LCB_THROW(status, message) lcb_java::throwCubeException(jenv, (status), (message))
#define LCB_RETHROW_CALLBACK(address) lcb_java::rethrowCallback(jenv, (address))
#define LCB_THROW_CLOSED(classname) lcb_java::throwClosed(jenv, (classname))
%}

// The JNI class loads libcube_jni.so, with a message saying where it looked and how to fix a miss.
%pragma(java) jniclassclassmodifiers="final class"
%pragma(java) jniclasscode=%{
  static {
    NativeLibrary.load();
  }
%}
