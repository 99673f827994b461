/**
 * @file cube/method.h
 * @brief Human solving methods: a beginner's layer-by-layer (LBL) solution of a 2x2 or 3x3 as labelled
 * stages, each with its moves, the cube after it and the named formulas it used.
 *
 * @section lbl_frame Which face is which
 * The cube is solved as it is held: no whole-cube rotations are added, every move is a face turn of the
 * cube as given. The first layer is the D face (the bottom): on a 3x3 the colour of the D centre, on a
 * 2x2 the colour the corner in the DBL slot shows on D (the same frame cube_solve() keeps still); the
 * last layer is U. A cube rotated as a whole (after x, y, z) is solved in the same way, with whatever
 * centre is at the bottom. A formula "seen from" another side is written with the faces it then turns
 * (the sune R U R' U R U2 R' seen from the back is L U L' U L U2 L').
 *
 * @section lbl_stages Stages of #CUBE_METHOD_LBL
 * 3x3, seven stages, always in this order (a stage with nothing to do has no moves):
 * - `cross`: the four D edges, the shortest way (at most 8 moves, from a small table);
 * - `first-layer-corners`: each D corner turned above its slot with U, then `sexy-move` (R U R' U')
 *   repeated until it sits (a corner stuck in the wrong slot is first taken out with one `sexy-move`);
 * - `middle-layer`: each middle edge lined up with its centre, then `edge-right` (U R U' R' U' F' U F) or
 *   `edge-left` (U' L' U L U F U' F');
 * - `top-cross`: `fruruf` (F R U R' U' F') from the side that makes progress (dot, L, line, cross);
 * - `top-face`: `sune` (R U R' U R U2 R') or `left-sune` (L' U' L U' L' U2 L): of the two formulas from
 *   the four sides, among those that leave fewer formulas to do, the one that brings up the most
 *   top-colour stickers (counted as a person counts them; ties: the one nearer the goal). Seen from the
 *   back they are L U L' U L U2 L' and R' U' R U' R' U2 R;
 * - `top-corners`: `a-perm` (R' F R' B2 R F' R' B2 R2) and U turns until the top corners are home;
 * - `top-edges`: `ua-perm` (R U' R U R U R U' R' U' R2) or `ub-perm` (R2 U R U R' U' R' U' R' U R').
 *
 * 2x2, three stages: `first-layer` (as `first-layer-corners`), `top-face`, `top-corners`.
 */
#ifndef CUBE_METHOD_H
#define CUBE_METHOD_H

#include <cube/common.h>
#include <cube/moves.h>
#include <cube/solver.h>
#include <cube/state.h>

