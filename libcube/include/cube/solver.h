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
 * the 2x2 distance tables (a fraction of a second) and gets its 3x3 tables as its ::cube_table_policy
 * says the first time a cube of that size is solved, or when cube_solver_prepare() asks for it. With
 * #CUBE_TABLES_AUTO it runs one thread of its own while it loads the full 3x3 tables;
 * cube_solver_free() stops that thread (a build is abandoned, leaving no file) and waits for it.
 */
typedef struct cube_solver cube_solver;

/**
 * A list of solutions owned by the caller: every optimal solution of a 2x2 (cube_solve_all()) or one
 * entry per state of a batch (cube_solve_batch()). Each entry has a status, a message and, when its
 * status is #CUBE_OK, a move sequence. Immutable; threads may read one list at once.
 */
typedef struct cube_solutions cube_solutions;

/**
 * Which 3x3 tables a solver answers with (cube_solver_config.table_policy). Two sets give the same kind
 * of answer (the first solution within max_length, or with min_effort the shortest found in time): only
 * the speed differs. The compact set (about 1 MB) is computed in memory in well under 100 ms, never
 * written; the full set (about 320 MB, far faster per solve) is mapped from the table file,
 * which is built when no folder of the search path has a sound one (see cube_solver_config.table_dir).
 */
enum cube_table_policy {
    CUBE_TABLES_FULL = 0,   /**< wait for the full set (libcube 1.0's behaviour, and what a config of
                                 #CUBE_SOLVER_CONFIG_SIZE_V1 gets): the first 3x3 solve or
                                 cube_solver_prepare(solver, 3) maps or builds it, reporting to the progress
                                 callback on the calling thread */
    CUBE_TABLES_AUTO = 1,   /**< the default (cube_solver_config_init(), and a NULL config): solve with the
                                 compact set at once while one background thread maps or builds the full
                                 set, then with the full set; the progress callback gets the background
                                 load's reports on that thread, and a #CUBE_PROGRESS_NOTICE when the solver
                                 switches (or, if the load fails, one saying why it stays on the compact set) */
    CUBE_TABLES_COMPACT = 2 /**< the compact set only: never reads or writes a table file */
};

/** How a solver finds and keeps its tables. Fill it with cube_solver_config_init(). */
typedef struct cube_solver_config {
    uint32_t struct_size;       /**< set by cube_solver_config_init() */
    const char *table_dir;      /**< the folder of the 3x3 table file, and the only one looked at; copied by
                                     cube_solver_new(). NULL: the search path, in order $CUBE_TABLE_DIR (if
                                     set), the user cache ($XDG_CACHE_HOME/libcube if absolute, else
                                     ~/.cache/libcube, ~ being $HOME if absolute, else the user's home from the
                                     password database), then the read-only system folder
                                     (cube_tables_system_dir()). The first sound file found is mapped; if none
                                     is, the tables are built and saved in the first of the first two folders
                                     that can be written (none: in memory only, with a notice saying why) */
    cube_progress_fn progress;  /**< NULL: no reports. Called while the full 3x3 tables are loaded or built:
                                     with #CUBE_TABLES_FULL on the thread whose call needed them, with
                                     #CUBE_TABLES_AUTO on the solver's background thread; nonzero cancels
                                     that load (with #CUBE_TABLES_AUTO the solver then stays on the compact
                                     set). The callback may call libcube, but not cube_solver_free() of this
                                     solver, and not load the same table file again: with #CUBE_TABLES_FULL
                                     a 3x3 solve or cube_solver_prepare(solver, 3) on this solver, or a load of
                                     the same file through another solver or cube_tables_generate(), returns
                                     #CUBE_ERROR_UNSUPPORTED instead of waiting for itself */
    void *progress_user_data;   /**< passed to progress */
    int32_t table_policy;       /**< (V2) ::cube_table_policy: #CUBE_TABLES_AUTO (set by
                                     cube_solver_config_init()), #CUBE_TABLES_FULL or #CUBE_TABLES_COMPACT */
    int32_t reserved;           /**< (V2) 0; kept for a later field (anything else is #CUBE_ERROR_UNSUPPORTED) */
} cube_solver_config;

/** Size of the first published cube_solver_config. */
#define CUBE_SOLVER_CONFIG_SIZE_V1 CUBE_SIZE_THROUGH(cube_solver_config, progress_user_data)
/** Size of cube_solver_config with table_policy (libcube 1.2). */
#define CUBE_SOLVER_CONFIG_SIZE_V2 CUBE_SIZE_THROUGH(cube_solver_config, reserved)

