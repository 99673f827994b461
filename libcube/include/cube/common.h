/* libcube: status codes, error reporting and export macros shared by every public header. */
#ifndef CUBE_COMMON_H
#define CUBE_COMMON_H

#include <stdint.h>

#if defined(_WIN32)
#  define CUBE_API __declspec(dllimport)
#elif defined(CUBE_BUILDING_LIBRARY)
#  define CUBE_API __attribute__((visibility("default")))
#else
#  define CUBE_API
#endif

#ifdef __cplusplus
extern "C" {
#endif

/**
 * Result of every call that can fail. 0 is success; errors are negative.
 * Functions that answer a yes/no question return 1 or 0, or a negative status.
 */
typedef enum cube_status {
    CUBE_OK = 0,
    CUBE_ERROR_INVALID_ARGUMENT = -1, /**< NULL, out of range, or a handle of the wrong kind */
    CUBE_ERROR_PARSE = -2,            /**< move notation that cannot be read */
    CUBE_ERROR_INVALID_CUBE = -3,     /**< a facelet string that is not a cube */
    CUBE_ERROR_UNSOLVABLE = -4,       /**< no solution within the given limits */
    CUBE_ERROR_NO_MEMORY = -5,
    CUBE_ERROR_IO = -6,               /**< a file or device could not be read or written */
    CUBE_ERROR_NOT_FOUND = -7,        /**< a named thing (driver, robot, file) does not exist */
    CUBE_ERROR_TIMEOUT = -8,
    CUBE_ERROR_CANCELLED = -9,
    CUBE_ERROR_BUFFER_TOO_SMALL = -10, /**< the caller's buffer cannot hold the answer */
    CUBE_ERROR_UNSUPPORTED = -11,     /**< valid request this build or cube size does not support */
    CUBE_ERROR_CORRUPT = -12,         /**< stored data failed its checks */
    CUBE_ERROR_INTERNAL = -13         /**< a bug in libcube: please report it */
} cube_status;

/** Symbolic name of a status, e.g. "CUBE_ERROR_PARSE"; "CUBE_STATUS_UNKNOWN" for other values. */
CUBE_API const char *cube_status_name(int32_t status);

/** Short human description of a status, e.g. "parse error". */
CUBE_API const char *cube_status_message(int32_t status);

/**
 * Detail message of the last call on this thread that failed, e.g.
 * "corner at URF has colours U,U,F: no such corner". Successful calls leave it unchanged.
 * The text stays valid until the next failing call on the same thread. Never NULL.
 */
CUBE_API const char *cube_last_error(void);

/** Status of the last call on this thread that failed (CUBE_OK if none has failed yet). */
CUBE_API cube_status cube_last_status(void);

/** Forget the last error on this thread. */
CUBE_API void cube_clear_error(void);

#ifdef __cplusplus
}
#endif

#endif /* CUBE_COMMON_H */