#ifdef __cplusplus
extern "C" {
#endif

/** The methods cube_solve_method() knows (passed as int32_t). */
enum cube_method {
    CUBE_METHOD_LBL = 0 /**< the beginner's layer-by-layer method (see the file's description) */
};

/** Flags of cube_method_options.flags. */
enum cube_method_flags {
    CUBE_METHOD_AS_PERFORMED = 1 << 0 /**< keep each stage's moves exactly as the formulas are performed;
                                           by default consecutive turns of one face within a stage are
                                           merged ("U' U2" becomes "U") */
};

/** How to solve by a method. Fill it with cube_method_options_init(). */
typedef struct cube_method_options {
    uint32_t struct_size; /**< set by cube_method_options_init() */
    uint32_t flags;       /**< ::cube_method_flags, or-ed; 0 (the default) for none */
} cube_method_options;

/** Size of the first published cube_method_options. */
#define CUBE_METHOD_OPTIONS_SIZE_V1 CUBE_SIZE_THROUGH(cube_method_options, flags)

/**
 * Fills options with the defaults (no flags); use the macro cube_method_options_init().
 * @param options the struct to fill; nothing past `size` bytes is written
 * @param size sizeof the caller's struct: a published size or larger
 * @return #CUBE_OK or #CUBE_ERROR_INVALID_ARGUMENT
 */
CUBE_API cube_status cube_method_options_init_sized(cube_method_options *options, uint32_t size);
/** Fills `options` (a cube_method_options *) with the defaults. */
#define cube_method_options_init(options) cube_method_options_init_sized((options), (uint32_t)sizeof *(options))

/**
 * A solution by a method: the whole move sequence and its stages. Immutable; any number of threads may
 * read one at once. Strings it gives are owned by it and valid until it is freed.
 */
typedef struct cube_method_solution cube_method_solution;

/**
 * Solves a cube by a human method. Needs no solver tables: about 25 us per 3x3 on average (the first call
 * of a process computes the method's own small tables, about 20 ms).
 * @param solver a solver (the method uses no tables of it; any valid solver)
 * @param state the cube to solve, 2x2 or 3x3, in any whole-cube orientation (read only)
 * @param method ::cube_method: #CUBE_METHOD_LBL
 * @param options NULL for the defaults
 * @param[out] out receives the solution, to free with cube_method_solution_free()
 * @return #CUBE_OK, #CUBE_ERROR_INVALID_ARGUMENT (NULL or freed handles, an unknown method, a bad
 *         struct_size, unknown flags), #CUBE_ERROR_UNSUPPORTED (a newer options struct with unknown
 *         fields set), #CUBE_ERROR_NO_MEMORY
 */
CUBE_API cube_status cube_solve_method(cube_solver *solver, const cube_state *state, int32_t method,
                                       const cube_method_options *options, cube_method_solution **out);

/**
 * Frees a solution. Its strings become invalid; sequences taken from it stay valid.
 * @param solution the solution; NULL is ignored
 */
CUBE_API void cube_method_solution_free(cube_method_solution *solution);

/**
 * The whole solution: the stages' moves one after the other (not merged across stages).
 * @param solution the solution
 * @param[out] out receives a new sequence, to free with cube_moves_free()
 * @return #CUBE_OK, #CUBE_ERROR_INVALID_ARGUMENT, #CUBE_ERROR_NO_MEMORY
 */
CUBE_API cube_status cube_method_solution_moves(const cube_method_solution *solution, cube_moves **out);

/**
 * Number of stages (LBL: 7 for a 3x3, 3 for a 2x2; a stage with nothing to do is kept, with no moves).
 * @param solution the solution
 * @param[out] count receives the number
 * @return #CUBE_OK or #CUBE_ERROR_INVALID_ARGUMENT
 */
CUBE_API cube_status cube_method_solution_stage_count(const cube_method_solution *solution, int32_t *count);

/**
 * Name of a stage: a stable identifier such as "cross" or "top-face" (see the file's description).
 * @param solution the solution
 * @param stage 0-based stage
 * @param[out] name receives text owned by the solution
 * @return #CUBE_OK or #CUBE_ERROR_INVALID_ARGUMENT (also for a stage out of range)
 */
CUBE_API cube_status cube_method_solution_stage_name(const cube_method_solution *solution, int32_t stage,
                                                     const char **name);

/**
 * Moves of a stage.
 * @param solution the solution
 * @param stage 0-based stage
 * @param[out] out receives a new sequence (empty if the stage had nothing to do), to free with cube_moves_free()
 * @return #CUBE_OK, #CUBE_ERROR_INVALID_ARGUMENT, #CUBE_ERROR_NO_MEMORY
 */
CUBE_API cube_status cube_method_solution_stage_moves(const cube_method_solution *solution, int32_t stage,
                                                      cube_moves **out);

/**
 * The cube after a stage, as a facelet string in the same letters as cube_state_facelets() gives for
 * the state that was solved (so a cube_state_from_facelets() of it is that state after the stage).
 * @param solution the solution
 * @param stage 0-based stage
 * @param[out] facelets receives text owned by the solution
 * @return #CUBE_OK or #CUBE_ERROR_INVALID_ARGUMENT
 */
CUBE_API cube_status cube_method_solution_stage_facelets(const cube_method_solution *solution, int32_t stage,
                                                         const char **facelets);

/**
 * Number of named formulas a stage performed: one entry per use, in order (U turns between them and the
 * cross's moves are not formulas).
 * @param solution the solution
 * @param stage 0-based stage
 * @param[out] count receives the number
 * @return #CUBE_OK or #CUBE_ERROR_INVALID_ARGUMENT
 */
CUBE_API cube_status cube_method_solution_algorithm_count(const cube_method_solution *solution, int32_t stage,
                                                          int32_t *count);

/**
 * Name of one formula a stage performed, such as "sune" or "fruruf" (see the file's description).
 * @param solution the solution
 * @param stage 0-based stage
 * @param index 0-based use within the stage
 * @param[out] name receives text owned by the solution
 * @return #CUBE_OK or #CUBE_ERROR_INVALID_ARGUMENT
 */
CUBE_API cube_status cube_method_solution_algorithm(const cube_method_solution *solution, int32_t stage,
                                                    int32_t index, const char **name);

/**
 * The moves of a named formula as written from the front (F), e.g. "R U R' U R U2 R'" for "sune".
 * @param name a formula name as cube_method_solution_algorithm() gives
 * @param[out] moves receives a static string
 * @return #CUBE_OK, #CUBE_ERROR_NOT_FOUND (no formula of that name), #CUBE_ERROR_INVALID_ARGUMENT (NULL)
 */
CUBE_API cube_status cube_method_algorithm_moves(const char *name, const char **moves);

/** Output formats of cube_method_solution_format() (LIBCUBE_1.3). */
enum cube_method_format_kind {
    CUBE_METHOD_FORMAT_TEXT = 0, /**< one line per stage, "cross: F R' D2" then the formulas it used
                                      ("  (sexy-move x3, edge-left)"; "(nothing to do)" for an empty stage),
                                      and "total: N moves (htm)"; every line ends with '\n' */
    CUBE_METHOD_FORMAT_LINE = 1, /**< one line: "cross: F R' D2 | first-layer-corners: ... | total: N\n" */
    CUBE_METHOD_FORMAT_JSON = 2  /**< one object without a newline: {"ok":true,"method":"lbl","solution":"..",
                                      "length":N,"metric":"htm","stages":[{"name":"cross","moves":"..","length":n,
                                      "algorithms":["sune",..],"facelets":".."},..]} */
};

/**
 * (LIBCUBE_1.3) Writes the solution as `cube solve --method lbl` prints it: its stages as lines (text), as
 * one batch line (line), or as `--json` gives it and the server's POST /v1/solve answers with method "lbl"
 * (JSON). Lengths are in HTM.
 * @param solution the solution
 * @param format ::cube_method_format_kind
 * @param buffer where to write; may be NULL when capacity is 0 (to learn the length)
 * @param capacity bytes available in buffer
 * @param[out] length receives the text length without the NUL, also when the buffer is too small; may be NULL
 * @return #CUBE_OK, #CUBE_ERROR_BUFFER_TOO_SMALL, #CUBE_ERROR_INVALID_ARGUMENT (bad solution, unknown format,
 *         negative capacity, NULL buffer with a capacity)
 */
CUBE_API cube_status cube_method_solution_format(const cube_method_solution *solution, int32_t format, char *buffer,
                                                 int32_t capacity, int32_t *length);

#ifdef __cplusplus
}
#endif

#endif /* CUBE_METHOD_H */
