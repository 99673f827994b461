/**
 * @file cube/moves.h
 * @brief Move sequences in Singmaster notation: parsing, text, metrics, applying them to states.
 */
#ifndef CUBE_MOVES_H
#define CUBE_MOVES_H

#include <cube/common.h>
#include <cube/state.h>

#ifdef __cplusplus
extern "C" {
#endif

/** What a move turns. Amounts: 1 clockwise quarter, 2 half, 3 anticlockwise quarter ('). */
enum cube_move_kind {
    CUBE_MOVE_U = 0, CUBE_MOVE_R, CUBE_MOVE_F, CUBE_MOVE_D, CUBE_MOVE_L, CUBE_MOVE_B,  /**< outer faces */
    CUBE_MOVE_UW, CUBE_MOVE_RW, CUBE_MOVE_FW, CUBE_MOVE_DW, CUBE_MOVE_LW, CUBE_MOVE_BW, /**< two layers: Uw or u */
    CUBE_MOVE_M, CUBE_MOVE_E, CUBE_MOVE_S, /**< middle slices, turning as L, D and F */
    CUBE_MOVE_X, CUBE_MOVE_Y, CUBE_MOVE_Z, /**< whole-cube rotations, turning as R, U and F */
    CUBE_MOVE_KIND_COUNT /**< number of kinds */
};

/** How to count the length of a sequence. Rotations count 0 in every metric. */
enum cube_metric {
    CUBE_METRIC_HTM = 0, /**< half-turn: any face turn is 1, a slice turn is 2 */
    CUBE_METRIC_QTM = 1, /**< quarter-turn: quarter turns 1, half turns 2, slices twice that */
    CUBE_METRIC_STM = 2  /**< slice-turn: face and slice turns are 1 each */
};

/** A sequence of moves; `size` 2 or 3 says which cube it is for (the 2x2 takes faces and rotations only). */
typedef struct cube_moves cube_moves;

/**
 * Creates an empty sequence.
 * @param size 2 or 3: the cube it is for
 * @param[out] out receives the sequence, to free with cube_moves_free()
 * @return #CUBE_OK, #CUBE_ERROR_INVALID_ARGUMENT, #CUBE_ERROR_NO_MEMORY
 */
CUBE_API cube_status cube_moves_new(int32_t size, cube_moves **out);

/**
 * Parses Singmaster notation: faces U R F D L B with ', 2 or 2'; wide turns Rw or r; slices M E S;
 * rotations x y z. Spaces between moves are optional.
 * @param text NUL-terminated notation
 * @param size 2 or 3 (the 2x2 takes faces and rotations only)
 * @param[out] out receives the sequence, to free with cube_moves_free()
 * @return #CUBE_OK; #CUBE_ERROR_PARSE with cube_last_error() naming the offending token and its 1-based
 *         character position; #CUBE_ERROR_INVALID_ARGUMENT
 */
CUBE_API cube_status cube_moves_parse(const char *text, int32_t size, cube_moves **out);

/**
 * Creates an independent copy.
 * @param moves the sequence
 * @param[out] out receives the copy, to free with cube_moves_free()
 * @return #CUBE_OK, #CUBE_ERROR_INVALID_ARGUMENT, #CUBE_ERROR_NO_MEMORY
 */
CUBE_API cube_status cube_moves_copy(const cube_moves *moves, cube_moves **out);

/**
 * Frees a sequence. Its text becomes invalid.
 * @param moves the sequence; NULL is ignored
 */
CUBE_API void cube_moves_free(cube_moves *moves);

/**
 * Number of moves.
 * @param moves the sequence
 * @param[out] count receives the number of moves
 * @return #CUBE_OK or #CUBE_ERROR_INVALID_ARGUMENT
 */
CUBE_API cube_status cube_moves_count(const cube_moves *moves, int32_t *count);

/**
 * Length in a metric.
 * @param moves the sequence
 * @param metric ::cube_metric
 * @param[out] length receives the length
 * @return #CUBE_OK or #CUBE_ERROR_INVALID_ARGUMENT (also for an unknown metric)
 */
CUBE_API cube_status cube_moves_length(const cube_moves *moves, int32_t metric, int32_t *length);

/**
 * One move of the sequence.
 * @param moves the sequence
 * @param index 0-based position
 * @param[out] kind receives the ::cube_move_kind
 * @param[out] amount receives 1, 2 or 3
 * @return #CUBE_OK or #CUBE_ERROR_INVALID_ARGUMENT (also for an index out of range)
 */
CUBE_API cube_status cube_moves_get(const cube_moves *moves, int32_t index, int32_t *kind, int32_t *amount);

/**
 * Appends one move. Needs the sequence to itself (see threads in common.h).
 * @param moves the sequence
 * @param kind ::cube_move_kind, available on the sequence's cube size
 * @param amount 1, 2 or 3 (-1 is taken as 3)
 * @return #CUBE_OK, #CUBE_ERROR_INVALID_ARGUMENT, #CUBE_ERROR_NO_MEMORY
 */
CUBE_API cube_status cube_moves_push(cube_moves *moves, int32_t kind, int32_t amount);

/**
 * Appends all moves of `tail` (which may be `moves` itself).
 * @param moves the sequence to extend
 * @param tail the moves to append, for a cube of the same size
 * @return #CUBE_OK, #CUBE_ERROR_INVALID_ARGUMENT, #CUBE_ERROR_NO_MEMORY
 */
CUBE_API cube_status cube_moves_append(cube_moves *moves, const cube_moves *tail);

/**
 * Reverses the sequence and inverts every move, in place.
 * @param moves the sequence
 * @return #CUBE_OK or #CUBE_ERROR_INVALID_ARGUMENT
 */
CUBE_API cube_status cube_moves_invert(cube_moves *moves);

/**
 * Simplifies in place: merges and cancels consecutive moves on one axis, including across commuting
 * moves of the opposite face ("U D U'" becomes "D"), and orders each such run canonically.
 * @param moves the sequence
 * @return #CUBE_OK or #CUBE_ERROR_INVALID_ARGUMENT
 */
CUBE_API cube_status cube_moves_simplify(cube_moves *moves);

/**
 * Canonical text ("R U R' U2"). Reading it changes nothing, so threads may share one sequence.
 * @param moves the sequence
 * @param[out] text receives text owned by the sequence: valid until it is changed or freed
 * @return #CUBE_OK or #CUBE_ERROR_INVALID_ARGUMENT
 */
CUBE_API cube_status cube_moves_text(const cube_moves *moves, const char **text);

/**
 * Copies the canonical text into a caller's buffer.
 * @param moves the sequence
 * @param buffer where to write; may be NULL when capacity is 0
 * @param capacity bytes available in buffer
 * @param[out] length receives the text length without the NUL; may be NULL
 * @return #CUBE_OK, #CUBE_ERROR_BUFFER_TOO_SMALL, #CUBE_ERROR_INVALID_ARGUMENT
 */
CUBE_API cube_status cube_moves_copy_text(const cube_moves *moves, char *buffer, int32_t capacity, int32_t *length);

/**
 * Applies a sequence to a state of the same size.
 * @param state the state to change
 * @param moves the moves; a move the state's size cannot take leaves the state unchanged
 * @return #CUBE_OK or #CUBE_ERROR_INVALID_ARGUMENT
 */
CUBE_API cube_status cube_state_apply(cube_state *state, const cube_moves *moves);

/**
 * Parses `text` for the state's size and applies it.
 * @param state the state to change (unchanged on error)
 * @param text notation as for cube_moves_parse()
 * @return #CUBE_OK, #CUBE_ERROR_PARSE, #CUBE_ERROR_INVALID_ARGUMENT
 */
CUBE_API cube_status cube_state_apply_text(cube_state *state, const char *text);

/**
 * A random-move scramble from a seed, the same on every run and machine. No face is turned twice in a
 * row and no move cancels across its opposite face. The 2x2 uses U, R and F.
 * @param size 2 or 3
 * @param seed any value
 * @param length number of moves, 1 to 10000; 0 for the default (25 for the 3x3, 11 for the 2x2)
 * @param[out] out receives the sequence, to free with cube_moves_free()
 * @return #CUBE_OK, #CUBE_ERROR_INVALID_ARGUMENT, #CUBE_ERROR_NO_MEMORY
 */
CUBE_API cube_status cube_scramble(int32_t size, uint64_t seed, int32_t length, cube_moves **out);

#ifdef __cplusplus
}
#endif

#endif /* CUBE_MOVES_H */
