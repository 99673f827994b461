/**
 * @file cube/driver_plugin.h
 * @brief For driver writers: the entry point a driver plugin exports, the versioned table of its
 * functions, the commands it receives and the services the host offers it. Programs that only use
 * drivers need <cube/driver.h> alone.
 *
 * @section plugin A plugin
 * A shared object named `cube-driver-NAME.so` in the driver folder (`pkg-config --variable=driverdir
 * libcube`) or in a folder of $CUBE_DRIVER_PATH. It exports one function, declared with
 * #CUBE_DRIVER_EXPORT:
 * @code
 * CUBE_DRIVER_EXPORT const cube_driver_api *cube_driver_entry(uint32_t host_abi_version)
 * {
 *     static const cube_driver_api api = { sizeof api, CUBE_DRIVER_ABI_VERSION, "log", "...", ... };
 *     return &api;
 * }
 * @endcode
 * Build it with `-fvisibility=hidden` (meson: `gnu_symbol_visibility: 'hidden'`) so that nothing else is
 * exported. `examples/driver-plugin/` is a complete plugin built from the installed headers.
 *
 * @section versions Versions
 * The table begins with `struct_size` and `abi_version`. The host accepts every table version from 1 to
 * its own #CUBE_DRIVER_ABI_VERSION and reads only the fields `struct_size` covers; each version appends
 * fields. A plugin may return NULL to decline a host whose `host_abi_version` is too old for it.
 * - Version 1 (libcube 1.0): `open`, `execute` (an array of commands), `stop` (no level).
 * - Version 2 (libcube 1.1): appends `open_host`, `execute_steps` (an array of pointers, so that the
 *   command struct can grow), `stop_level`, `prepare`, `rest`, `fault`, `margin_us`, `list_devices`. A
 *   version-2 plugin fills either `open` or `open_host`, either `execute` or `execute_steps`, and either
 *   `stop` or `stop_level`; the host prefers the version-2 function when both are there.
 *
 * @section calls How the host calls a plugin
 * - Every function of one instance is called from one thread at a time, except `stop` / `stop_level`,
 *   which may come from any thread while another function runs and must make it return soon
 *   (#CUBE_ERROR_CANCELLED). The executor runs `execute` on a thread of its own to enforce deadlines.
 *   A plugin that opts in to concurrent steps is called from more threads (see @ref concurrent).
 * - `prepare`, `rest` and `stop` must be idempotent: the host calls them whenever it must be sure (stop
 *   after every error and on close, prepare before every run).
 * - The call order of a run is described in <cube/driver.h> (@ref lifecycle).
 * - Functions return #CUBE_OK or a negative ::cube_status; after a failure `last_error` says why and
 *   `fault` (if given) gives the structured record.
 * - Read only the fields of host structs (commands, status, fault, device) that their struct_size covers.
 *
 * @section concurrent Steps that run concurrently (opt-in)
 * Plans are event-driven: a step may start before the one before it ends (the six-motor overlap,
 * independent actuators). A plugin that answers `query(instance, "concurrent-steps", ...)` with "yes"
 * (#CUBE_DRIVER_QUERY_CONCURRENT_STEPS) lets the host run them so:
 * - `execute` / `execute_steps` may be called from up to #CUBE_DRIVER_MAX_CONCURRENT_STEPS host threads at
 *   once, always for steps whose actuators are disjoint; each call returns when its own step ends.
 * - The host starts each step at its planned time after the run's start (later when earlier steps ran
 *   late), never before every earlier step that shares an actuator with it or that the plan ends at or
 *   before its start has returned, and never before the earlier steps have started.
 * - While executes are in flight the host may also call `fault`, `last_error`, `position` and `stop` /
 *   `stop_level` from its own thread: the plugin makes them safe (a mutex) and keeps the first fault of a
 *   run. One stop must make every execute in flight return soon.
 * - A simulator that runs faster or slower than real time answers `query(instance, "speed", ...)`
 *   (#CUBE_DRIVER_QUERY_SPEED) with its factor ("10": ten times real time); the host then paces the
 *   starts by it. Without an answer the factor is 1.
 * Any other answer, or #CUBE_ERROR_UNSUPPORTED (what plugins that know nothing of it return), keeps the
 * default: one execute at a time, each step as soon as the one before it has returned.
 *
 * @section config Per-actuator configuration files
 * Hardware drivers read their settings in one format, through the host's `config_*` services:
 * @code
 * # comments start with '#'; keys and section names are case-sensitive
 * [device]              # settings of the driver as a whole
 * port = /dev/ttyACM0
 * [defaults]            # values every actuator section inherits
 * speed = 2000
 * [U]                   # one section per actuator, named as cube_robot_actuator_name() names it
 * serial = 00301234     # which board drives it
 * steps = 200           # motor full steps per revolution
 * microstep = 8
 * direction = 1         # 1, or -1 when the motor turns the other way
 * speed = 4000          # in the driver's units (documented by each driver)
 * accel = 40000
 * current = 1000        # mA
 * [L.grip]
 * channel = 3
 * pulse.0 = 1200        # servo pulse width in us per position: 0 open, 1 closed
 * pulse.1 = 1800
 * [L.wrist]
 * pulse.-1 = 1000       # wrists and twists: one key per quarter position
 * pulse.0 = 1500
 * pulse.1 = 2000
 * @endcode
 * Lines are `key = value`; a value runs to the end of the line or a ` #`. Unknown sections and keys are
 * the driver's to refuse. Files are read with the same limits as robot files (64 KiB).
 */
