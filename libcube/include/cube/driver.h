/* libcube: robot drivers. The plugin interface (a versioned table of functions), the registry that
 * finds drivers, and running a plan on a driver. */
#ifndef CUBE_DRIVER_H
#define CUBE_DRIVER_H

#include <cube/common.h>
#include <cube/robot.h>

#ifdef __cplusplus
extern "C" {
#endif

/* ---- The plugin interface ------------------------------------------------------------------------
 *
 * A driver plugin is a shared object named cube-driver-NAME.so that exports
 *
 *     const cube_driver_api *cube_driver_entry(uint32_t host_abi_version);
 *
 * The host passes the CUBE_DRIVER_ABI_VERSION it was built with; the plugin returns its table (or
 * NULL if it cannot serve that host). The host refuses a table whose abi_version differs from its
 * own, whose struct_size is smaller than the version-1 table, or that lacks a required function.
 * Later versions only append fields; struct_size tells which ones a plugin has. Structs passed to the
 * plugin carry their own struct_size likewise: read only the fields it covers.
 *
 * Functions return CUBE_OK or a negative cube_status. After a failure last_error() says why.
 * All functions of one instance are called from one thread, except stop(), which may come from
 * another thread while execute() runs and must make it return CUBE_ERROR_CANCELLED soon.
 */

#define CUBE_DRIVER_ABI_VERSION 1u
#define CUBE_DRIVER_ENTRY_SYMBOL "cube_driver_entry"

/** One command as the host sends it: an action of a plan. */
typedef struct cube_driver_command {
    uint32_t struct_size;
    int32_t actuator;    /**< index into the driver's actuators */
    int32_t kind;        /**< cube_action_kind */
    int32_t param;       /**< as in cube_action */
    int32_t duration_us; /**< time the plan allows for it (the driver may take less, never more on purpose) */
    int32_t start_us;    /**< when the plan starts it, for information */
} cube_driver_command;

/** States reported by status(). */
typedef enum cube_driver_state {
    CUBE_DRIVER_IDLE = 0,
    CUBE_DRIVER_BUSY = 1,
    CUBE_DRIVER_STOPPED = 2, /**< stop() was called */
    CUBE_DRIVER_FAULT = 3    /**< a command failed; see last_error() */
} cube_driver_state;

typedef struct cube_driver_status {
    uint32_t struct_size;
    int32_t state;         /**< cube_driver_state */
    int32_t commands_done; /**< since open */
} cube_driver_status;

typedef struct cube_driver_api {
    uint32_t struct_size;    /**< sizeof(cube_driver_api) where the plugin was built */
    uint32_t abi_version;    /**< CUBE_DRIVER_ABI_VERSION where the plugin was built */
    const char *name;        /**< URI scheme: 1-32 of a-z 0-9 - _ */
    const char *description; /**< one line */
    /** Opens a robot. `options` is the URI after "name:" ("" if none). On failure writes a message into err. */
    int32_t (*open)(const char *options, void **instance, char *err, int32_t err_capacity);
    /** Robot description the driver drives (cube_robot_parse() form), or "" if not known yet. */
    const char *(*robot_spec)(void *instance);
    int32_t (*actuator_count)(void *instance);
    const char *(*actuator_name)(void *instance, int32_t index);
    /**
     * Sets a named option. Keys the host uses: "robot" (the plan's robot spec, before running),
     * "scramble" (moves that made the cube in the robot, for simulators). CUBE_ERROR_UNSUPPORTED
     * for keys the driver does not know.
     */
    int32_t (*configure)(void *instance, const char *key, const char *value);
    /** Runs `count` commands that start together; returns when all have finished. */
    int32_t (*execute)(void *instance, const cube_driver_command *commands, int32_t count);
    int32_t (*status)(void *instance, cube_driver_status *out);
    /** Current position of an actuator: quarters from neutral for turns, 1/0 for grips. */
    int32_t (*position)(void *instance, int32_t actuator, int32_t *value);
    /** Text answer for a key (e.g. "cube", "solved"); same buffer rules as cube_state_copy_facelets(). */
    int32_t (*query)(void *instance, const char *key, char *buffer, int32_t capacity, int32_t *length);
    /** Stops all motion as safely and quickly as possible. Thread-safe (see above). */
    int32_t (*stop)(void *instance);
    /** Message of the last failure of this instance; never NULL. */
    const char *(*last_error)(void *instance);
    void (*close)(void *instance);
} cube_driver_api;

typedef const cube_driver_api *(*cube_driver_entry_fn)(uint32_t host_abi_version);

/* ---- The registry ----------------------------------------------------------------------------- */

/** The drivers found: built-in ones first, then plugins along the search path. */
typedef struct cube_driver_registry cube_driver_registry;

/** An open driver. */
typedef struct cube_driver cube_driver;

/**
 * Finds drivers. `search_path` is a ':'-separated list of absolute folders; NULL means $CUBE_DRIVER_PATH
 * followed by the installed driver folder. Plugins that cannot be used are not errors: they are
 * listed by cube_driver_registry_problem(). Of two drivers with one name the first found wins.
 * Loading a plugin runs its code, so relative folders, world-writable folders and plugin files that are
 * world-writable or owned by another user than root and the caller are refused before anything is loaded.
 */
CUBE_API cube_status cube_driver_registry_new(const char *search_path, cube_driver_registry **out);

/** Frees a registry; NULL is ignored. Drivers opened from it stay usable. */
CUBE_API void cube_driver_registry_free(cube_driver_registry *registry);

/** Number of usable drivers, or a negative cube_status. */
CUBE_API int32_t cube_driver_registry_count(const cube_driver_registry *registry);

/** Name, description and file of driver `index` ("(built-in)" for built-ins); owned by the registry. */
CUBE_API const char *cube_driver_registry_name(const cube_driver_registry *registry, int32_t index);
CUBE_API const char *cube_driver_registry_description(const cube_driver_registry *registry, int32_t index);
CUBE_API const char *cube_driver_registry_path(const cube_driver_registry *registry, int32_t index);

/** Plugins refused or shadowed, one message each ("path: why"), or a negative cube_status. */
CUBE_API int32_t cube_driver_registry_problem_count(const cube_driver_registry *registry);
CUBE_API const char *cube_driver_registry_problem(const cube_driver_registry *registry, int32_t index);

/** Opens a driver by URI: "NAME" or "NAME:OPTIONS", e.g. "sim:model=four-arm,speed=10". */
CUBE_API cube_status cube_driver_open(const cube_driver_registry *registry, const char *uri, cube_driver **out);

/** Stops and closes a driver; NULL is ignored. Not while cube_driver_run() runs on it: cancel and wait first. */
CUBE_API void cube_driver_close(cube_driver *driver);

/** The driver's name, owned by the driver. */
CUBE_API const char *cube_driver_name(const cube_driver *driver);

/** The robot the driver drives (cube_robot_parse() form), or "" if it takes the plan's; owned by the driver. */
CUBE_API const char *cube_driver_robot_spec(const cube_driver *driver);

/** Sets a driver option (see cube_driver_api.configure). */
CUBE_API cube_status cube_driver_configure(cube_driver *driver, const char *key, const char *value);

/** Asks the driver a question (e.g. "cube", "solved"); buffer rules as cube_state_copy_facelets(). */
CUBE_API cube_status cube_driver_query(cube_driver *driver, const char *key, char *buffer, int32_t capacity,
                                       int32_t *length);

/* ---- Running a plan ---------------------------------------------------------------------------- */

/**
 * Called after each step of a run: actions done so far, all actions, and how far into the plan's
 * timeline the robot is. Return 0 to go on, anything else to cancel the run.
 */
typedef int32_t (*cube_run_progress_fn)(void *user_data, int32_t actions_done, int32_t action_count,
                                        int64_t plan_time_us);

/** How a run ended. */
typedef struct cube_run_report {
    uint32_t struct_size;
    int32_t status;       /**< as returned */
    int32_t actions_done; /**< actions finished before the end */
    int32_t action_count;
    int64_t plan_time_us; /**< plan time reached */
    int64_t elapsed_us;   /**< wall-clock time of the run */
} cube_run_report;

/** Fills `report` with zeros and its struct_size. */
CUBE_API cube_status cube_run_report_init(cube_run_report *report);

/**
 * Sends the plan's actions to the driver in timeline order, step by step. Before starting it tells
 * the driver the robot ("robot") and the cube the plan solves ("scramble"); a driver whose robot has
 * other actuators is refused. On a driver error or cancellation it calls the driver's stop() and
 * returns the error; `report` (may be NULL) says how far it got.
 */
CUBE_API cube_status cube_driver_run(cube_driver *driver, const cube_plan *plan, cube_run_progress_fn progress,
                                     void *user_data, cube_run_report *report);

/** Cancels a run in progress on `driver` from any thread: the run stops the robot and returns CUBE_ERROR_CANCELLED. */
CUBE_API cube_status cube_driver_cancel(cube_driver *driver);

#ifdef __cplusplus
}
#endif

#endif /* CUBE_DRIVER_H */
