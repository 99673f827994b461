/**
 * @file cube/state.h
 * @brief Cube states (2x2 and 3x3) as opaque handles: facelet strings, validation, text nets.
 */
#ifndef CUBE_STATE_H
#define CUBE_STATE_H

#include <cube/common.h>

#ifdef __cplusplus
extern "C" {
#endif

/**
 * A 2x2 or 3x3 cube state. Facelet strings list the stickers face by face in the order
 * U R F D L B, each face row by row: U seen from above with B at the top; F, R, B, L with U at
 * the top; D with F at the top (the layout of the kociemba tools). Solved 3x3:
 * "UUUUUUUUURRRRRRRRRFFFFFFFFFDDDDDDDDDLLLLLLLLLBBBBBBBBB"; the 2x2 has 24 letters in the same layout.
 * A state may be rotated as a whole (after x, y, z or slice moves the centres move too).
 */
typedef struct cube_state cube_state;

/**
 * Creates a solved cube.
 * @param size 2 or 3
 * @param[out] out receives the new state, to free with cube_state_free()
 * @return #CUBE_OK, #CUBE_ERROR_INVALID_ARGUMENT (size, NULL out), #CUBE_ERROR_NO_MEMORY
 */
CUBE_API cube_status cube_state_new(int32_t size, cube_state **out);

/**
 * Reads and validates a facelet string. Letters U R F D L B are taken as the faces they name. Any other
 * six distinct characters (a colour scan such as "WWWW...") are mapped to faces by the centres (3x3) or
 * by the corner in the DBL slot (2x2).
 * @param facelets NUL-terminated string of 24 or 54 stickers
 * @param size 2, 3, or 0 to infer it from the length
 * @param[out] out receives the new state, to free with cube_state_free()
 * @return #CUBE_OK; #CUBE_ERROR_INVALID_CUBE with cube_last_error() saying exactly what is wrong (length,
 *         unknown character, colour counts, impossible or duplicated pieces, twist, flip, parity);
 *         #CUBE_ERROR_INVALID_ARGUMENT (NULL, size)
 */
CUBE_API cube_status cube_state_from_facelets(const char *facelets, int32_t size, cube_state **out);

/**
 * Checks a facelet string without keeping it.
 * @param facelets as for cube_state_from_facelets()
 * @param size 2, 3 or 0
 * @return #CUBE_OK or the error cube_state_from_facelets() would give
 */
CUBE_API cube_status cube_validate_facelets(const char *facelets, int32_t size);

/**
 * Creates an independent copy.
 * @param state the state to copy
 * @param[out] out receives the copy, to free with cube_state_free()
 * @return #CUBE_OK, #CUBE_ERROR_INVALID_ARGUMENT, #CUBE_ERROR_NO_MEMORY
 */
CUBE_API cube_status cube_state_copy(const cube_state *state, cube_state **out);

/**
 * Frees a state. Strings it owned become invalid.
 * @param state the state; NULL is ignored
 */
CUBE_API void cube_state_free(cube_state *state);

/**
 * The cube's size.
 * @param state the state
 * @param[out] size receives 2 or 3
 * @return #CUBE_OK or #CUBE_ERROR_INVALID_ARGUMENT
 */
CUBE_API cube_status cube_state_size(const cube_state *state, int32_t *size);

/**
 * Compares two states sticker by sticker.
 * @param a first state
 * @param b second state
 * @param[out] equal receives 1 if both have the same size and stickers, else 0
 * @return #CUBE_OK or #CUBE_ERROR_INVALID_ARGUMENT
 */
CUBE_API cube_status cube_state_equal(const cube_state *a, const cube_state *b, int32_t *equal);

/**
 * Whether every face shows one colour, in any whole-cube orientation.
 * @param state the state
 * @param[out] solved receives 1 or 0
 * @return #CUBE_OK or #CUBE_ERROR_INVALID_ARGUMENT
 */
CUBE_API cube_status cube_state_is_solved(const cube_state *state, int32_t *solved);

/**
 * The facelet string in URFDLB letters.
 * @param state the state
 * @param[out] facelets receives text owned by the state: valid until the state is changed or freed
 * @return #CUBE_OK or #CUBE_ERROR_INVALID_ARGUMENT
 */
CUBE_API cube_status cube_state_facelets(const cube_state *state, const char **facelets);

/**
 * Copies the facelet string and its terminating NUL into a caller's buffer.
 * @param state the state
 * @param buffer where to write; may be NULL when capacity is 0
 * @param capacity bytes available in buffer
 * @param[out] length receives the string length without the NUL, also when the buffer is too small; may be NULL
 * @return #CUBE_OK, #CUBE_ERROR_BUFFER_TOO_SMALL, #CUBE_ERROR_INVALID_ARGUMENT
 */
CUBE_API cube_status cube_state_copy_facelets(const cube_state *state, char *buffer, int32_t capacity,
                                              int32_t *length);

/** Flags for cube_state_format_net(). */
enum cube_net_flags {
    CUBE_NET_PLAIN = 0,     /**< letters only */
    CUBE_NET_COLOR = 1 << 0 /**< ANSI background colours (white, red, green, yellow, orange, blue) */
};

/**
 * Writes the cube as an unfolded net (U on top, then L F R B, then D), one line per sticker row, each
 * line ending in '\n'.
 * @param state the state
 * @param flags ::cube_net_flags, or-ed
 * @param buffer where to write; may be NULL when capacity is 0 (to learn the length)
 * @param capacity bytes available in buffer
 * @param[out] length receives the text length without the NUL; may be NULL
 * @return #CUBE_OK, #CUBE_ERROR_BUFFER_TOO_SMALL, #CUBE_ERROR_INVALID_ARGUMENT (also for unknown flags)
 */
CUBE_API cube_status cube_state_format_net(const cube_state *state, uint32_t flags, char *buffer, int32_t capacity,
                                           int32_t *length);

/**
 * A uniformly random reachable state from a 64-bit seed, the same on every run and machine.
 * 3x3: centres at home. 2x2: the DBL corner at home.
 * @param size 2 or 3
 * @param seed any value
 * @param[out] out receives the new state, to free with cube_state_free()
 * @return #CUBE_OK, #CUBE_ERROR_INVALID_ARGUMENT, #CUBE_ERROR_NO_MEMORY
 */
CUBE_API cube_status cube_state_random(int32_t size, uint64_t seed, cube_state **out);

#ifdef __cplusplus
}
#endif

#endif /* CUBE_STATE_H */