#ifndef CUBE_DRIVER_PLUGIN_H
#define CUBE_DRIVER_PLUGIN_H

#include <cube/driver.h>

#ifdef __cplusplus
extern "C" {
#endif

/** The driver ABI version of these headers. */
#define CUBE_DRIVER_ABI_VERSION 2u

/** The symbol a plugin exports. */
#define CUBE_DRIVER_ENTRY_SYMBOL "cube_driver_entry"

/** The query key of the opt-in to concurrent steps (see @ref concurrent): the plugin answers "yes". */
#define CUBE_DRIVER_QUERY_CONCURRENT_STEPS "concurrent-steps"
/** The query key of a simulator's speed factor (see @ref concurrent): robot time per wall-clock time. */
#define CUBE_DRIVER_QUERY_SPEED "speed"
/** The most steps the host runs at once on a plugin that opts in to concurrent steps. */
#define CUBE_DRIVER_MAX_CONCURRENT_STEPS 3

/**
 * @def CUBE_DRIVER_EXPORT
 * Declares a plugin's entry point exported with C linkage, whatever the default visibility.
 */
/**
 * @def CUBE_DRIVER_EXTERN_C
 * `extern "C"` in C++, nothing in C: the linkage part of #CUBE_DRIVER_EXPORT.
 */
#ifdef __cplusplus
#define CUBE_DRIVER_EXTERN_C extern "C"
#else
#define CUBE_DRIVER_EXTERN_C
#endif
#if defined(_WIN32) || defined(__CYGWIN__)
#define CUBE_DRIVER_EXPORT CUBE_DRIVER_EXTERN_C __declspec(dllexport)
#elif defined(__GNUC__)
#define CUBE_DRIVER_EXPORT CUBE_DRIVER_EXTERN_C __attribute__((visibility("default")))
#else
#define CUBE_DRIVER_EXPORT CUBE_DRIVER_EXTERN_C
#endif

/** One command as the host sends it: an action of a plan. Read only the fields struct_size covers. */
typedef struct cube_driver_command {
    uint32_t struct_size; /**< bytes of this command the host filled */
    int32_t actuator;     /**< index into the driver's actuators */
    int32_t kind;         /**< ::cube_action_kind */
    int32_t param;        /**< as in cube_action */
    int32_t duration_us;  /**< time the plan allows for it: the driver may take less, never more on purpose */
    int32_t start_us;     /**< when the plan starts it, for information */
    int32_t move_index;   /**< (version 2) the move this command turns, or -1 */
    int32_t action_index; /**< (version 2) its index in the plan's actions */
} cube_driver_command;

/** Size of the version-1 command (as execute receives an array of them). */
#define CUBE_DRIVER_COMMAND_SIZE_V1 CUBE_SIZE_THROUGH(cube_driver_command, start_us)
/** Size of the version-2 command. */
#define CUBE_DRIVER_COMMAND_SIZE_V2 CUBE_SIZE_THROUGH(cube_driver_command, action_index)

/** A configuration read by the host's config services (see @ref config). */
typedef struct cube_driver_config cube_driver_config;

/** A timeline of launches kept by the host's timeline services (libcube 1.3). */
typedef struct cube_driver_timeline cube_driver_timeline;

/**
 * What the host offers a plugin, passed to `open_host` and `list_devices`. Valid until `close` (for
 * `list_devices`: during the call). Read only the fields struct_size covers.
 */
typedef struct cube_driver_host {
    uint32_t struct_size; /**< bytes the host filled */
    uint32_t abi_version; /**< the host's #CUBE_DRIVER_ABI_VERSION */
    void *context;        /**< the host's; pass it back to log */
    /**
     * Writes a log message (see cube_driver_registry_set_log()).
     * @param context the host's context
     * @param level ::cube_log_level
     * @param message one line
     */
    void (*log)(void *context, int32_t level, const char *message);
    /**
     * cube_robot_parse(): a robot from its spec.
     * @param spec the text
     * @param[out] out receives the robot, to free with robot_free
     * @return as cube_robot_parse()
     */
    cube_status (*robot_parse)(const char *spec, cube_robot **out);
    /**
     * cube_robot_free().
     * @param robot the robot; NULL is ignored
     */
    void (*robot_free)(cube_robot *robot);
    /**
     * cube_robot_actuator_count().
     * @param robot the robot
     * @param[out] count receives the number
     * @return as cube_robot_actuator_count()
     */
    cube_status (*robot_actuator_count)(const cube_robot *robot, int32_t *count);
    /**
     * cube_robot_actuator_name().
     * @param robot the robot
     * @param index 0-based actuator
     * @param[out] name receives text owned by the robot
     * @return as cube_robot_actuator_name()
     */
    cube_status (*robot_actuator_name)(const cube_robot *robot, int32_t index, const char **name);
    /**
     * cube_robot_rest_positions().
     * @param robot the robot
     * @param positions where to write
     * @param capacity room in positions
     * @param[out] count receives the number of actuators
     * @return as cube_robot_rest_positions()
     */
    cube_status (*robot_rest_positions)(const cube_robot *robot, int32_t *positions, int32_t capacity,
                                        int32_t *count);
    /**
     * The robot's physics for one step: whether `commands` may start together with the actuators at
     * `positions`, where they end, and what they do to the cube the robot holds. For simulators and for
     * drivers that check before moving.
     * @param robot the robot
     * @param positions where every actuator is (one per actuator)
     * @param commands the step's commands
     * @param count 1 to #CUBE_ROBOT_STEP_MAX_COMMANDS
     * @param[out] next_positions receives where they end (one per actuator)
     * @param facelets NULL, or the 54 facelets (and NUL) of the cube as the robot holds it, turned in place
     * @return #CUBE_OK, or #CUBE_ERROR_INVALID_ARGUMENT with the rule broken in the host's last_error
     */
    cube_status (*robot_step)(const cube_robot *robot, const int32_t *positions,
                              const cube_driver_command *const *commands, int32_t count, int32_t *next_positions,
                              char *facelets);
    /**
     * cube_last_error() of the host, for the services above.
     * @return the message; never NULL
     */
    const char *(*last_error)(void);
    /**
     * Reads a configuration file (see @ref config), at most 64 KiB.
     * @param path the file
     * @param[out] out receives the configuration, to free with config_free
     * @return #CUBE_OK, #CUBE_ERROR_NOT_FOUND, #CUBE_ERROR_PARSE (the message names the line), #CUBE_ERROR_IO,
     *         #CUBE_ERROR_INVALID_ARGUMENT (too large)
     */
    cube_status (*config_load)(const char *path, cube_driver_config **out);
    /**
     * Reads a configuration from text in the file format; "" gives an empty one.
     * @param text the text
     * @param[out] out receives the configuration, to free with config_free
     * @return as config_load
     */
    cube_status (*config_parse)(const char *text, cube_driver_config **out);
    /**
     * Sets a value (e.g. from the driver's URI options, which win over the file).
     * @param config the configuration
     * @param section the section ("device", "defaults" or an actuator)
     * @param key the key
     * @param value the value
     * @return #CUBE_OK, #CUBE_ERROR_INVALID_ARGUMENT, #CUBE_ERROR_NO_MEMORY
     */
    cube_status (*config_set)(cube_driver_config *config, const char *section, const char *key, const char *value);
    /**
     * A value: the section's, else the [defaults] section's (for actuator sections).
     * @param config the configuration
     * @param section the section
     * @param key the key
     * @param[out] value receives text owned by the configuration, or NULL when absent
     * @return #CUBE_OK (also when absent) or #CUBE_ERROR_INVALID_ARGUMENT
     */
    cube_status (*config_get)(const cube_driver_config *config, const char *section, const char *key,
                              const char **value);
    /**
     * An integer value within [min, max]; `fallback` when absent.
     * @param config the configuration
     * @param section the section
     * @param key the key
     * @param min smallest allowed
     * @param max largest allowed
     * @param fallback the value when absent
     * @param[out] value receives the value
     * @return #CUBE_OK, #CUBE_ERROR_PARSE (not an integer, or out of range: the message names section and key)
     */
    cube_status (*config_get_int)(const cube_driver_config *config, const char *section, const char *key,
                                  int64_t min, int64_t max, int64_t fallback, int64_t *value);
    /**
     * Number of sections.
     * @param config the configuration
     * @param[out] count receives the number
     * @return #CUBE_OK or #CUBE_ERROR_INVALID_ARGUMENT
     */
    cube_status (*config_section_count)(const cube_driver_config *config, int32_t *count);
    /**
     * Name of a section, in file order.
     * @param config the configuration
     * @param index 0-based section
     * @param[out] name receives text owned by the configuration
     * @return #CUBE_OK or #CUBE_ERROR_INVALID_ARGUMENT
     */
    cube_status (*config_section_name)(const cube_driver_config *config, int32_t index, const char **name);
    /**
     * Frees a configuration.
     * @param config the configuration; NULL is ignored
     */
    void (*config_free)(cube_driver_config *config);

    /* ---- libcube 1.3: the robot's timeline rules, for plugins that run steps concurrently ---- */

    /**
     * (libcube 1.3) Starts a timeline: the event-driven rules the planner and the host's checks use (an
     * actuator runs one command at a time; a launch may start while another moves only when the robot
     * allows both at once, e.g. the six-motor overlap). Check `struct_size` covers it before calling.
     * @param robot the robot (kept by the caller while the timeline lives)
     * @param positions where every actuator is before the first launch
     * @param[out] out receives the timeline, to free with timeline_free
     * @return #CUBE_OK, #CUBE_ERROR_INVALID_ARGUMENT (the robot cannot be at `positions`), #CUBE_ERROR_NO_MEMORY
     */
    cube_status (*timeline_new)(const cube_robot *robot, const int32_t *positions, cube_driver_timeline **out);
    /**
     * (libcube 1.3) Whether `commands` (each lasting its `duration_us`) may start at `start_us` after the
     * launches so far, and if so adds them. Times are robot time in microseconds from any origin, each
     * start after the one before. A start measured on a clock can be late by the time it took to read
     * it: the launch is judged as if it started `tolerance_us` later, and added at `start_us`.
     * @param timeline the timeline
     * @param start_us when the launch starts
     * @param tolerance_us 0 or more: how late `start_us` may have been measured
     * @param commands the step's commands
     * @param count 1 to #CUBE_ROBOT_STEP_MAX_COMMANDS
     * @return #CUBE_OK (added), or #CUBE_ERROR_INVALID_ARGUMENT with the rule broken in the host's last_error
     */
    cube_status (*timeline_launch)(cube_driver_timeline *timeline, int64_t start_us, int64_t tolerance_us,
                                   const cube_driver_command *const *commands, int32_t count);
    /**
     * (libcube 1.3) Frees a timeline.
     * @param timeline the timeline; NULL is ignored
     */
    void (*timeline_free)(cube_driver_timeline *timeline);
} cube_driver_host;

/** Size of the first published cube_driver_host. */
#define CUBE_DRIVER_HOST_SIZE_V1 CUBE_SIZE_THROUGH(cube_driver_host, config_free)
/** Size of the cube_driver_host of libcube 1.3, with the timeline services. */
#define CUBE_DRIVER_HOST_SIZE_V2 CUBE_SIZE_THROUGH(cube_driver_host, timeline_free)

/**
 * Receives one device from a plugin's list_devices.
 * @param sink the host's
 * @param device the device (struct_size set by the plugin)
 * @return 0 to go on, nonzero to stop listing
 */
typedef int32_t (*cube_driver_device_sink)(void *sink, const cube_driver_device *device);

/** A plugin's table of functions. */
typedef struct cube_driver_api {
    uint32_t struct_size;    /**< sizeof(cube_driver_api) where the plugin was built */
    uint32_t abi_version;    /**< #CUBE_DRIVER_ABI_VERSION where the plugin was built */
    const char *name;        /**< URI scheme: 1-32 of a-z 0-9 - _ */
    const char *description; /**< one line */
    /**
     * (version 1) Opens a robot. Version 2 plugins may fill open_host instead.
     * @param options the URI after "name:" ("" if none)
     * @param[out] instance receives the instance
     * @param err receives a message on failure
     * @param err_capacity bytes in err
     * @return #CUBE_OK or an error
     */
    int32_t (*open)(const char *options, void **instance, char *err, int32_t err_capacity);
    /**
     * Robot description the driver drives (cube_robot_parse() form), or "" if not known yet.
     * @param instance the instance
     * @return text owned by the instance
     */
    const char *(*robot_spec)(void *instance);
    /**
     * Number of actuators (0 while no robot is known).
     * @param instance the instance
     * @return the number
     */
    int32_t (*actuator_count)(void *instance);
    /**
     * Name of an actuator, as cube_robot_actuator_name().
     * @param instance the instance
     * @param index 0-based actuator
     * @return text owned by the instance, or NULL
     */
    const char *(*actuator_name)(void *instance, int32_t index);
    /**
     * Sets a named option. Keys the host uses: "robot" (the plan's robot spec, before running),
     * "scramble" (moves that made the cube in the robot, for simulators).
     * @param instance the instance
     * @param key the option
     * @param value its value
     * @return #CUBE_OK, #CUBE_ERROR_UNSUPPORTED for keys the driver does not know, or an error
     */
    int32_t (*configure)(void *instance, const char *key, const char *value);
    /**
     * (version 1) Runs `count` commands that start together, given as an array of version-1 commands;
     * returns when all have finished. Version 2 plugins may fill execute_steps instead.
     * @param instance the instance
     * @param commands the commands
     * @param count 1 to #CUBE_ROBOT_STEP_MAX_COMMANDS
     * @return #CUBE_OK or an error
     */
    int32_t (*execute)(void *instance, const cube_driver_command *commands, int32_t count);
    /**
     * Reports the state.
     * @param instance the instance
     * @param[in,out] out a status whose struct_size the host set
     * @return #CUBE_OK or an error
     */
    int32_t (*status)(void *instance, cube_driver_status *out);
    /**
     * Current position of an actuator (see @ref positions in <cube/driver.h>).
     * @param instance the instance
     * @param actuator 0-based actuator
     * @param[out] value receives the position
     * @return #CUBE_OK, or an error when the position is not known
     */
    int32_t (*position)(void *instance, int32_t actuator, int32_t *value);
    /**
     * Text answer for a key; buffer rules as cube_state_copy_facelets().
     * @param instance the instance
     * @param key the question
     * @param buffer where to copy the answer
     * @param capacity bytes in buffer
     * @param[out] length receives the length without the NUL
     * @return #CUBE_OK, #CUBE_ERROR_BUFFER_TOO_SMALL, #CUBE_ERROR_UNSUPPORTED, or an error
     */
    int32_t (*query)(void *instance, const char *key, char *buffer, int32_t capacity, int32_t *length);
    /**
     * (version 1) Stops all motion as safely and quickly as possible; from any thread; idempotent.
     * Version 2 plugins may fill stop_level instead.
     * @param instance the instance
     * @return #CUBE_OK or an error
     */
    int32_t (*stop)(void *instance);
    /**
     * Message of the last failure of this instance.
     * @param instance the instance
     * @return text owned by the instance; never NULL
     */
    const char *(*last_error)(void *instance);
    /**
     * Closes the instance. The host calls stop first.
     * @param instance the instance
     */
    void (*close)(void *instance);

    /* ---- version 2 ---- */

    /**
     * Opens a robot with the host's services.
     * @param host the host's services, valid until close
     * @param options the URI after "name:" ("" if none)
     * @param[out] instance receives the instance
     * @param err receives a message on failure
     * @param err_capacity bytes in err
     * @return #CUBE_OK or an error
     */
    int32_t (*open_host)(const cube_driver_host *host, const char *options, void **instance, char *err,
                         int32_t err_capacity);
    /**
     * Runs `count` commands that start together; returns when all have finished.
     * @param instance the instance
     * @param commands pointers to the commands (each with its own struct_size)
     * @param count 1 to #CUBE_ROBOT_STEP_MAX_COMMANDS
     * @return #CUBE_OK, #CUBE_ERROR_CANCELLED after a stop, or an error (with a fault record)
     */
    int32_t (*execute_steps)(void *instance, const cube_driver_command *const *commands, int32_t count);
    /**
     * Stops all motion; from any thread; idempotent.
     * @param instance the instance
     * @param level ::cube_stop_level
     * @return #CUBE_OK or an error
     */
    int32_t (*stop_level)(void *instance, int32_t level);
    /**
     * Optional: readies the hardware (clear errors, energize, exit safe start, home or confirm positions,
     * go to rest). Idempotent.
     * @param instance the instance
     * @return #CUBE_OK or an error
     */
    int32_t (*prepare)(void *instance);
    /**
     * Optional: goes to the rest state and leaves the robot safe to leave alone. Idempotent.
     * @param instance the instance
     * @return #CUBE_OK or an error
     */
    int32_t (*rest)(void *instance);
    /**
     * Optional: the last fault as a structured record (code, actuator, device bits, text).
     * @param instance the instance
     * @param[in,out] out a record whose struct_size the host set; `text` stays the instance's
     * @return #CUBE_OK
     */
    int32_t (*fault)(void *instance, cube_driver_fault *out);
    /**
     * Optional: how much longer than the plan a step may take before the host calls it a timeout.
     * @param instance the instance
     * @return microseconds, 0 to 60 000 000
     */
    int32_t (*margin_us)(void *instance);
    /**
     * Optional: lists the devices present, without opening them.
     * @param host the host's services, valid during the call
     * @param sink pass to `found`
     * @param found call once per device; stop when it returns nonzero
     * @return #CUBE_OK or an error
     */
    int32_t (*list_devices)(const cube_driver_host *host, void *sink, cube_driver_device_sink found);
} cube_driver_api;

/** Size of the version-1 table. */
#define CUBE_DRIVER_API_SIZE_V1 CUBE_SIZE_THROUGH(cube_driver_api, close)
/** Size of the version-2 table. */
#define CUBE_DRIVER_API_SIZE_V2 CUBE_SIZE_THROUGH(cube_driver_api, list_devices)

/**
 * The entry point's type.
 * @param host_abi_version the host's #CUBE_DRIVER_ABI_VERSION
 * @return the plugin's table, or NULL to decline the host
 */
typedef const cube_driver_api *(*cube_driver_entry_fn)(uint32_t host_abi_version);

#ifdef __cplusplus
}
#endif

#endif /* CUBE_DRIVER_PLUGIN_H */
