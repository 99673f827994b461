/* libcube: solving 2x2 (optimal) and 3x3 (two-phase) cubes with one reusable solver handle. */
#ifndef CUBE_SOLVER_H
#define CUBE_SOLVER_H

#include <cube/common.h>
#include <cube/moves.h>
#include <cube/state.h>

#ifdef __cplusplus
extern "C" {
#endif

/**
 * A solver: create once, use from any number of threads at once, free when done. It builds the 2x2
 * distance tables (a fraction of a second) and maps the 3x3 tables from the table folder the first
 * time a cube of that size is solved (or when cube_solver_prepare() asks for it).
 */
typedef struct cube_solver cube_solver;

/** Called during table generation: `stage` names the step, `fraction` runs from 0 to 1. */
typedef void (*cube_progress_fn)(void *user_data, const char *stage, double fraction);

/** How a solver finds and keeps its tables. Initialise with cube_solver_config_init(). */
typedef struct cube_solver_config {
    uint32_t struct_size;        /**< sizeof(cube_solver_config), set by cube_solver_config_init() */
    const char *table_dir;       /**< NULL: $CUBE_TABLE_DIR, else $XDG_CACHE_HOME/libcube, else ~/.cache/libcube */
    cube_progress_fn progress;   /**< NULL: no progress reports */
    void *progress_user_data;
} cube_solver_config;

/** Limits and goal of one solve. Initialise with cube_solve_options_init(); fields may be added at the end. */
typedef struct cube_solve_options {
    uint32_t struct_size;      /**< sizeof(cube_solve_options), set by cube_solve_options_init() */
    int32_t metric;            /**< cube_metric: CUBE_METRIC_HTM (default) or CUBE_METRIC_QTM (2x2 only) */
    int32_t max_length;        /**< longest acceptable solution; 0 = default (3x3: 20; 2x2: optimal, no limit) */
    int32_t timeout_ms;        /**< 0 = no time limit (3x3; the 2x2 is always instant) */
    int32_t min_effort;        /**< nonzero: keep looking for shorter solutions until timeout_ms (3x3) */
    const cube_state *target;  /**< NULL: solve to solved; else a state of the same size to reach */
} cube_solve_options;

CUBE_API void cube_solver_config_init(cube_solver_config *config);
CUBE_API void cube_solve_options_init(cube_solve_options *options);

/** Creates a solver; `config` may be NULL for the defaults. Loads no tables yet. */
CUBE_API cube_status cube_solver_new(const cube_solver_config *config, cube_solver **out);

/** Frees a solver; NULL is ignored. Solutions it returned stay valid. */
CUBE_API void cube_solver_free(cube_solver *solver);

/** Loads (or generates) the tables for cubes of `size` now, reporting progress through the config's callback. */
CUBE_API cube_status cube_solver_prepare(cube_solver *solver, int32_t size);

/**
 * Solves `state` (2x2: an optimal solution in the chosen metric; 3x3: two-phase, at most max_length
 * face turns, shortest found within the limits). `options` may be NULL. The solution is a new
 * sequence of face turns. The 2x2 solution keeps the corner in the DBL slot still, so the cube ends
 * with every face one colour, possibly turned as a whole; the 3x3 keeps the centres where they are.
 * Returns CUBE_ERROR_UNSOLVABLE when no solution within the limits was found.
 */
CUBE_API cube_status cube_solve(cube_solver *solver, const cube_state *state, const cube_solve_options *options,
                                cube_moves **solution);

/** Length of an optimal solution of a 2x2 in the options' metric (or a negative cube_status). */
CUBE_API int32_t cube_solve_distance(cube_solver *solver, const cube_state *state, const cube_solve_options *options);

/** Called with each solution; return nonzero to stop early. The sequence is valid only during the call. */
typedef int32_t (*cube_solution_fn)(void *user_data, const cube_moves *solution);

/**
 * 2x2: calls `fn` with every optimal solution (distinct move sequences, in a fixed order), at most
 * `limit` of them. `*produced` (may be NULL) receives how many were given.
 */
CUBE_API cube_status cube_solve_all(cube_solver *solver, const cube_state *state, const cube_solve_options *options,
                                    int64_t limit, cube_solution_fn fn, void *user_data, int64_t *produced);

/** 2x2: the number of distinct optimal solutions. */
CUBE_API cube_status cube_count_optimal(cube_solver *solver, const cube_state *state,
                                        const cube_solve_options *options, int64_t *count);

/**
 * Solves `count` states on `threads` threads (0: one per processor). `solutions[i]` receives a new
 * sequence or NULL, `statuses[i]` its status (may be NULL). Returns CUBE_OK if every state was solved,
 * otherwise the first failing status (its message is the one for that state).
 */
CUBE_API cube_status cube_solve_batch(cube_solver *solver, const cube_state *const *states, int32_t count,
                                      const cube_solve_options *options, int32_t threads, cube_moves **solutions,
                                      int32_t *statuses);

/** Generates (or checks and keeps) the 3x3 table file in `table_dir` (NULL: the default folder). */
CUBE_API cube_status cube_tables_generate(const char *table_dir, cube_progress_fn progress, void *user_data);

/** Checks the 3x3 table file in `table_dir` completely: CUBE_OK, CUBE_ERROR_NOT_FOUND or CUBE_ERROR_CORRUPT. */
CUBE_API cube_status cube_tables_verify(const char *table_dir);

/** Path of the 3x3 table file for `table_dir` (NULL: default folder), copied into `buffer`. */
CUBE_API cube_status cube_tables_path(const char *table_dir, char *buffer, int32_t capacity, int32_t *length);

#ifdef __cplusplus
}
#endif

#endif /* CUBE_SOLVER_H */
