/**
 * @file cube/driver.h
 * @brief Robot drivers for programs that use them: the registry that finds drivers, opening one,
 * running a plan on it, and what it reports (status, positions, faults). Driver writers include
 * <cube/driver_plugin.h> as well.
 *
 * @section lifecycle The life of a driver
 * 1. cube_driver_open() opens the robot. Nothing moves.
 * 2. cube_driver_prepare() (or the first run, which calls it) readies the hardware: clears device errors,
 *    energizes, homes or confirms every actuator's position and brings the robot to its rest state.
 *    It is idempotent: a prepared driver returns at once.
 * 3. cube_driver_run_plan() runs a plan. In order it: checks the plan against the driver's robot
 *    (actuators, twist range, parallel steps, each command's minimum duration) and refuses a plan that
 *    does not fit before anything moves (fault #CUBE_FAULT_MISMATCH); tells the driver the robot and,
 *    unless resuming, the cube ("robot", "scramble"); calls prepare; checks that the plan starts where the
 *    robot is (its positions); sends the steps, each with a deadline; after the last step calls rest.
 *    The checks replay the timeline rules of <cube/robot.h> (a step starts only after the steps it depends
 *    on, six-motor overlap) with the driver's robot. A step is the actions with one start time; they are
 *    sent in start order, each as soon as the driver has returned from the one before (a plugin runs one
 *    execute at a time), which never breaks a rule of the plan: the rules only ever let steps start earlier.
 * 4. On an error, a missed deadline or a cancel the run calls stop with the run's stop level
 *    (#CUBE_STOP_HALT unless the options say otherwise) and records a fault; it does not call rest.
 * 5. cube_driver_rest() brings the robot to rest; cube_driver_stop() stops it from any thread.
 * 6. cube_driver_close() calls stop(#CUBE_STOP_DEENERGIZE), then closes.
 *
 * @section rest The rest state
 * Every plan starts and ends at the robot's rest state unless told otherwise (cube_plan_options):
 * - six-motor: any motor angles (a motor is the same at every quarter);
 * - four-arm and two-gripper: every arm engaged (slides in, grippers closed) at neutral (twist 0);
 * - turntable-flipper: holder released, flipper down, turntable at any angle (at home if it has a range,
 *   table.range);
 * - hold-and-flip: cover open, turntable at home (its travel is tracked, -range..range);
 * - described (LIBCUBE_1.3): grips and covers at their rest position (open unless rest:close), flippers
 *   down, turners at home (any angle for one without end stops or a claw).
 * cube_robot_rest_positions() gives it as positions.
 *
 * @section positions Positions
 * One int32_t per actuator, in the robot's actuator order (cube_robot_actuator_name()): turns in quarters
 * from neutral (+ clockwise seen from outside), grips 1 (engaged, closed, clamped) or 0, the flipper 0,
 * the hold-and-flip cover 0 open, 1 close or 2 flip (a described robot's the same by kind).
 */
#ifndef CUBE_DRIVER_H
#define CUBE_DRIVER_H

#include <cube/common.h>
#include <cube/robot.h>

