/* jni.h's platform part for Windows, written for this project: the JDK installed here carries only Linux's
 * jni_md.h, whose jlong is `long` (32 bits on Windows, which is LLP64) and whose export macro is a visibility
 * attribute. Used by the Windows cross build of the JNI glue only (bindings/java/meson.build). */
#ifndef LIBCUBE_WIN32_JNI_MD_H
#define LIBCUBE_WIN32_JNI_MD_H

#define JNIEXPORT __declspec(dllexport)
#define JNIIMPORT __declspec(dllimport)
/* The JNI calling convention: __stdcall (x86-64 has one convention and ignores it). */
#define JNICALL __stdcall

typedef int jint;
typedef long long jlong;
typedef signed char jbyte;

#endif
