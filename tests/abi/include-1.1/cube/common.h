/**
 * @file cube/common.h
 * @brief Status codes, error reporting, export macros, versioned structs, threads and cancellation:
 * the rules every libcube call follows.
 *
 * @section status Status and errors
 * Every call that can fail returns a ::cube_status: #CUBE_OK (0) on success, a negative `CUBE_ERROR_*`
 * value on failure. Values come back through out-parameters, which are set to NULL or 0 when the call
 * fails. After a failure cube_last_error() gives a message saying exactly what was wrong; the message is
 * kept per thread. No call throws, aborts or crashes on bad input: NULL, garbage and handles of the wrong
 * kind are refused with #CUBE_ERROR_INVALID_ARGUMENT.
 *
 * @section handles Handles and strings
 * Handles (`cube_state`, `cube_moves`, `cube_solver`, ...) are opaque, created through an
 * out-parameter and freed once with their `*_free` function (NULL is ignored). Strings are either owned
 * by a handle (valid until that handle is changed or freed, as each getter says) or copied into a
 * caller's buffer snprintf-style: `*length` always receives the full length without the NUL, and a buffer
 * that is too small gives #CUBE_ERROR_BUFFER_TOO_SMALL.
 *
 * @section versioned Versioned structs
 * Option and description structs begin with `uint32_t struct_size`. Fill one with its `*_init()` macro,
 * which passes `sizeof` of the struct your program was compiled with; the library never writes past that
 * size. Each struct has frozen sizes `CUBE_<NAME>_SIZE_V1`, `_V2`, ...: a later libcube only appends
 * fields, and a new field's zero value always means the old behaviour. When reading a struct the library
 * accepts every published size; a larger struct (from newer headers) only if the bytes it does not know
 * are all zero (otherwise #CUBE_ERROR_UNSUPPORTED, naming the first unknown byte set); any other size is
 * #CUBE_ERROR_INVALID_ARGUMENT. Structs the library fills for you (cube_action, cube_robot_desc) are
 * filled only as far as your struct_size reaches.
 *
 * @section threads Threads
 * - Every function may be called from any thread. The error message is per thread.
 * - `cube_solver`, `cube_robot`, `cube_plan`, `cube_solutions` and `cube_cancel` handles may be used by
 *   any number of threads at once (the solver and robot through the functions that take them).
 * - `cube_state` and `cube_moves` are values: any number of threads may call functions that take them as
 *   `const` at the same time (no function changes anything behind a `const` pointer); a function that
 *   takes a non-const pointer needs the handle to itself, so guard shared handles with your own lock.
 * - A `*_free` function must not run while any other call uses that handle.
 * - Callbacks run on the thread that made the call (cube_solve_batch(): on its worker threads, as its
 *   documentation says). libcube holds no lock while your callback runs; a callback may call any libcube
 *   function except those its own documentation excludes.
 *
 * @section cancel Cancellation
 * Long calls (3x3 table generation, solving, batches, robot-aware solving) take a ::cube_cancel token in
 * their options. cube_cancel_trigger() may be called from any thread, and from a signal handler; the call
 * watching the token then returns #CUBE_ERROR_CANCELLED within milliseconds. Progress callbacks return
 * nonzero to cancel as well.
 */
#ifndef CUBE_COMMON_H
#define CUBE_COMMON_H

#include <stddef.h>
#include <stdint.h>

/**
 * @def CUBE_API
 * Marks the functions libcube exports. While building libcube it exports them (`dllexport` on Windows,
 * default visibility elsewhere); for users of the shared library it imports them (`dllimport` on
 * Windows). Define `CUBE_STATIC` when linking the static library on Windows.
 */
#if defined(CUBE_STATIC)
#define CUBE_API
#elif defined(_WIN32) || defined(__CYGWIN__)
#ifdef CUBE_BUILDING_LIBRARY
#define CUBE_API __declspec(dllexport)
#else
#define CUBE_API __declspec(dllimport)
#endif
#elif defined(CUBE_BUILDING_LIBRARY) && defined(__GNUC__)
#define CUBE_API __attribute__((visibility("default")))
#else
#define CUBE_API
#endif

/**
 * Size of a versioned struct up to and including `field`: how `CUBE_<NAME>_SIZE_Vn` are defined, the
 * same on every platform as `sizeof` of that version (the structs have no tail padding).
 */
#define CUBE_SIZE_THROUGH(type, field) ((uint32_t)(offsetof(type, field) + sizeof(((type *)0)->field)))