#ifdef __cplusplus
extern "C" {
#endif

/** The drivers found: built-in ones first, then plugins along the search path. */
typedef struct cube_driver_registry cube_driver_registry;

/** An open driver. */
typedef struct cube_driver cube_driver;

/* ---- The registry ----------------------------------------------------------------------------- */

/**
 * Finds drivers. Plugins that cannot be used are not errors: they are listed by
 * cube_driver_registry_problem(). Of two drivers with one name the first found wins. Loading a plugin
 * runs its code, so relative folders, world-writable folders and plugin files that are world-writable or
 * owned by another user than root and the caller are refused before anything is loaded.
 * @param search_path a ':'-separated list of absolute folders; NULL means $CUBE_DRIVER_PATH followed by
 *        the installed driver folder (pkg-config --variable=driverdir libcube)
 * @param[out] out receives the registry, to free with cube_driver_registry_free()
 * @return #CUBE_OK, #CUBE_ERROR_INVALID_ARGUMENT, #CUBE_ERROR_NO_MEMORY
 */
CUBE_API cube_status cube_driver_registry_new(const char *search_path, cube_driver_registry **out);

/**
 * Frees a registry. Drivers opened from it stay usable.
 * @param registry the registry; NULL is ignored
 */
CUBE_API void cube_driver_registry_free(cube_driver_registry *registry);

/**
 * Number of usable drivers.
 * @param registry the registry
 * @return the number, or a negative ::cube_status
 */
CUBE_API int32_t cube_driver_registry_count(const cube_driver_registry *registry);

/**
 * Name of a driver: the URI scheme that opens it.
 * @param registry the registry
 * @param index 0-based driver
 * @return text owned by the registry, or NULL (see cube_last_error())
 */
CUBE_API const char *cube_driver_registry_name(const cube_driver_registry *registry, int32_t index);

/**
 * One-line description of a driver.
 * @param registry the registry
 * @param index 0-based driver
 * @return text owned by the registry, or NULL (see cube_last_error())
 */
CUBE_API const char *cube_driver_registry_description(const cube_driver_registry *registry, int32_t index);

/**
 * File a driver was loaded from, "(built-in)" for built-ins.
 * @param registry the registry
 * @param index 0-based driver
 * @return text owned by the registry, or NULL (see cube_last_error())
 */
CUBE_API const char *cube_driver_registry_path(const cube_driver_registry *registry, int32_t index);

/**
 * Number of plugins refused or shadowed.
 * @param registry the registry
 * @return the number, or a negative ::cube_status
 */
CUBE_API int32_t cube_driver_registry_problem_count(const cube_driver_registry *registry);

/**
 * One refused or shadowed plugin: "path: why".
 * @param registry the registry
 * @param index 0-based problem
 * @return text owned by the registry, or NULL (see cube_last_error())
 */
CUBE_API const char *cube_driver_registry_problem(const cube_driver_registry *registry, int32_t index);

/** A device a driver found, as cube_driver_registry_list_devices() reports it. */
typedef struct cube_driver_device {
    uint32_t struct_size; /**< the size the library filled */
    int32_t index;        /**< 0-based position in this listing */
    const char *uri;      /**< a URI that opens this device, e.g. "tic:U=00301234" */
    const char *product;  /**< product name, e.g. "Tic T825"; "" if unknown */
    const char *serial;   /**< serial number; "" if none */
    const char *detail;   /**< firmware, state, path: free text; "" if none */
} cube_driver_device;

/** Size of the first published cube_driver_device. */
#define CUBE_DRIVER_DEVICE_SIZE_V1 CUBE_SIZE_THROUGH(cube_driver_device, detail)

/**
 * Receives one device. The strings are valid during the call only.
 * @param user_data as given to cube_driver_registry_list_devices()
 * @param device the device
 * @return 0 to go on, nonzero to stop listing
 */
typedef int32_t (*cube_driver_device_fn)(void *user_data, const cube_driver_device *device);

/**
 * Lists the devices a driver can see (boards on USB, serial ports) without opening any.
 * @param registry the registry
 * @param index 0-based driver
 * @param found called once per device, on this thread
 * @param user_data passed to `found`
 * @return #CUBE_OK (also when `found` stopped the listing), #CUBE_ERROR_UNSUPPORTED (the driver cannot
 *         list devices), #CUBE_ERROR_INVALID_ARGUMENT, or the driver's error (#CUBE_ERROR_IO ...)
 */
CUBE_API cube_status cube_driver_registry_list_devices(const cube_driver_registry *registry, int32_t index,
                                                       cube_driver_device_fn found, void *user_data);

/** Levels of a driver's log messages. */
enum cube_log_level {
    CUBE_LOG_ERROR = 1,   /**< something failed */
    CUBE_LOG_WARNING = 2, /**< something is odd but works */
    CUBE_LOG_INFO = 3,    /**< what the driver does: devices found, homing done */
    CUBE_LOG_DEBUG = 4    /**< every command and answer */
};

/**
 * Receives a driver's log message.
 * @param user_data as given to cube_driver_registry_set_log()
 * @param level ::cube_log_level
 * @param driver the driver's name
 * @param message one line without a newline, valid during the call only
 */
typedef void (*cube_log_fn)(void *user_data, int32_t level, const char *driver, const char *message);

/**
 * Where the log messages of drivers opened from this registry go (by default nowhere). Set it before
 * opening drivers; messages may come from any thread that calls into a driver, so the function must be
 * thread-safe.
 * @param registry the registry
 * @param log NULL to drop messages
 * @param user_data passed to `log`
 * @param max_level messages above this ::cube_log_level are dropped
 * @return #CUBE_OK or #CUBE_ERROR_INVALID_ARGUMENT
 */
CUBE_API cube_status cube_driver_registry_set_log(cube_driver_registry *registry, cube_log_fn log, void *user_data,
                                                  int32_t max_level);

/* ---- Opening a driver ------------------------------------------------------------------------ */

/**
 * Opens a driver by URI. Nothing moves until prepare or a run.
 * @param registry the registry
 * @param uri "NAME" or "NAME:OPTIONS", e.g. "sim:model=four-arm,speed=10"
 * @param[out] out receives the driver, to close with cube_driver_close()
 * @return #CUBE_OK, #CUBE_ERROR_NOT_FOUND (no such driver: the message lists those there are), or the
 *         driver's error with its message
 */
CUBE_API cube_status cube_driver_open(const cube_driver_registry *registry, const char *uri, cube_driver **out);

/**
 * Stops the robot (#CUBE_STOP_DEENERGIZE) and closes the driver. Not while a run is going on: cancel it and
 * wait for cube_driver_run_plan() to return first. A driver whose plugin hung (fault #CUBE_FAULT_HUNG) is
 * abandoned, not closed: its thread and instance stay until the process ends.
 * @param driver the driver; NULL is ignored
 */
CUBE_API void cube_driver_close(cube_driver *driver);

/**
 * The driver's name.
 * @param driver the driver
 * @return text owned by the driver, or NULL (see cube_last_error())
 */
CUBE_API const char *cube_driver_name(const cube_driver *driver);

/**
 * The robot the driver drives (cube_robot_parse() form), or "" if it takes the plan's.
 * @param driver the driver
 * @return text owned by the driver, or NULL (see cube_last_error())
 */
CUBE_API const char *cube_driver_robot_spec(const cube_driver *driver);

/**
 * Sets a driver option. Keys every driver knows: "robot" (a robot spec the driver should drive) and
 * "scramble" (moves that made the cube the robot holds, for simulators).
 * @param driver the driver
 * @param key the option
 * @param value its value
 * @return #CUBE_OK, #CUBE_ERROR_UNSUPPORTED (an unknown key), or the driver's error
 */
CUBE_API cube_status cube_driver_configure(cube_driver *driver, const char *key, const char *value);

/**
 * Asks the driver a question (the sim knows "cube", "solved", "time_us").
 * @param driver the driver
 * @param key the question
 * @param buffer where the answer is copied; may be NULL when capacity is 0
 * @param capacity bytes available in buffer
 * @param[out] length receives the answer's length without the NUL; may be NULL
 * @return #CUBE_OK, #CUBE_ERROR_BUFFER_TOO_SMALL, #CUBE_ERROR_UNSUPPORTED (an unknown key), or the
 *         driver's error
 */
CUBE_API cube_status cube_driver_query(cube_driver *driver, const char *key, char *buffer, int32_t capacity,
                                       int32_t *length);

/* ---- Lifecycle, state and faults --------------------------------------------------------------- */

/** How hard cube_driver_stop() stops. */
enum cube_stop_level {
    CUBE_STOP_HALT = 1,      /**< stop every motion at once and hold position (motors stay energized) */
    CUBE_STOP_DEENERGIZE = 2 /**< stop and cut motor power: positions may be lost, arms may go limp */
};

/**
 * Readies the robot: clears device errors, energizes, homes or confirms positions, goes to rest.
 * Idempotent. Runs call it themselves.
 * @param driver the driver
 * @return #CUBE_OK or the driver's error (a fault is recorded)
 */
CUBE_API cube_status cube_driver_prepare(cube_driver *driver);

/**
 * Brings the robot to its rest state (see @ref rest) and leaves it safe to leave alone. Idempotent.
 * @param driver the driver
 * @return #CUBE_OK or the driver's error (a fault is recorded)
 */
CUBE_API cube_status cube_driver_rest(cube_driver *driver);

/**
 * Stops the robot. May be called from any thread, also while a run is going on (the run then ends with
 * #CUBE_ERROR_CANCELLED). Idempotent: stopping a stopped robot does nothing.
 * @param driver the driver
 * @param level ::cube_stop_level
 * @return #CUBE_OK, #CUBE_ERROR_INVALID_ARGUMENT (an unknown level), or the driver's error
 */
CUBE_API cube_status cube_driver_stop(cube_driver *driver, int32_t level);

/** States of a driver. */
typedef enum cube_driver_state {
    CUBE_DRIVER_IDLE = 0,    /**< ready for a command */
    CUBE_DRIVER_BUSY = 1,    /**< a step is running */
    CUBE_DRIVER_STOPPED = 2, /**< stop was called; prepare or a run readies it again */
    CUBE_DRIVER_FAULT = 3    /**< a command failed; see cube_driver_get_fault() */
} cube_driver_state;

/** What cube_driver_get_status() reports. Fill it first with cube_driver_status_init(). */
typedef struct cube_driver_status {
    uint32_t struct_size;  /**< set by cube_driver_status_init() */
    int32_t state;         /**< ::cube_driver_state */
    int32_t commands_done; /**< commands finished since open */
} cube_driver_status;

/** Size of the first published cube_driver_status. */
#define CUBE_DRIVER_STATUS_SIZE_V1 CUBE_SIZE_THROUGH(cube_driver_status, commands_done)

/**
 * Zeroes a status and sets its struct_size; use the macro cube_driver_status_init().
 * @param status the struct to fill; nothing past `size` bytes is written
 * @param size sizeof the caller's struct: a published size or larger
 * @return #CUBE_OK or #CUBE_ERROR_INVALID_ARGUMENT
 */
CUBE_API cube_status cube_driver_status_init_sized(cube_driver_status *status, uint32_t size);
/** Prepares `status` (a cube_driver_status *) for cube_driver_get_status(). */
#define cube_driver_status_init(status) cube_driver_status_init_sized((status), (uint32_t)sizeof *(status))

/**
 * The driver's state, as far as the caller's struct_size reaches.
 * @param driver the driver
 * @param[in,out] status a struct whose struct_size is set
 * @return #CUBE_OK, #CUBE_ERROR_INVALID_ARGUMENT, or the driver's error
 */
CUBE_API cube_status cube_driver_get_status(cube_driver *driver, cube_driver_status *status);

/**
 * Where every actuator is (see @ref positions): what a plan that resumes starts from.
 * @param driver the driver
 * @param positions where to write them; may be NULL when capacity is 0
 * @param capacity room in `positions`, in values
 * @param[out] count receives the number of actuators; may be NULL
 * @return #CUBE_OK, #CUBE_ERROR_BUFFER_TOO_SMALL, #CUBE_ERROR_INVALID_ARGUMENT (also a driver that
 *         knows no robot yet), or the driver's error (e.g. #CUBE_ERROR_IO when a position is lost)
 */
CUBE_API cube_status cube_driver_positions(cube_driver *driver, int32_t *positions, int32_t capacity, int32_t *count);

/** Kinds of faults. */
enum cube_fault_code {
    CUBE_FAULT_NONE = 0,          /**< nothing went wrong */
    CUBE_FAULT_DEVICE = 1,        /**< the device reported an error (device_bits says which) */
    CUBE_FAULT_COMMUNICATION = 2, /**< the device stopped answering or the link failed */
    CUBE_FAULT_TIMEOUT = 3,       /**< a step did not finish by its deadline; the robot was stopped */
    CUBE_FAULT_REFUSED = 4,       /**< the driver refused a command (a mechanism rule, a range) */
    CUBE_FAULT_MISMATCH = 5,      /**< the plan does not fit the driver's robot or its positions: found before moving */
    CUBE_FAULT_CANCELLED = 6,     /**< the run was cancelled (cube_driver_cancel(), a callback, a token) */
    CUBE_FAULT_POSITION = 7,      /**< an actuator's position is lost (stall, missed steps, not homed) */
    CUBE_FAULT_HUNG = 8,          /**< the driver did not return even after stop: it is abandoned at close */
    CUBE_FAULT_OTHER = 9          /**< anything else; the text says what */
};

/** A structured fault record. Fill it first with cube_driver_fault_init(). */
typedef struct cube_driver_fault {
    uint32_t struct_size;    /**< set by cube_driver_fault_init() */
    int32_t code;            /**< ::cube_fault_code */
    int32_t status;          /**< the ::cube_status the failing call returned */
    int32_t actuator;        /**< the actuator concerned, or -1 */
    int32_t action_index;    /**< the plan action where it happened (the first of its step), or -1 */
    uint32_t device_bits;    /**< the device's own error bits (e.g. a Tic's error status), 0 if none */
    int32_t positions_known; /**< 1: cube_driver_positions() still tells where every actuator is (a resume
                                  can plan from there); 0: prepare (home) first */
    int32_t stop_level;      /**< the ::cube_stop_level the robot was stopped with, 0 if it was not */
    const char *text;        /**< what happened; owned by the driver, valid until its next call */
} cube_driver_fault;

/** Size of the first published cube_driver_fault. */
#define CUBE_DRIVER_FAULT_SIZE_V1 CUBE_SIZE_THROUGH(cube_driver_fault, text)

/**
 * Zeroes a fault record and sets its struct_size; use the macro cube_driver_fault_init().
 * @param fault the struct to fill; nothing past `size` bytes is written
 * @param size sizeof the caller's struct: a published size or larger
 * @return #CUBE_OK or #CUBE_ERROR_INVALID_ARGUMENT
 */
CUBE_API cube_status cube_driver_fault_init_sized(cube_driver_fault *fault, uint32_t size);
/** Prepares `fault` (a cube_driver_fault *) for cube_driver_get_fault(). */
#define cube_driver_fault_init(fault) cube_driver_fault_init_sized((fault), (uint32_t)sizeof *(fault))

/**
 * The driver's last fault (code #CUBE_FAULT_NONE if none since open or the last successful run).
 * @param driver the driver
 * @param[in,out] fault a struct whose struct_size is set
 * @return #CUBE_OK or #CUBE_ERROR_INVALID_ARGUMENT
 */
CUBE_API cube_status cube_driver_get_fault(cube_driver *driver, cube_driver_fault *fault);

/**
 * Name of a fault code.
 * @param code ::cube_fault_code
 * @return a static string such as "CUBE_FAULT_TIMEOUT", or "CUBE_FAULT_UNKNOWN"; never NULL
 */
CUBE_API const char *cube_fault_name(int32_t code);

/* ---- Running a plan ---------------------------------------------------------------------------- */

/**
 * Called after each step of a run.
 * @param user_data as given with the callback
 * @param actions_done actions finished so far
 * @param action_count actions of the plan
 * @param plan_time_us how far into the plan's timeline the robot is
 * @return 0 to go on, anything else to cancel the run (also after the last step: the robot is then
 *         stopped and not brought to rest)
 */
typedef int32_t (*cube_run_progress_fn)(void *user_data, int32_t actions_done, int32_t action_count,
                                        int64_t plan_time_us);

/** How a run ended. Fill it first with cube_run_report_init(). */
typedef struct cube_run_report {
    uint32_t struct_size; /**< set by cube_run_report_init() */
    int32_t status;       /**< as returned */
    int32_t actions_done; /**< actions finished before the end: where cube_plan_remaining() resumes */
    int32_t action_count; /**< actions of the plan */
    int64_t plan_time_us; /**< plan time reached */
    int64_t elapsed_us;   /**< wall-clock time of the run */
} cube_run_report;

/** Size of the first published cube_run_report. */
#define CUBE_RUN_REPORT_SIZE_V1 CUBE_SIZE_THROUGH(cube_run_report, elapsed_us)

/**
 * Zeroes a report and sets its struct_size to sizeof(cube_run_report) of this libcube.
 * @param report the report
 * @return #CUBE_OK or #CUBE_ERROR_INVALID_ARGUMENT
 */
CUBE_API cube_status cube_run_report_init(cube_run_report *report);

/** How to run a plan. Fill it with cube_run_options_init(); zero fields mean the defaults. */
typedef struct cube_run_options {
    uint32_t struct_size;          /**< set by cube_run_options_init() */
    int32_t resume;                /**< 0: a new cube (tell simulators the plan's "scramble"); 1: the robot already
                                        holds the cube the plan solves (after a fault or cancel) */
    cube_run_progress_fn progress; /**< NULL, or called after each step */
    void *user_data;               /**< passed to progress */
    const cube_cancel *cancel;     /**< NULL, or a token that cancels the run */
    int32_t stop_level;            /**< ::cube_stop_level after an error or cancel; 0 means #CUBE_STOP_HALT */
    int32_t margin_ms;             /**< extra time each step may take before it is a timeout; 0 means the
                                        driver's own margin, at least 250 ms (or, for a driver that names
                                        none, 1000 ms plus half the step) */
} cube_run_options;

/** Size of the first published cube_run_options. */
#define CUBE_RUN_OPTIONS_SIZE_V1 CUBE_SIZE_THROUGH(cube_run_options, margin_ms)

/**
 * Fills options with the defaults; use the macro cube_run_options_init().
 * @param options the struct to fill; nothing past `size` bytes is written
 * @param size sizeof the caller's struct: a published size or larger
 * @return #CUBE_OK or #CUBE_ERROR_INVALID_ARGUMENT
 */
CUBE_API cube_status cube_run_options_init_sized(cube_run_options *options, uint32_t size);
/** Fills `options` (a cube_run_options *) with the defaults. */
#define cube_run_options_init(options) cube_run_options_init_sized((options), (uint32_t)sizeof *(options))

/**
 * Runs a plan on the driver, in the order described in @ref lifecycle "The life of a driver": checks,
 * configure, prepare, start positions, every step with a deadline, rest. On a driver error, a timeout or
 * a cancel it stops the robot, records a fault (cube_driver_get_fault()) and returns the error; `report`
 * says how far it got.
 * Call it again with a plan made from the driver's positions (cube_plan_options.start_positions) for
 * cube_plan_remaining() to finish a solve.
 * @param driver the driver
 * @param plan the plan
 * @param options NULL for the defaults
 * @param[in,out] report NULL, or a report whose struct_size is set
 * @return #CUBE_OK, #CUBE_ERROR_INVALID_ARGUMENT (also a plan that does not fit: the message says why),
 *         #CUBE_ERROR_CANCELLED, #CUBE_ERROR_TIMEOUT, or the driver's error
 */
CUBE_API cube_status cube_driver_run_plan(cube_driver *driver, const cube_plan *plan, const cube_run_options *options,
                                          cube_run_report *report);

/**
 * cube_driver_run_plan() with default options apart from `progress` and `user_data` (libcube 1.0).
 * @param driver the driver
 * @param plan the plan
 * @param progress NULL, or called after each step
 * @param user_data passed to progress
 * @param[in,out] report NULL, or a report whose struct_size is set
 * @return as cube_driver_run_plan()
 */
CUBE_API cube_status cube_driver_run(cube_driver *driver, const cube_plan *plan, cube_run_progress_fn progress,
                                     void *user_data, cube_run_report *report);

/**
 * Cancels a run in progress on `driver` from any thread (also from a signal handler's thread): the run
 * stops the robot and returns #CUBE_ERROR_CANCELLED.
 * @param driver the driver
 * @return #CUBE_OK or #CUBE_ERROR_INVALID_ARGUMENT
 */
CUBE_API cube_status cube_driver_cancel(cube_driver *driver);

#ifdef __cplusplus
}
#endif

#endif /* CUBE_DRIVER_H */
