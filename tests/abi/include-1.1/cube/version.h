/**
 * @file cube/version.h
 * @brief Version of the headers (compile time) and of the library (run time).
 */
#ifndef CUBE_VERSION_H
#define CUBE_VERSION_H

#include <cube/common.h>

/** Major version: changes only with a deliberate break of the API. */
#define CUBE_VERSION_MAJOR 1
/** Minor version: grows when functions or struct fields are added. */
#define CUBE_VERSION_MINOR 1
/** Patch version: fixes only. */
#define CUBE_VERSION_PATCH 0
/** The version as text, e.g. "1.0.0". */
#define CUBE_VERSION_STRING "1.1.0"
/** MAJOR * 10000 + MINOR * 100 + PATCH, comparable with cube_version(). */
#define CUBE_VERSION_NUMBER (CUBE_VERSION_MAJOR * 10000 + CUBE_VERSION_MINOR * 100 + CUBE_VERSION_PATCH)

#ifdef __cplusplus
extern "C" {
#endif

/**
 * Version of the library loaded at run time, comparable with #CUBE_VERSION_NUMBER of the headers a
 * program was built with. Cannot fail.
 * @return MAJOR * 10000 + MINOR * 100 + PATCH
 */
CUBE_API uint32_t cube_version(void);

/**
 * Version of the library loaded at run time as text. Cannot fail.
 * @return a static string such as "1.0.0"
 */
CUBE_API const char *cube_version_string(void);

#ifdef __cplusplus
}
#endif

#endif /* CUBE_VERSION_H */
