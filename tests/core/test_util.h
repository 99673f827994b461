/* Shared includes and helpers for the cmocka tests of the public C API. */
#ifndef CUBE_TEST_UTIL_H
#define CUBE_TEST_UTIL_H

#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <cmocka.h>
#include <stdio.h>
#include <string.h>

#include <cube/cube.h>

#define SOLVED3 "UUUUUUUUURRRRRRRRRFFFFFFFFFDDDDDDDDDLLLLLLLLLBBBBBBBBB"
#define SOLVED2 "UUUURRRRFFFFDDDDLLLLBBBB"

/* Asserts that `call` failed with `status` and that the error message contains `needle`. */
#define assert_fails_with(call, status, needle)                                              \
    do {                                                                                     \
        int32_t st_ = (call);                                                                \
        assert_int_equal(st_, (status));                                                     \
        if (strstr(cube_last_error(), (needle)) == NULL) {                                   \
            print_error("message \"%s\" lacks \"%s\"\n", cube_last_error(), (needle));       \
            fail();                                                                          \
        }                                                                                    \
    } while (0)

/* Asserts that `call` refuses its arguments: CUBE_ERROR_INVALID_ARGUMENT, with a message containing `needle`
 * (set by this call: the message is cleared first). */
#define assert_refused(call, needle)                                                         \
    do {                                                                                     \
        cube_clear_error();                                                                  \
        assert_fails_with(call, CUBE_ERROR_INVALID_ARGUMENT, needle);                        \
        assert_int_equal(cube_last_status(), CUBE_ERROR_INVALID_ARGUMENT);                   \
    } while (0)

/* Getters that assert success: the value of an out-parameter call. */
static inline const char *facelets_of(const cube_state *s) {
    const char *facelets = NULL;
    assert_int_equal(cube_state_facelets(s, &facelets), CUBE_OK);
    return facelets;
}

static inline int32_t state_size_of(const cube_state *s) {
    int32_t size = 0;
    assert_int_equal(cube_state_size(s, &size), CUBE_OK);
    return size;
}

static inline int32_t state_solved(const cube_state *s) {
    int32_t solved = -1;
    assert_int_equal(cube_state_is_solved(s, &solved), CUBE_OK);
    return solved;
}

static inline int32_t states_equal(const cube_state *a, const cube_state *b) {
    int32_t equal = -1;
    assert_int_equal(cube_state_equal(a, b, &equal), CUBE_OK);
    return equal;
}

static inline const char *moves_text_of(const cube_moves *m) {
    const char *text = NULL;
    assert_int_equal(cube_moves_text(m, &text), CUBE_OK);
    return text;
}

static inline int32_t moves_count_of(const cube_moves *m) {
    int32_t count = -1;
    assert_int_equal(cube_moves_count(m, &count), CUBE_OK);
    return count;
}

static inline int32_t moves_length_of(const cube_moves *m, int32_t metric) {
    int32_t length = -1;
    assert_int_equal(cube_moves_length(m, metric, &length), CUBE_OK);
    return length;
}

static inline cube_state *state_after(int32_t size, const char *moves) {
    cube_state *s = NULL;
    assert_int_equal(cube_state_new(size, &s), CUBE_OK);
    assert_int_equal(cube_state_apply_text(s, moves), CUBE_OK);
    return s;
}

#endif