/** Limits of one solve. Fill it with cube_solve_options_init(). */
typedef struct cube_solve_options {
    uint32_t struct_size;      /**< set by cube_solve_options_init() */
    int32_t metric;            /**< ::cube_metric: #CUBE_METRIC_HTM (default) or #CUBE_METRIC_QTM (2x2 only: a
                                    half turn counts 2 and is written X2, never X X) */
    int32_t max_length;        /**< longest acceptable solution, 1..1000, a hard cap; 0 = default (3x3: 20, and
                                    no cap with min_effort; 2x2: no limit) */
    int32_t timeout_ms;        /**< 3x3: give up (#CUBE_ERROR_TIMEOUT) after this long; 0 = the default limit
                                    of 10000 ms (10 s, over 1000 times what a default solve needs almost
                                    always). To search longer (a short max_length, or min_effort proving the
                                    shortest solution, which can take hours), give a larger value: up to
                                    INT32_MAX ms, about 24.8 days */
    int32_t min_effort;        /**< 3x3, nonzero: keep looking for shorter solutions until timeout_ms (or the
                                    default 10 s limit), then return the shortest found. With max_length 0
                                    that is the shortest found in time even when it is above 20 moves (a
                                    very short time limit still gets an answer); a max_length given stays
                                    a hard cap */
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
 * that begins after the free is undefined behaviour in every build. A background load of the full 3x3
 * tables (#CUBE_TABLES_AUTO) is stopped and its thread waited for (a build is abandoned, leaving no file);
 * free such a solver before the process exits, so that no thread of it still runs then.
 * @param solver the solver; NULL is ignored
 */
CUBE_API void cube_solver_free(cube_solver *solver);

/**
 * Loads (or generates) the tables for cubes of `size` now, reporting through the config's progress callback.
 * 3x3 with #CUBE_TABLES_FULL: maps or builds the full set and returns when it is ready; threads that need
 * it meanwhile wait for it (each watching its own cancel token). If no folder can be written, the full
 * set is built in memory and a notice says so. With #CUBE_TABLES_AUTO: makes the compact set and starts
 * the background load of the full set (once per solver), and returns at once. With #CUBE_TABLES_COMPACT:
 * makes the compact set.
 * @param solver the solver
 * @param size 2 or 3
 * @param cancel NULL, or a token that stops the load (a build in progress is abandoned; no file is left);
 *        ignored for the 2x2, when the tables are already loaded, and by the background load (which
 *        cube_solver_free() stops)
 * @return #CUBE_OK, #CUBE_ERROR_CANCELLED, #CUBE_ERROR_IO, #CUBE_ERROR_NO_MEMORY, #CUBE_ERROR_INVALID_ARGUMENT,
 *         #CUBE_ERROR_UNSUPPORTED (called from a progress callback of the same table file)
 */
CUBE_API cube_status cube_solver_prepare(cube_solver *solver, int32_t size, const cube_cancel *cancel);

/**
 * Solves a cube. 2x2: an optimal solution in the chosen metric, keeping the corner in the DBL slot still
 * (the cube ends with every face one colour, possibly turned as a whole). 3x3: two-phase, the first
 * solution of at most max_length face turns, or with min_effort the shortest found within timeout_ms
 * (0: the default 10 s), above 20 moves if nothing shorter was found and max_length is 0; the centres
 * stay where they are.
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

/* ---- Solve answers as text (LIBCUBE_1.3) ------------------------------------------------------ */

/** Output formats of cube_solution_format() and cube_solutions_format() (LIBCUBE_1.3). */
enum cube_solve_format_kind {
    CUBE_SOLVE_FORMAT_TEXT = 0, /**< one line: "U R2 F\n" ("\n" for no move); a list "U R2 F, F R2 U\n" */
    CUBE_SOLVE_FORMAT_JSON = 1  /**< one object without a newline: {"ok":true,"solution":"U R2 F","length":3,
                                     "metric":"htm"}; a list {"ok":true,"solutions":["U R2 F","F R2 U"],"length":3,
                                     "metric":"htm"} */
};

/**
 * (LIBCUBE_1.3) Writes a solution as `cube solve` prints it (text) or as `cube solve --json` does (JSON), its
 * length in `metric` (the server's POST /v1/solve answer holds the same members).
 * @param solution the solution
 * @param metric ::cube_metric of the length ("htm", "qtm" or "stm" in JSON)
 * @param format ::cube_solve_format_kind
 * @param buffer where to write; may be NULL when capacity is 0 (to learn the length)
 * @param capacity bytes available in buffer
 * @param[out] length receives the text length without the NUL, also when the buffer is too small; may be NULL
 * @return #CUBE_OK, #CUBE_ERROR_BUFFER_TOO_SMALL, #CUBE_ERROR_INVALID_ARGUMENT (bad solution, unknown metric or
 *         format, negative capacity, NULL buffer with a capacity)
 */
CUBE_API cube_status cube_solution_format(const cube_moves *solution, int32_t metric, int32_t format, char *buffer,
                                          int32_t capacity, int32_t *length);

/**
 * (LIBCUBE_1.3) Writes every solution of a list as `cube solve --all` prints them (text: separated by ", ";
 * JSON: "solutions" and the first one's length, 0 for an empty list).
 * @param list the list (of cube_solve_all(); every entry must be solved)
 * @param metric ::cube_metric of the length
 * @param format ::cube_solve_format_kind
 * @param buffer where to write; may be NULL when capacity is 0 (to learn the length)
 * @param capacity bytes available in buffer
 * @param[out] length receives the text length without the NUL, also when the buffer is too small; may be NULL
 * @return #CUBE_OK, #CUBE_ERROR_BUFFER_TOO_SMALL, #CUBE_ERROR_INVALID_ARGUMENT (as cube_solution_format()), or
 *         the status of an entry that has no solution (with its message)
 */
CUBE_API cube_status cube_solutions_format(const cube_solutions *list, int32_t metric, int32_t format, char *buffer,
                                           int32_t capacity, int32_t *length);

/* ---- The 3x3 table file ----------------------------------------------------------------------- */

/** Where and how to generate the 3x3 tables. Fill it with cube_tables_options_init(). */
typedef struct cube_tables_options {
    uint32_t struct_size;       /**< set by cube_tables_options_init() */
    const char *table_dir;      /**< the folder to generate in (cube_tables_system_dir() for the system
                                     folder), and the only one looked at. NULL: the search path of
                                     cube_solver_config.table_dir: a sound file in any of its folders is
                                     kept, else the file is built in the first of $CUBE_TABLE_DIR and the
                                     user cache that can be written */
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
 * no file, and no lock file stays behind. Two processes generating at once build it once: the second
 * waits (a notice names the process it waits for, when known) at most 10 minutes, watching its cancel
 * token, then maps what the first wrote.
 * @param options NULL for the defaults
 * @return #CUBE_OK, #CUBE_ERROR_CANCELLED, #CUBE_ERROR_IO whenever the file was not saved, with the reason
 *         (the folder cannot be written or locked, or something other than a regular file is at the path:
 *         checked before anything is built; or the write failed, e.g. on a full disk),
 *         #CUBE_ERROR_NO_MEMORY, #CUBE_ERROR_INVALID_ARGUMENT, #CUBE_ERROR_UNSUPPORTED
 *         (called from a progress callback of the same table file)
 */
CUBE_API cube_status cube_tables_generate(const cube_tables_options *options);

/**
 * Checks the 3x3 table file completely (every section's checksum). Its header and size are checked first:
 * a file of another size is refused without reading the rest.
 * @param table_dir a folder; NULL for the file cube_tables_path() names for NULL
 * @return #CUBE_OK, #CUBE_ERROR_NOT_FOUND, #CUBE_ERROR_CORRUPT (outdated, damaged or of the wrong size:
 *         cube_last_error() says how), #CUBE_ERROR_IO (also when the path is not a regular file, e.g. a
 *         named pipe), #CUBE_ERROR_UNSUPPORTED (made on a machine of the other byte order: sound for it)
 */
CUBE_API cube_status cube_tables_verify(const char *table_dir);

/**
 * Path of the 3x3 table file, named by its content version and, on a big-endian machine, the byte order
 * (e.g. "twophase3x3-v2.tbl"; "twophase3x3-v2-be.tbl" on big-endian).
 * @param table_dir a folder; NULL for the search path (cube_solver_config.table_dir): the first file in
 *        it whose header and size are right (what a solver maps, unless a checksum fails), else where a
 *        build would save it (the first of $CUBE_TABLE_DIR and the user cache that can be written, else
 *        the first of them)
 * @param buffer where to write; may be NULL when capacity is 0
 * @param capacity bytes available in buffer
 * @param[out] length receives the path length without the NUL; may be NULL
 * @return #CUBE_OK, #CUBE_ERROR_BUFFER_TOO_SMALL, #CUBE_ERROR_INVALID_ARGUMENT, #CUBE_ERROR_NOT_FOUND (NULL
 *         table_dir, no file in the system folder, and no folder a build could save in: $CUBE_TABLE_DIR
 *         unset and no usable home folder)
 */
CUBE_API cube_status cube_tables_path(const char *table_dir, char *buffer, int32_t capacity, int32_t *length);

/**
 * The 3x3 table file that a machine of the other byte order uses in `table_dir` (libcube 1.3): on a
 * little-endian machine "twophase3x3-v2-be.tbl", on a big-endian one "twophase3x3-v2.tbl". Table files
 * record the byte order they were written with; a file of the other order is sound for the machines that
 * made it, and this one passes it over with a notice ("made on a big-endian machine") and builds its own
 * beside it, never over it. Only the header and the size are read.
 * @param table_dir a folder (not NULL)
 * @param buffer where to write the path (written whatever is there); may be NULL when capacity is 0
 * @param capacity bytes available in buffer
 * @param[out] length receives the path length without the NUL; may be NULL
 * @return #CUBE_ERROR_UNSUPPORTED when the file there was made on a machine of the other byte order
 *         (cube_last_error() says so), #CUBE_ERROR_NOT_FOUND when there is none, #CUBE_OK when a file that
 *         this machine can read stands under that name, #CUBE_ERROR_CORRUPT or #CUBE_ERROR_IO as
 *         cube_tables_verify(), #CUBE_ERROR_BUFFER_TOO_SMALL, #CUBE_ERROR_INVALID_ARGUMENT
 */
CUBE_API cube_status cube_tables_other_order_file(const char *table_dir, char *buffer, int32_t capacity,
                                                 int32_t *length);

/**
 * The read-only system folder of the search path, for tables a machine shares: `$CUBE_SYSTEM_TABLE_DIR`
 * if set (for tests, and packagers that generate into a staging folder), else the folder libcube was
 * built with (meson option `system_table_dir`, default `LIBDIR/libcube/tables`; `pkg-config
 * --variable=tabledir libcube`). Solvers never write there; give it as cube_tables_options.table_dir to
 * generate the file there (`cube tables generate --system`, as root or a package's install step).
 * @param buffer where to write; may be NULL when capacity is 0
 * @param capacity bytes available in buffer
 * @param[out] length receives the path length without the NUL; may be NULL
 * @return #CUBE_OK, #CUBE_ERROR_BUFFER_TOO_SMALL, #CUBE_ERROR_INVALID_ARGUMENT
 */
CUBE_API cube_status cube_tables_system_dir(char *buffer, int32_t capacity, int32_t *length);

/** Roles of the folders of the 3x3 table search path (cube_tables_search_dir()). */
enum cube_table_folder_role {
    CUBE_TABLE_FOLDER_ENV = 0,   /**< `$CUBE_TABLE_DIR` */
    CUBE_TABLE_FOLDER_CACHE = 1, /**< the user cache: `$XDG_CACHE_HOME/libcube` or `~/.cache/libcube` */
    CUBE_TABLE_FOLDER_SYSTEM = 2 /**< the read-only system folder (cube_tables_system_dir()) */
};

/**
 * One folder of the 3x3 table search path (cube_solver_config.table_dir NULL), in the order solvers look
 * in them: `$CUBE_TABLE_DIR` if set, the user cache if there is a usable home folder, then the system
 * folder; a folder named twice is listed once, where it comes first. Call with index 0, 1, ... until
 * #CUBE_ERROR_NOT_FOUND. Each call reads the environment afresh.
 * @param index 0 for the first folder
 * @param[out] role receives a ::cube_table_folder_role; may be NULL
 * @param buffer where to write the folder; may be NULL when capacity is 0
 * @param capacity bytes available in buffer
 * @param[out] length receives the path length without the NUL; may be NULL
 * @return #CUBE_OK; #CUBE_ERROR_NOT_FOUND when index is past the last folder; #CUBE_ERROR_BUFFER_TOO_SMALL;
 *         #CUBE_ERROR_INVALID_ARGUMENT (negative index, NULL buffer with a capacity)
 */
CUBE_API cube_status cube_tables_search_dir(int32_t index, int32_t *role, char *buffer, int32_t capacity,
                                            int32_t *length);

/* ---- The state of the 3x3 table search path (LIBCUBE_1.3) -------------------------------------- */

/**
 * (LIBCUBE_1.3) What cube_table_search_run() found along the 3x3 table search path: each folder, the state
 * of the file there, which file a solver uses or where a build saves it (`cube tables path --search`).
 * A snapshot: later changes to the folders are not seen. Free it with cube_table_search_free().
 */
typedef struct cube_table_search cube_table_search;

/** (LIBCUBE_1.3) The state of the 3x3 table file in one folder (cube_table_search_folder()). */
enum cube_table_file_state {
    CUBE_TABLE_FILE_SOUND = 0,           /**< every checksum right (cube_tables_verify() answered #CUBE_OK) */
    CUBE_TABLE_FILE_MISSING = 1,         /**< no file there */
    CUBE_TABLE_FILE_DAMAGED = 2,         /**< outdated, damaged or of the wrong size (#CUBE_ERROR_CORRUPT) */
    CUBE_TABLE_FILE_UNREADABLE = 3,      /**< cannot be read: not a regular file, no permission (#CUBE_ERROR_IO) */
    CUBE_TABLE_FILE_OTHER_BYTE_ORDER = 4 /**< made on a machine of the other byte order (#CUBE_ERROR_UNSUPPORTED) */
};

/** (LIBCUBE_1.3) Output formats of cube_table_search_format(). */
enum cube_table_search_format_kind {
    CUBE_TABLE_SEARCH_FORMAT_TEXT = 0, /**< one line a folder, its role padded to 15 columns: "user cache      FILE:
                                            STATE[: ERROR][ (used)| (a build saves here)]\n", and below a folder
                                            that holds the other byte order's file a line "                FILE:
                                            NOTICE\n" (`cube tables path --search`) */
    CUBE_TABLE_SEARCH_FORMAT_JSON = 1  /**< one object without a newline: {"ok":true[,"path":P],"search":[{"role":
                                            "env"|"cache"|"system","file":F,"state":"sound"|"missing"|"damaged"|
                                            "unreadable"|"other byte order"[,"error":E][,"used":true]
                                            [,"build_saves_here":true][,"other_byte_order_file":F,
                                            "other_byte_order_notice":N]},...]} (`--json`) */
};

/**
 * (LIBCUBE_1.3) Looks along the 3x3 table search path (cube_tables_search_dir()) and checks the file in each
 * folder completely, as cube_tables_verify() does: each file present is read once (about a second for a sound
 * one). The environment is read afresh.
 * @param[out] out receives a new search, or NULL on failure; free it with cube_table_search_free()
 * @return #CUBE_OK, #CUBE_ERROR_INVALID_ARGUMENT (NULL out), #CUBE_ERROR_NO_MEMORY. A folder whose file is
 *         missing or cannot be used is no failure: its state says so
 */
CUBE_API cube_status cube_table_search_run(cube_table_search **out);

/**
 * (LIBCUBE_1.3) The number of folders searched (0 to 3).
 * @param search the search
 * @param[out] count receives it
 * @return #CUBE_OK or #CUBE_ERROR_INVALID_ARGUMENT
 */
CUBE_API cube_status cube_table_search_count(const cube_table_search *search, int32_t *count);

/**
 * (LIBCUBE_1.3) The file a solver uses (the first sound one), or without one where a build saves it: what
 * cube_tables_path() answered for NULL when the search ran.
 * @param search the search
 * @param[out] path receives text owned by the search: "" when there is neither (no sound file, and no folder
 *                  a build could save in: `$CUBE_TABLE_DIR` unset and no usable home folder)
 * @param[out] used receives the index of the folder whose file is used, or -1 when none is sound; may be NULL
 * @param[out] build_saves receives, when none is used, the index of the folder a build saves in, else -1;
 *                         may be NULL
 * @return #CUBE_OK or #CUBE_ERROR_INVALID_ARGUMENT
 */
CUBE_API cube_status cube_table_search_choice(const cube_table_search *search, const char **path, int32_t *used,
                                              int32_t *build_saves);

/**
 * (LIBCUBE_1.3) One folder of the search, in the order solvers look in them. The texts are owned by the
 * search (valid until it is freed); any out-parameter may be NULL.
 * @param search the search
 * @param index 0..count-1
 * @param[out] role receives a ::cube_table_folder_role
 * @param[out] folder receives the folder
 * @param[out] file receives the table file looked at there (the folder itself if no file name could be made)
 * @param[out] state receives a ::cube_table_file_state
 * @param[out] error receives why the file cannot be used (cube_last_error() of cube_tables_verify()), "" when
 *                   it is sound or missing
 * @return #CUBE_OK or #CUBE_ERROR_INVALID_ARGUMENT (also for an index out of range)
 */
CUBE_API cube_status cube_table_search_folder(const cube_table_search *search, int32_t index, int32_t *role,
                                              const char **folder, const char **file, int32_t *state,
                                              const char **error);

/**
 * (LIBCUBE_1.3) The other byte order's file in one folder (cube_tables_other_order_file()), when a machine of
 * that order made one there; the texts are owned by the search, and any out-parameter may be NULL.
 * @param search the search
 * @param index 0..count-1
 * @param[out] file receives its path, "" when there is none
 * @param[out] notice receives the notice that names it ("... made on a big-endian machine ..."), "" when none
 * @return #CUBE_OK or #CUBE_ERROR_INVALID_ARGUMENT (also for an index out of range)
 */
CUBE_API cube_status cube_table_search_other_order(const cube_table_search *search, int32_t index,
                                                   const char **file, const char **notice);

/**
 * (LIBCUBE_1.3) Writes the search as `cube tables path --search` prints it (text) or as `cube tables path
 * --search --json` does (JSON, without the newline). Control characters are shown as \\xNN in the messages,
 * and in JSON in the paths too.
 * @param search the search
 * @param format ::cube_table_search_format_kind
 * @param buffer where to write; may be NULL when capacity is 0 (to learn the length)
 * @param capacity bytes available in buffer
 * @param[out] length receives the text length without the NUL, also when the buffer is too small; may be NULL
 * @return #CUBE_OK, #CUBE_ERROR_BUFFER_TOO_SMALL, #CUBE_ERROR_INVALID_ARGUMENT (bad search, unknown format,
 *         negative capacity, NULL buffer with a capacity)
 */
CUBE_API cube_status cube_table_search_format(const cube_table_search *search, int32_t format, char *buffer,
                                              int32_t capacity, int32_t *length);

/**
 * (LIBCUBE_1.3) Frees a search.
 * @param search the search; NULL is ignored
 */
CUBE_API void cube_table_search_free(cube_table_search *search);

/* ---- Optimal 3x3 solving (libcube 1.3) --------------------------------------------------------- */

/** Where an optimal search is; passed to its progress callback. */
typedef struct cube_optimal_progress {
    uint32_t struct_size;    /**< size of the struct the library filled */
    int32_t depth;           /**< the length being searched: no solution is shorter */
    int64_t nodes;           /**< positions visited so far */
    double nodes_per_second; /**< nodes / elapsed time */
    int64_t elapsed_us;      /**< since the search began */
} cube_optimal_progress;

/** Size of the first published cube_optimal_progress. */
#define CUBE_OPTIMAL_PROGRESS_SIZE_V1 CUBE_SIZE_THROUGH(cube_optimal_progress, elapsed_us)

/**
 * Progress callback of cube_solve_optimal(): called on the calling thread when a depth begins and about
 * twice a second, with no libcube lock held.
 * @param user_data the options' progress_user_data
 * @param progress the report, valid only during the call
 * @return 0 to go on, nonzero to stop the search (#CUBE_ERROR_CANCELLED)
 */
typedef int32_t (*cube_optimal_progress_fn)(void *user_data, const cube_optimal_progress *progress);

/** Limits of an optimal solve. Fill it with cube_optimal_options_init(). */
typedef struct cube_optimal_options {
    uint32_t struct_size;                /**< set by cube_optimal_options_init() */
    int32_t metric;                      /**< #CUBE_METRIC_HTM (the default: face turns) or #CUBE_METRIC_QTM
                                              (quarter turns: a half turn counts 2) */
    int32_t max_length;                  /**< 0 = no limit (every cube has an optimal solution of at most 20
                                              face turns, 26 quarter turns); 1..1000: give up with
                                              #CUBE_ERROR_UNSOLVABLE ("no solution of at most N moves") once
                                              every length to N is ruled out */
    int32_t timeout_ms;                  /**< 0 = no limit; else stop with #CUBE_ERROR_TIMEOUT after this long */
    int32_t all_solutions;               /**< nonzero: every optimal solution (up to `limit`), not only one */
    int32_t limit;                       /**< with all_solutions: the most solutions returned, 0 = 1000,
                                              else 1..10000000 */
    int32_t threads;                     /**< threads searching this one cube: 0 or 1 = one, up to 256 */
    int32_t reserved;                    /**< 0 (a later version's field) */
    const cube_cancel *cancel;           /**< NULL, or a token that stops the search (#CUBE_ERROR_CANCELLED) */
    cube_optimal_progress_fn progress;   /**< NULL, or called as cube_optimal_progress_fn says */
    void *progress_user_data;            /**< passed to progress */
} cube_optimal_options;

/** Size of the first published cube_optimal_options. */
#define CUBE_OPTIMAL_OPTIONS_SIZE_V1 CUBE_SIZE_THROUGH(cube_optimal_options, progress_user_data)

/** What an optimal search found out, also when it was stopped. Fill struct_size with cube_optimal_result_init(). */
typedef struct cube_optimal_result {
    uint32_t struct_size;    /**< set by cube_optimal_result_init() */
    int32_t length;          /**< the solutions' length in the options' metric, or -1 when none was found */
    int32_t proven_optimal;  /**< 1: no solution is shorter than `length` (every shorter length was searched) */
    int32_t lower_bound;     /**< every solution has at least this many moves (also after a timeout or cancel) */
    int64_t nodes;           /**< positions visited */
    int64_t elapsed_us;      /**< time the search took */
    int32_t standard_table;  /**< 1: bounded by the standard optimal table (cube_optimal_tables_generate());
                                  0: by another (h48_table, small_table) or the 3x3 table file alone (slower) */
    int32_t small_table;     /**< 1: bounded by the small optimal table (#CUBE_OPTIMAL_TABLE_SMALL), found
                                  when neither the standard nor the H48 one was */
    int32_t h48_table;       /**< 1: bounded by the H48 table (#CUBE_OPTIMAL_TABLE_H48) */
    int32_t reserved;        /**< 0 (a later version's field) */
} cube_optimal_result;

/** Size of the first published cube_optimal_result. */
#define CUBE_OPTIMAL_RESULT_SIZE_V1 CUBE_SIZE_THROUGH(cube_optimal_result, elapsed_us)
/** Size of cube_optimal_result with standard_table and small_table. */
#define CUBE_OPTIMAL_RESULT_SIZE_V2 CUBE_SIZE_THROUGH(cube_optimal_result, small_table)
/** Size of cube_optimal_result with h48_table. */
#define CUBE_OPTIMAL_RESULT_SIZE_V3 CUBE_SIZE_THROUGH(cube_optimal_result, reserved)

/**
 * Fills options with the defaults (HTM, no length or time limit, one solution, one thread); use the macro
 * cube_optimal_options_init().
 * @param options the struct to fill; nothing past `size` bytes is written
 * @param size sizeof the caller's struct: a published size or larger
 * @return #CUBE_OK or #CUBE_ERROR_INVALID_ARGUMENT
 */
CUBE_API cube_status cube_optimal_options_init_sized(cube_optimal_options *options, uint32_t size);
/** Fills `options` (a cube_optimal_options *) with the defaults. */
#define cube_optimal_options_init(options) cube_optimal_options_init_sized((options), (uint32_t)sizeof *(options))

/**
 * Zeroes a result and sets its struct_size; use the macro cube_optimal_result_init().
 * @param result the struct to fill; nothing past `size` bytes is written
 * @param size sizeof the caller's struct: a published size or larger
 * @return #CUBE_OK or #CUBE_ERROR_INVALID_ARGUMENT
 */
CUBE_API cube_status cube_optimal_result_init_sized(cube_optimal_result *result, uint32_t size);
/** Fills `result` (a cube_optimal_result *) for cube_solve_optimal(). */
#define cube_optimal_result_init(result) cube_optimal_result_init_sized((result), (uint32_t)sizeof *(result))

/**
 * 3x3: a shortest solution in face turns (HTM) or quarter turns (QTM), or every one of them, proven
 * shortest. IDA* over the whole cube group bounded by the standard optimal table when a sound one is in
 * the solver's table folder or on the search path (cube_optimal_tables_generate(); result->standard_table
 * says which), else by the full 3x3 tables alone (loaded as the solver's table policy says; a compact-only
 * solver is refused). A random cube takes seconds to a minute on one core with the standard table, about
 * ten minutes (some much longer) without; short scrambles take milliseconds. Solutions count U D and D U
 * (turns of opposite faces) once, in one of the two orders. In HTM, for one solution, each length is first
 * offered to the two-phase solver within a budget of work (with one thread on a second one, while the
 * calling thread watches the cancel token, the time limit and the progress callback; with more, beside
 * the search of that length, in place of one of its threads): once every shorter length is ruled out, a
 * solution it finds is shortest, and the answer is the same with any number of threads; result->nodes
 * counts the IDA* positions only. Loading or building
 * the tables is not bounded by timeout_ms.
 * @param solver the solver
 * @param state a 3x3 (read only)
 * @param options NULL for the defaults
 * @param[out] out receives the list of solutions (one unless all_solutions), to free with
 *        cube_solutions_free(); NULL when the call fails
 * @param[out] result NULL, or a struct from cube_optimal_result_init() that receives the length, the
 *        proof flag, the lower bound reached and the work done, also when the call fails after starting
 *        the search
 * @return #CUBE_OK; #CUBE_ERROR_UNSOLVABLE (nothing of at most max_length moves); #CUBE_ERROR_TIMEOUT,
 *         #CUBE_ERROR_CANCELLED (result->lower_bound says how far it got; with all_solutions and some found,
 *         *out holds them); #CUBE_ERROR_UNSUPPORTED (a 2x2, a compact-only solver);
 *         #CUBE_ERROR_INVALID_ARGUMENT; an error loading the 3x3 tables
 */
CUBE_API cube_status cube_solve_optimal(cube_solver *solver, const cube_state *state,
                                        const cube_optimal_options *options, cube_solutions **out,
                                        cube_optimal_result *result);

/**
 * Generates the standard optimal table (optimal3x3-std-v3.tbl, 3.5 GiB, built in minutes on two cores
 * with about 3.9 GiB of memory), or keeps a sound one found in the folder or on the search path. It is
 * saved in the folder, or in the first of $CUBE_TABLE_DIR and the user cache that can be written,
 * through a temporary file renamed into place (a failed or cancelled build leaves nothing). The 3x3
 * table file is needed too: it is looked for, or built first, as cube_tables_generate() does.
 * cube_solve_optimal() then uses the table from any folder of the search path.
 * @param options as for cube_tables_generate(); NULL for the defaults. Progress: a notice, then stages
 * @return #CUBE_OK, #CUBE_ERROR_CANCELLED, #CUBE_ERROR_IO (no folder can be written, or the write failed),
 *         #CUBE_ERROR_NO_MEMORY, #CUBE_ERROR_INVALID_ARGUMENT
 */
CUBE_API cube_status cube_optimal_tables_generate(const cube_tables_options *options);

/** The optimal solver's tables (cube_optimal_tables_generate_size()). A solve uses, of those it finds, the
 *  H48 table, else the standard one, else the small one, else the 3x3 table file alone; a cube that some of
 *  the 48 symmetries keep (the superflip, most patterns) prefers the standard table to the H48 one. */
enum cube_optimal_table_size {
    CUBE_OPTIMAL_TABLE_STANDARD = 0, /**< optimal3x3-std-v3.tbl, 3.5 GiB */
    CUBE_OPTIMAL_TABLE_SMALL = 1,    /**< optimal3x3-small-v1.tbl, 588 MiB (built with about 1.8 GiB of memory):
                                          for machines with little memory; slower (docs/optimal.md) */
    CUBE_OPTIMAL_TABLE_H48 = 2       /**< optimal3x3-h48-v1.tbl, 3.6 GiB (built with about 4.6 GiB of memory):
                                          random cubes in 0.35-0.65 of the standard table's time, but positions
                                          near the superflip many times slower (docs/optimal.md) */
};

/**
 * Generates one of the optimal solver's tables (LIBCUBE_1.3), as cube_optimal_tables_generate() does for
 * the standard one, which is `size` #CUBE_OPTIMAL_TABLE_STANDARD.
 * @param options as for cube_optimal_tables_generate(); NULL for the defaults
 * @param size ::cube_optimal_table_size
 * @return as cube_optimal_tables_generate(); #CUBE_ERROR_INVALID_ARGUMENT for an unknown size
 */
CUBE_API cube_status cube_optimal_tables_generate_size(const cube_tables_options *options, int32_t size);

/** Output formats of cube_optimal_result_format() (LIBCUBE_1.3): one per answer `cube solve --optimal` prints. */
enum cube_optimal_format_kind {
    CUBE_OPTIMAL_FORMAT_TEXT = 0,     /**< the first solution on one line: "U R2 F\n" ("\n" for no move) */
    CUBE_OPTIMAL_FORMAT_JSON = 1,     /**< one object without a newline: {"ok":true,"solution":"U R2 F",
                                           "optimal":true,"nodes":1234,"standard_table":true,"length":3,
                                           "metric":"htm"} */
    CUBE_OPTIMAL_FORMAT_TEXT_ALL = 2, /**< every solution of the list on one line (`--all`): "R' L', L' R'\n" */
    CUBE_OPTIMAL_FORMAT_JSON_ALL = 3  /**< as #CUBE_OPTIMAL_FORMAT_JSON with "solutions":["R' L'","L' R'"] in
                                           place of "solution" (`--all --json`) */
};

/**
 * (LIBCUBE_1.3) Writes the answer of cube_solve_optimal() as `cube solve --optimal` prints it: the solutions,
 * and in JSON whether they are proven optimal (result->proven_optimal), the nodes searched, whether the
 * standard table bounded the search, and the first solution's length in `metric` (0 for an empty list).
 * @param result the result struct cube_solve_optimal() filled (any published size)
 * @param list the solutions it returned
 * @param metric ::cube_metric of the search (options.metric): "htm" or "qtm" in JSON
 * @param format ::cube_optimal_format_kind
 * @param buffer where to write; may be NULL when capacity is 0 (to learn the length)
 * @param capacity bytes available in buffer
 * @param[out] length receives the text length without the NUL, also when the buffer is too small; may be NULL
 * @return #CUBE_OK, #CUBE_ERROR_BUFFER_TOO_SMALL, #CUBE_ERROR_INVALID_ARGUMENT (NULL or bad result or list,
 *         unknown metric or format, negative capacity, NULL buffer with a capacity), or the status of an
 *         entry of the list that has no solution (with its message)
 */
CUBE_API cube_status cube_optimal_result_format(const cube_optimal_result *result, const cube_solutions *list,
                                                int32_t metric, int32_t format, char *buffer, int32_t capacity,
                                                int32_t *length);

/**
 * (LIBCUBE_1.3) Writes the number of optimal solutions of a 2x2 as `cube solve --count` prints it (text: "12\n";
 * JSON: {"ok":true,"count":12,"length":5,"metric":"htm"} without a newline).
 * @param count what cube_count_optimal() answered (0 or more)
 * @param distance the optimal length, what cube_solve_distance() answered (0 or more)
 * @param metric ::cube_metric of both
 * @param format ::cube_solve_format_kind
 * @param buffer where to write; may be NULL when capacity is 0 (to learn the length)
 * @param capacity bytes available in buffer
 * @param[out] length receives the text length without the NUL, also when the buffer is too small; may be NULL
 * @return #CUBE_OK, #CUBE_ERROR_BUFFER_TOO_SMALL, #CUBE_ERROR_INVALID_ARGUMENT (a negative count or distance,
 *         unknown metric or format, negative capacity, NULL buffer with a capacity)
 */
CUBE_API cube_status cube_optimal_count_format(int64_t count, int32_t distance, int32_t metric, int32_t format,
                                               char *buffer, int32_t capacity, int32_t *length);

#ifdef __cplusplus
}
#endif

#endif /* CUBE_SOLVER_H */
