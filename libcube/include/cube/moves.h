/* libcube: move sequences in Singmaster notation. */
#ifndef CUBE_MOVES_H
#define CUBE_MOVES_H

#include <cube/common.h>
#include <cube/state.h>

#ifdef __cplusplus
extern "C" {
#endif

/** What a move turns. Amounts: 1 clockwise quarter, 2 half, 3 anticlockwise quarter ('). */
typedef enum cube_move_kind {
    CUBE_MOVE_U = 0, CUBE_MOVE_R, CUBE_MOVE_F, CUBE_MOVE_D, CUBE_MOVE_L, CUBE_MOVE_B,  /**< outer faces */
    CUBE_MOVE_UW, CUBE_MOVE_RW, CUBE_MOVE_FW, CUBE_MOVE_DW, CUBE_MOVE_LW, CUBE_MOVE_BW, /**< two layers: Uw or u */
    CUBE_MOVE_M, CUBE_MOVE_E, CUBE_MOVE_S, /**< middle slices, turning as L, D and F */
    CUBE_MOVE_X, CUBE_MOVE_Y, CUBE_MOVE_Z, /**< whole-cube rotations, turning as R, U and F */
    CUBE_MOVE_KIND_COUNT
} cube_move_kind;

/** How to count the length of a sequence. Rotations count 0 in every metric. */
typedef enum cube_metric {
    CUBE_METRIC_HTM = 0, /**< half-turn: any face turn is 1, a slice turn is 2 */
    CUBE_METRIC_QTM = 1, /**< quarter-turn: quarter turns 1, half turns 2, slices twice that */
    CUBE_METRIC_STM = 2  /**< slice-turn: face and slice turns are 1 each */
} cube_metric;

/** A sequence of moves; `size` 2 or 3 says which cube it is for (the 2x2 takes faces and rotations only). */
typedef struct cube_moves cube_moves;

/** Creates an empty sequence for a cube of `size` 2 or 3. */
CUBE_API cube_status cube_moves_new(int32_t size, cube_moves **out);

/**
 * Parses Singmaster notation: faces U R F D L B with ', 2 or 2'; wide turns Rw or r; slices M E S;
 * rotations x y z. Spaces between moves are optional. On error returns CUBE_ERROR_PARSE and
 * cube_last_error() names the offending token and its 1-based character position.
 */
CUBE_API cube_status cube_moves_parse(const char *text, int32_t size, cube_moves **out);

CUBE_API cube_status cube_moves_copy(const cube_moves *moves, cube_moves **out);

/** Frees a sequence; NULL is ignored. */
CUBE_API void cube_moves_free(cube_moves *moves);

/** Number of moves in the sequence, or a negative cube_status. */
CUBE_API int32_t cube_moves_count(const cube_moves *moves);

/** Length in a metric, or a negative cube_status. */
CUBE_API int32_t cube_moves_length(const cube_moves *moves, int32_t metric);

/** The move at `index` (0-based): its kind and amount (1, 2 or 3). */
CUBE_API cube_status cube_moves_get(const cube_moves *moves, int32_t index, int32_t *kind, int32_t *amount);

/** Appends one move (amount 1, 2 or 3; -1 is taken as 3). */
CUBE_API cube_status cube_moves_push(cube_moves *moves, int32_t kind, int32_t amount);

/** Appends all moves of `tail` to `moves`. */
CUBE_API cube_status cube_moves_append(cube_moves *moves, const cube_moves *tail);

/** Reverses the sequence and inverts every move, in place. */
CUBE_API cube_status cube_moves_invert(cube_moves *moves);

/**
 * Simplifies in place: merges and cancels consecutive moves on one axis, including across
 * commuting moves of the opposite face ("U D U'" becomes "D"), and orders each such run canonically.
 */
CUBE_API cube_status cube_moves_simplify(cube_moves *moves);

/** Canonical text ("R U R' U2"), owned by the sequence: valid until it is changed or freed. */
CUBE_API const char *cube_moves_text(const cube_moves *moves);

/** Copies the canonical text into a caller's buffer; conventions as cube_state_copy_facelets(). */
CUBE_API cube_status cube_moves_copy_text(const cube_moves *moves, char *buffer, int32_t capacity, int32_t *length);

/** Applies the sequence to a state of the same size. */
CUBE_API cube_status cube_state_apply(cube_state *state, const cube_moves *moves);

/** Parses `text` for the state's size and applies it. */
CUBE_API cube_status cube_state_apply_text(cube_state *state, const char *text);

/**
 * A random-move scramble of `length` moves (0: 25 for the 3x3, 11 for the 2x2) from a seed. No face is
 * turned twice in a row and no move cancels across its opposite face. The 2x2 uses U, R and F.
 */
CUBE_API cube_status cube_scramble(int32_t size, uint64_t seed, int32_t length, cube_moves **out);

#ifdef __cplusplus
}
#endif

#endif /* CUBE_MOVES_H */
