/**
 * @file cube/solver.h
 * @brief Solving 2x2 (optimal) and 3x3 (two-phase) cubes with one reusable solver handle, batches,
 * lists of solutions, and the 3x3 table file.
 */
#ifndef CUBE_SOLVER_H
#define CUBE_SOLVER_H

#include <cube/common.h>
#include <cube/moves.h>
#include <cube/state.h>

#ifdef __cplusplus
extern "C" {
#endif

/**
 * A solver: create once, use from any number of threads at once, free when no call uses it. It builds
 * the 2x2 distance tables (a fraction of a second) and maps the 3x3 tables from the table folder the
 * first time a cube of that size is solved, or when cube_solver_prepare() asks for it.
 */
typedef struct cube_solver cube_solver;

/**
 * A list of solutions owned by the caller: every optimal solution of a 2x2 (cube_solve_all()) or one
 * entry per state of a batch (cube_solve_batch()). Each entry has a status, a message and, when its
 * status is #CUBE_OK, a move sequence. Immutable; threads may read one list at once.
 */
typedef struct cube_solutions cube_solutions;

/** How a solver finds and keeps its tables. Fill it with cube_solver_config_init(). */
typedef struct cube_solver_config {
    uint32_t struct_size;       /**< set by cube_solver_config_init() */
    const char *table_dir;      /**< NULL: $CUBE_TABLE_DIR, else $XDG_CACHE_HOME/libcube (if absolute), else
                                     ~/.cache/libcube, ~ being $HOME if absolute, else the user's home from
                                     the password database (with neither, loading fails with
                                     #CUBE_ERROR_NOT_FOUND); copied by cube_solver_new() */
    cube_progress_fn progress;  /**< NULL: no reports. Called while the 3x3 tables are loaded or built, on the
                                     thread whose call needed them; nonzero cancels that load. The callback
                                     may call libcube, but not load the same table file again: a 3x3 solve or
                                     cube_solver_prepare(solver, 3) on this solver, or a load of the same file
                                     through another solver or cube_tables_generate(), returns
                                     #CUBE_ERROR_UNSUPPORTED instead of waiting for itself */
    void *progress_user_data;   /**< passed to progress */
} cube_solver_config;

/** Size of the first published cube_solver_config. */
#define CUBE_SOLVER_CONFIG_SIZE_V1 CUBE_SIZE_THROUGH(cube_solver_config, progress_user_data)

/** Limits of one solve. Fill it with cube_solve_options_init(). */
typedef struct cube_solve_options {
    uint32_t struct_size;      /**< set by cube_solve_options_init() */
    int32_t metric;            /**< ::cube_metric: #CUBE_METRIC_HTM (default) or #CUBE_METRIC_QTM (2x2 only) */
    int32_t max_length;        /**< longest acceptable solution, 1..1000; 0 = default (3x3: 20; 2x2: no limit) */
    int32_t timeout_ms;        /**< 3x3: give up (#CUBE_ERROR_TIMEOUT) after this long; 0 = the default limit
                                    of 10000 ms (10 s, over 1000 times what a default solve needs almost
                                    always). To search longer (a short max_length, or min_effort proving the
                                    shortest solution, which can take hours), give a larger value: up to
                                    INT32_MAX ms, about 24.8 days */
    int32_t min_effort;        /**< 3x3, nonzero: keep looking for shorter solutions until timeout_ms (or the
                                    default 10 s limit), then return the shortest found */
    const cube_cancel *cancel; /**< NULL, or a token that stops the call with #CUBE_ERROR_CANCELLED (also a
                                    min_effort solve that had found a solution: a cancel abandons the call).
                                    cube_solve_distance() and cube_count_optimal() are instant and ignore it */
} cube_solve_options;

/** Size of the first published cube_solve_options. */
#define CUBE_SOLVE_OPTIONS_SIZE_V1 CUBE_SIZE_THROUGH(cube_solve_options, cancel)

/**
 * Fills a config with the defaults (all NULL) and its struct_size; use the macro cube_solver_config_init().
 * @param config the struct to fill; nothing past `size` bytes is written
 * @param size sizeof the caller's struct: a published size or larger
 * @return #CUBE_OK or #CUBE_ERROR_INVALID_ARGUMENT (NULL, or a size that is no published version)
 */
CUBE_API cube_status cube_solver_config_init_sized(cube_solver_config *config, uint32_t size);
/** Fills `config` (a cube_solver_config *) with the defaults. */
#define cube_solver_config_init(config) cube_solver_config_init_sized((config), (uint32_t)sizeof *(config))

/**
 * Fills options with the defaults (HTM, default length, the default time limit, no cancel token); use the macro
 * cube_solve_options_init().
 * @param options the struct to fill; nothing past `size` bytes is written
 * @param size sizeof the caller's struct: a published size or larger
 * @return #CUBE_OK or #CUBE_ERROR_INVALID_ARGUMENT
 */
CUBE_API cube_status cube_solve_options_init_sized(cube_solve_options *options, uint32_t size);
/** Fills `options` (a cube_solve_options *) with the defaults. */
#define cube_solve_options_init(options) cube_solve_options_init_sized((options), (uint32_t)sizeof *(options))

/**
 * Creates a solver. Loads no tables yet.
 * @param config NULL for the defaults, or a filled config (read during the call only)
 * @param[out] out receives the solver, to free with cube_solver_free()
 * @return #CUBE_OK, #CUBE_ERROR_INVALID_ARGUMENT, #CUBE_ERROR_UNSUPPORTED (a newer config with unknown
 *         fields set), #CUBE_ERROR_NO_MEMORY
 */
CUBE_API cube_status cube_solver_new(const cube_solver_config *config, cube_solver **out);

/**
 * Frees a solver. No other call may use it any more; solutions it returned stay valid. Freeing a solver
 * while calls on it still run on other threads is misuse (as with cube_driver_close()): cancel them and
 * wait for them to return first. Debug builds of libcube (without NDEBUG) detect it and abort with a
 * message; release builds let the running calls finish with the solver and its tables intact, and the
 * last of them releases it (so its progress callback may still be called until they return). A call
 * that begins after the free is undefined behaviour in every build.
 * @param solver the solver; NULL is ignored
 */
CUBE_API void cube_solver_free(cube_solver *solver);

/**
 * Loads (or generates) the tables for cubes of `size` now, reporting through the config's progress callback.
 * Threads that need the same tables meanwhile wait for them (each watching its own cancel token).
 * @param solver the solver
 * @param size 2 or 3
 * If the table folder cannot be written, the 3x3 tables are built in memory and a notice says so.
 * @param cancel NULL, or a token that stops the load (a build in progress is abandoned; no file is left);
 *        ignored for the 2x2 and when the tables are already loaded
 * @return #CUBE_OK, #CUBE_ERROR_CANCELLED, #CUBE_ERROR_IO, #CUBE_ERROR_NO_MEMORY, #CUBE_ERROR_INVALID_ARGUMENT,
 *         #CUBE_ERROR_UNSUPPORTED (called from a progress callback of the same table file)
 */
CUBE_API cube_status cube_solver_prepare(cube_solver *solver, int32_t size, const cube_cancel *cancel);

/**
 * Solves a cube. 2x2: an optimal solution in the chosen metric, keeping the corner in the DBL slot still
 * (the cube ends with every face one colour, possibly turned as a whole). 3x3: two-phase, the first
 * solution of at most max_length face turns, or with min_effort the shortest found within timeout_ms
 * (0: the default 10 s); the centres stay where they are.
 * @param solver the solver
 * @param state the cube to solve (read only)
 * @param options NULL for the defaults
 * @param[out] solution receives a new sequence of face turns, to free with cube_moves_free()
 * @return #CUBE_OK; #CUBE_ERROR_UNSOLVABLE (no solution within max_length), #CUBE_ERROR_TIMEOUT (timeout_ms,
 *         or the default limit when it is 0, ran out before any solution; the message says which limit),
 *         #CUBE_ERROR_CANCELLED, #CUBE_ERROR_INVALID_ARGUMENT,
 *         #CUBE_ERROR_UNSUPPORTED (QTM on a 3x3), or an error loading the 3x3 tables
 */
CUBE_API cube_status cube_solve(cube_solver *solver, const cube_state *state, const cube_solve_options *options,
                                cube_moves **solution);

/**
 * Like cube_solve(), but to `target` instead of to solved.
 * @param solver the solver
 * @param state the start (read only)
 * @param target the state to reach, of the same size (3x3: with its centres where the start has them)
 * @param options NULL for the defaults
 * @param[out] solution receives a new sequence that takes `state` to `target`, to free with cube_moves_free()
 * @return as cube_solve(); #CUBE_ERROR_UNSOLVABLE also when face turns cannot reach the target
 */
CUBE_API cube_status cube_solve_to(cube_solver *solver, const cube_state *state, const cube_state *target,
                                   const cube_solve_options *options, cube_moves **solution);

/**
 * 2x2: the length of an optimal solution in the options' metric.
 * @param solver the solver
 * @param state the cube
 * @param target NULL for solved, or the state to reach
 * @param options NULL for the defaults
 * @param[out] distance receives the length
 * @return #CUBE_OK, #CUBE_ERROR_UNSUPPORTED (a 3x3), #CUBE_ERROR_INVALID_ARGUMENT
 */
CUBE_API cube_status cube_solve_distance(cube_solver *solver, const cube_state *state, const cube_state *target,
                                         const cube_solve_options *options, int32_t *distance);

/**
 * 2x2: every optimal solution (distinct move sequences, in a fixed order), at most `limit` of them.
 * @param solver the solver
 * @param state the cube
 * @param target NULL for solved, or the state to reach
 * @param options NULL for the defaults (max_length, timeout_ms and min_effort do not apply)
 * @param limit most solutions to return, 1..10000000
 * @param[out] out receives the list, to free with cube_solutions_free()
 * @return #CUBE_OK, #CUBE_ERROR_CANCELLED, #CUBE_ERROR_UNSUPPORTED (a 3x3), #CUBE_ERROR_INVALID_ARGUMENT,
 *         #CUBE_ERROR_NO_MEMORY
 */
CUBE_API cube_status cube_solve_all(cube_solver *solver, const cube_state *state, const cube_state *target,
                                    const cube_solve_options *options, int32_t limit, cube_solutions **out);

/**
 * 2x2: the number of distinct optimal solutions.
 * @param solver the solver
 * @param state the cube
 * @param target NULL for solved, or the state to reach
 * @param options NULL for the defaults
 * @param[out] count receives the number
 * @return #CUBE_OK, #CUBE_ERROR_UNSUPPORTED (a 3x3), #CUBE_ERROR_INVALID_ARGUMENT
 */
CUBE_API cube_status cube_count_optimal(cube_solver *solver, const cube_state *state, const cube_state *target,
                                        const cube_solve_options *options, int64_t *count);

/**
 * Solves `count` states on `threads` threads. The list gets one entry per state, in order: a solution,
 * or the status and message that state got. The options' cancel token stops the batch: states not solved
 * by then get #CUBE_ERROR_CANCELLED. With `threads` above 1 the batch runs on that many threads of its own
 * while the calling thread waits; the solver's progress callback (if the 3x3 tables must be loaded) then
 * runs on one of them.
 * @param solver the solver
 * @param states array of `count` states (read only)
 * @param count number of states, 0..100000000
 * @param target NULL for solved, or the state every cube is to reach (as in cube_solve_to())
 * @param options NULL for the defaults; the same for every state
 * @param threads 1..1024, or 0 for one per processor
 * @param[out] out receives the list whenever the arguments were valid (also when the call returns an
 *        error for a state), to free with cube_solutions_free(); NULL otherwise
 * @return #CUBE_OK if every state was solved; else the first failing entry's status, with
 *         cube_last_error() "state I: ..."; #CUBE_ERROR_INVALID_ARGUMENT (then *out is NULL)
 */
CUBE_API cube_status cube_solve_batch(cube_solver *solver, const cube_state *const *states, int32_t count,
                                      const cube_state *target, const cube_solve_options *options, int32_t threads,
                                      cube_solutions **out);

/**
 * Number of entries.
 * @param list the list
 * @param[out] count receives the number
 * @return #CUBE_OK or #CUBE_ERROR_INVALID_ARGUMENT
 */
CUBE_API cube_status cube_solutions_count(const cube_solutions *list, int32_t *count);

/**
 * Status of one entry.
 * @param list the list
 * @param index 0-based entry
 * @param[out] status receives #CUBE_OK or the entry's error
 * @return #CUBE_OK or #CUBE_ERROR_INVALID_ARGUMENT
 */
CUBE_API cube_status cube_solutions_status(const cube_solutions *list, int32_t index, cube_status *status);

/**
 * Error message of one entry.
 * @param list the list
 * @param index 0-based entry
 * @param[out] message receives text owned by the list ("" for a solved entry), valid until it is freed
 * @return #CUBE_OK or #CUBE_ERROR_INVALID_ARGUMENT
 */
CUBE_API cube_status cube_solutions_message(const cube_solutions *list, int32_t index, const char **message);

/**
 * The solution of one entry, as a new sequence.
 * @param list the list
 * @param index 0-based entry
 * @param[out] out receives a copy, to free with cube_moves_free()
 * @return #CUBE_OK; the entry's own status (with its message as cube_last_error()) if it has no solution;
 *         #CUBE_ERROR_INVALID_ARGUMENT
 */
CUBE_API cube_status cube_solutions_get(const cube_solutions *list, int32_t index, cube_moves **out);

/**
 * Frees a list. Sequences taken from it with cube_solutions_get() stay valid.
 * @param list the list; NULL is ignored
 */
CUBE_API void cube_solutions_free(cube_solutions *list);

/* ---- The 3x3 table file ----------------------------------------------------------------------- */

/** Where and how to generate the 3x3 tables. Fill it with cube_tables_options_init(). */
typedef struct cube_tables_options {
    uint32_t struct_size;       /**< set by cube_tables_options_init() */
    const char *table_dir;      /**< NULL: the default folder (as cube_solver_config.table_dir) */
    cube_progress_fn progress;  /**< NULL, or called on the calling thread; nonzero cancels */
    void *progress_user_data;   /**< passed to progress */
    const cube_cancel *cancel;  /**< NULL, or a token that stops the build */
} cube_tables_options;

/** Size of the first published cube_tables_options. */
#define CUBE_TABLES_OPTIONS_SIZE_V1 CUBE_SIZE_THROUGH(cube_tables_options, cancel)

/**
 * Fills options with the defaults; use the macro cube_tables_options_init().
 * @param options the struct to fill; nothing past `size` bytes is written
 * @param size sizeof the caller's struct: a published size or larger
 * @return #CUBE_OK or #CUBE_ERROR_INVALID_ARGUMENT
 */
CUBE_API cube_status cube_tables_options_init_sized(cube_tables_options *options, uint32_t size);
/** Fills `options` (a cube_tables_options *) with the defaults. */
#define cube_tables_options_init(options) cube_tables_options_init_sized((options), (uint32_t)sizeof *(options))

/**
 * Generates the 3x3 table file (about 320 MB, 13-40 s on two cores), or checks and keeps a good one.
 * The file is written beside its final name and renamed into place: a failed or cancelled build leaves
 * no file. Two processes generating at once build it once.
 * @param options NULL for the defaults
 * @return #CUBE_OK, #CUBE_ERROR_CANCELLED, #CUBE_ERROR_IO whenever the file was not saved (the folder
 *         cannot be written or locked, or something other than a regular file is at the path: checked
 *         before anything is built; or the write failed, e.g. on a full disk),
 *         #CUBE_ERROR_NO_MEMORY, #CUBE_ERROR_INVALID_ARGUMENT, #CUBE_ERROR_UNSUPPORTED
 *         (called from a progress callback of the same table file)
 */
CUBE_API cube_status cube_tables_generate(const cube_tables_options *options);

/**
 * Checks the 3x3 table file completely (every section's checksum). Its header and size are checked first:
 * a file of another size is refused without reading the rest.
 * @param table_dir NULL for the default folder
 * @return #CUBE_OK, #CUBE_ERROR_NOT_FOUND, #CUBE_ERROR_CORRUPT (outdated, damaged or of the wrong size:
 *         cube_last_error() says how), #CUBE_ERROR_IO (also when the path is not a regular file, e.g. a
 *         named pipe)
 */
CUBE_API cube_status cube_tables_verify(const char *table_dir);

/**
 * Path of the 3x3 table file, named by its content version (e.g. "twophase3x3-v2.tbl").
 * @param table_dir NULL for the default folder
 * @param buffer where to write; may be NULL when capacity is 0
 * @param capacity bytes available in buffer
 * @param[out] length receives the path length without the NUL; may be NULL
 * @return #CUBE_OK, #CUBE_ERROR_BUFFER_TOO_SMALL, #CUBE_ERROR_INVALID_ARGUMENT
 */
CUBE_API cube_status cube_tables_path(const char *table_dir, char *buffer, int32_t capacity, int32_t *length);

#ifdef __cplusplus
}
#endif

#endif /* CUBE_SOLVER_H */