#ifdef __cplusplus
extern "C" {
#endif

/** Result of every call that can fail: #CUBE_OK (0) or one of the negative `CUBE_ERROR_*` values. */
typedef int32_t cube_status;

/** The values a ::cube_status takes. New errors may be added later; treat unknown negatives as errors. */
enum cube_status_code {
    CUBE_OK = 0,                       /**< success */
    CUBE_ERROR_INVALID_ARGUMENT = -1,  /**< NULL, out of range, a bad struct_size, or a handle of the wrong kind */
    CUBE_ERROR_PARSE = -2,             /**< move notation or a description that cannot be read */
    CUBE_ERROR_INVALID_CUBE = -3,      /**< a facelet string that is not a cube */
    CUBE_ERROR_UNSOLVABLE = -4,        /**< no solution within the given length or plan limits */
    CUBE_ERROR_NO_MEMORY = -5,         /**< an allocation failed */
    CUBE_ERROR_IO = -6,                /**< a file or device could not be read or written */
    CUBE_ERROR_NOT_FOUND = -7,         /**< a named thing (driver, robot, file) does not exist */
    CUBE_ERROR_TIMEOUT = -8,           /**< the time limit ran out before an answer was found */
    CUBE_ERROR_CANCELLED = -9,         /**< a cancel token was triggered or a callback asked to stop */
    CUBE_ERROR_BUFFER_TOO_SMALL = -10, /**< the caller's buffer cannot hold the answer */
    CUBE_ERROR_UNSUPPORTED = -11,      /**< a valid request this build, cube size or struct version cannot serve */
    CUBE_ERROR_CORRUPT = -12,          /**< stored data failed its checks */
    CUBE_ERROR_INTERNAL = -13          /**< a bug in libcube: please report it */
};

/**
 * Symbolic name of a status.
 * @param status any value
 * @return a static string such as "CUBE_ERROR_PARSE", or "CUBE_STATUS_UNKNOWN"; never NULL
 */
CUBE_API const char *cube_status_name(cube_status status);

/**
 * Short description of a status.
 * @param status any value
 * @return a static string such as "parse error", or "unknown status"; never NULL
 */
CUBE_API const char *cube_status_message(cube_status status);

/**
 * Detail message of the last call on this thread that failed, e.g.
 * "corner at URF has colours U,U,F: no such corner". Successful calls leave it unchanged.
 * @return text owned by the library, valid until the next failing call on this thread; never NULL
 */
CUBE_API const char *cube_last_error(void);

/**
 * Status of the last call on this thread that failed.
 * @return that status, or #CUBE_OK if none has failed since the thread started or cube_clear_error()
 */
CUBE_API cube_status cube_last_status(void);

/** Forgets the last error on this thread: cube_last_error() becomes "" and cube_last_status() #CUBE_OK. */
CUBE_API void cube_clear_error(void);

/* ---- Cancellation ----------------------------------------------------------------------------- */

/** A cancel token: triggered once by anyone, watched by the calls that were given it. */
typedef struct cube_cancel cube_cancel;

/**
 * Creates a cancel token, not triggered.
 * @param[out] out receives the token; free it with cube_cancel_free() after the calls using it returned
 * @return #CUBE_OK, #CUBE_ERROR_INVALID_ARGUMENT (NULL out), #CUBE_ERROR_NO_MEMORY
 */
CUBE_API cube_status cube_cancel_new(cube_cancel **out);

/**
 * Triggers the token: every call watching it returns #CUBE_ERROR_CANCELLED soon (within milliseconds).
 * Safe from any thread and from a signal handler (it only stores to a lock-free atomic; on a bad handle it
 * returns #CUBE_ERROR_INVALID_ARGUMENT without touching the error message).
 * @param cancel the token
 * @return #CUBE_OK or #CUBE_ERROR_INVALID_ARGUMENT
 */
CUBE_API cube_status cube_cancel_trigger(cube_cancel *cancel);

/**
 * Makes a triggered token usable again. Call it only while no call is watching the token.
 * @param cancel the token
 * @return #CUBE_OK or #CUBE_ERROR_INVALID_ARGUMENT
 */
CUBE_API cube_status cube_cancel_reset(cube_cancel *cancel);

/**
 * Whether the token was triggered. Safe from any thread.
 * @param cancel the token
 * @param[out] triggered receives 1 if triggered, 0 if not
 * @return #CUBE_OK or #CUBE_ERROR_INVALID_ARGUMENT
 */
CUBE_API cube_status cube_cancel_is_triggered(const cube_cancel *cancel, int32_t *triggered);

/**
 * Frees a token. No call may be watching it any more.
 * @param cancel the token; NULL is ignored
 */
CUBE_API void cube_cancel_free(cube_cancel *cancel);

/* ---- Progress --------------------------------------------------------------------------------- */

/** What a progress report is about. */
enum cube_progress_event {
    CUBE_PROGRESS_STAGE = 0, /**< work under way: `stage` names the step, the fractions say how far it is */
    CUBE_PROGRESS_NOTICE = 1 /**< something to tell the user before the work it announces ("table file is
                                  damaged; rebuilding it"); `stage` is the whole message */
};

/** One progress report, as the library fills it. Read only the fields your struct_size covers. */
typedef struct cube_progress {
    uint32_t struct_size;  /**< size of the struct the library filled */
    int32_t event;         /**< ::cube_progress_event */
    const char *stage;     /**< step name or notice text; valid only during the callback */
    double stage_fraction; /**< 0..1 within the step */
    double fraction;       /**< 0..1 of the whole job, for one progress bar */
    int64_t elapsed_us;    /**< time since the job started */
} cube_progress;

/** Size of the first published cube_progress. */
#define CUBE_PROGRESS_SIZE_V1 CUBE_SIZE_THROUGH(cube_progress, elapsed_us)

/**
 * Progress callback of long calls. Runs on the thread doing the work, with no libcube lock held.
 * @param user_data the pointer given with the callback
 * @param progress the report, valid only during the call
 * @return 0 to go on, nonzero to cancel the call (it then returns #CUBE_ERROR_CANCELLED)
 */
typedef int32_t (*cube_progress_fn)(void *user_data, const cube_progress *progress);

#ifdef __cplusplus
}
#endif

#endif /* CUBE_COMMON_H */
