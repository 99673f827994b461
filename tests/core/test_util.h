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

static inline cube_state *state_after(int32_t size, const char *moves) {
    cube_state *s = NULL;
    assert_int_equal(cube_state_new(size, &s), CUBE_OK);
    assert_int_equal(cube_state_apply_text(s, moves), CUBE_OK);
    return s;
}

#endif
