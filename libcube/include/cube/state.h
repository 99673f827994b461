/* libcube: cube states (2x2 and 3x3) as opaque handles, facelet strings, validation, text nets. */
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

/** Creates a solved cube of `size` 2 or 3. */
CUBE_API cube_status cube_state_new(int32_t size, cube_state **out);

/**
 * Reads and validates a facelet string. `size` is 2, 3, or 0 to infer it from the length (24 or 54).
 * Letters U R F D L B are taken as the faces they name. Any other six distinct characters (a colour
 * scan such as "WWWW...") are mapped to faces by the centres (3x3) or by the corner in the DBL slot (2x2).
 * On a bad string returns CUBE_ERROR_INVALID_CUBE and cube_last_error() says exactly what is wrong.
 */
CUBE_API cube_status cube_state_from_facelets(const char *facelets, int32_t size, cube_state **out);

/** Checks a facelet string without keeping it: CUBE_OK or the validation error. */
CUBE_API cube_status cube_validate_facelets(const char *facelets, int32_t size);

/** Creates an independent copy. */
CUBE_API cube_status cube_state_copy(const cube_state *state, cube_state **out);

/** Frees a state; NULL is ignored. */
CUBE_API void cube_state_free(cube_state *state);

/** 2 or 3, or a negative cube_status. */
CUBE_API int32_t cube_state_size(const cube_state *state);

/** 1 if both states have the same size and stickers, 0 if not, or a negative cube_status. */
CUBE_API int32_t cube_state_equal(const cube_state *a, const cube_state *b);

/** 1 if every face shows one colour (in any whole-cube orientation), 0 if not, or a negative cube_status. */
CUBE_API int32_t cube_state_is_solved(const cube_state *state);

/**
 * The facelet string in URFDLB letters, owned by the state: valid until the state is changed or freed.
 * NULL (with cube_last_error()) for a bad handle.
 */
CUBE_API const char *cube_state_facelets(const cube_state *state);

/**
 * Copies the facelet string and its terminating NUL into `buffer` of `capacity` bytes.
 * With a too small buffer returns CUBE_ERROR_BUFFER_TOO_SMALL; `*length` (if not NULL)
 * receives the string length without the NUL in either case.
 */
CUBE_API cube_status cube_state_copy_facelets(const cube_state *state, char *buffer, int32_t capacity, int32_t *length);

/** Flags for cube_state_format_net(). */
typedef enum cube_net_flags {
    CUBE_NET_PLAIN = 0,
    CUBE_NET_COLOR = 1 << 0 /**< ANSI background colours (white, red, green, yellow, orange, blue) */
} cube_net_flags;

/**
 * Writes the cube as an unfolded net (U on top, then L F R B, then D), one line per sticker row,
 * each line ending in '\n', into `buffer`. Same buffer convention as cube_state_copy_facelets();
 * pass NULL and 0 to learn the length.
 */
CUBE_API cube_status cube_state_format_net(const cube_state *state, uint32_t flags, char *buffer, int32_t capacity,
                                           int32_t *length);

/**
 * A uniformly random reachable state from a 64-bit seed, the same on every run and machine.
 * 3x3: centres at home. 2x2: the DBL corner at home.
 */
CUBE_API cube_status cube_state_random(int32_t size, uint64_t seed, cube_state **out);

#ifdef __cplusplus
}
#endif

#endif /* CUBE_STATE_H */
