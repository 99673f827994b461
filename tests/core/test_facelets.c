/* Facelet strings: round trips, colour scans, and every validation error with its message. */
#include <stdlib.h>

#include "test_util.h"

static void expect_invalid(const char *facelets, int32_t size, const char *needle) {
    assert_fails_with(cube_validate_facelets(facelets, size), CUBE_ERROR_INVALID_CUBE, needle);
    cube_state *s = (cube_state *)0x1;
    assert_int_equal(cube_state_from_facelets(facelets, size, &s), CUBE_ERROR_INVALID_CUBE);
    assert_null(s);
}

/* A copy of `base` with the characters at positions i and j swapped. */
static const char *swapped(const char *base, int i, int j) {
    static char buf[64];
    strcpy(buf, base);
    char t = buf[i];
    buf[i] = buf[j];
    buf[j] = t;
    return buf;
}

static void round_trips(void **unused) {
    (void)unused;
    for (uint64_t seed = 0; seed < 200; ++seed) {
        for (int32_t size = 2; size <= 3; ++size) {
            cube_state *r = NULL, *back = NULL;
            assert_int_equal(cube_state_random(size, seed, &r), CUBE_OK);
            assert_int_equal(cube_state_from_facelets(facelets_of(r), 0, &back), CUBE_OK);
            assert_int_equal(state_size_of(back), size);
            assert_int_equal(states_equal(r, back), 1);
            char buf[55];
            int32_t len = 0;
            assert_int_equal(cube_state_copy_facelets(back, buf, sizeof buf, &len), CUBE_OK);
            assert_int_equal(len, size == 3 ? 54 : 24);
            assert_string_equal(buf, facelets_of(r));
            cube_state_free(r);
            cube_state_free(back);
        }
    }
}

static void rotated_states_round_trip(void **unused) {
    (void)unused;
    cube_state *s = state_after(3, "R U x M' y2 S");
    cube_state *back = NULL;
    assert_int_equal(cube_state_from_facelets(facelets_of(s), 3, &back), CUBE_OK);
    assert_int_equal(states_equal(s, back), 1);
    cube_state_free(s);
    cube_state_free(back);
    s = state_after(2, "R U x z'");
    assert_int_equal(cube_state_from_facelets(facelets_of(s), 2, &back), CUBE_OK);
    assert_int_equal(states_equal(s, back), 1);
    cube_state_free(s);
    cube_state_free(back);
}

/* Replaces the face letters by a colour scheme: U white, R red, F green, D yellow, L orange, B blue. */
static void to_colours(const char *letters, char *out) {
    const char *faces = "URFDLB", *colours = "WRGYOB";
    size_t i = 0;
    for (; letters[i]; ++i) out[i] = colours[strchr(faces, letters[i]) - faces];
    out[i] = '\0';
}

static void colour_scans_are_mapped_to_faces(void **unused) {
    (void)unused;
    char scan[64];
    for (int32_t size = 2; size <= 3; ++size) {
        cube_state *s = state_after(size, size == 3 ? "R U F' L2 D B'" : "R U F' R2");
        to_colours(facelets_of(s), scan);
        cube_state *read = NULL;
        assert_int_equal(cube_state_from_facelets(scan, 0, &read), CUBE_OK);
        assert_string_equal(facelets_of(read), facelets_of(s));
        cube_state_free(read);
        cube_state_free(s);
    }
    /* 2x2 whose DBL slot holds another corner: colours are named after that corner. */
    cube_state *s = state_after(2, "x y");
    to_colours(facelets_of(s), scan);
    cube_state *read = NULL;
    assert_int_equal(cube_state_from_facelets(scan, 2, &read), CUBE_OK);
    assert_int_equal(state_solved(read), 1);
    assert_string_equal(facelets_of(read), SOLVED2);
    cube_state_free(read);
    cube_state_free(s);
}

static void wrong_length(void **unused) {
    (void)unused;
    expect_invalid("UUUU", 0, "wrong length: 4 characters, expected 54 (3x3) or 24 (2x2)");
    expect_invalid(SOLVED2, 3, "wrong length: 24 characters, expected 54 for a 3x3");
    expect_invalid("", 0, "wrong length: 0");
}

/* A long string is reported with its real length, not a cut-off one. */
static void wrong_length_of_a_long_string(void **unused) {
    (void)unused;
    enum { LONG_LENGTH = 1000000 };
    char *text = malloc(LONG_LENGTH + 1);
    assert_non_null(text);
    memset(text, 'U', LONG_LENGTH);
    text[LONG_LENGTH] = '\0';
    expect_invalid(text, 0, "wrong length: 1000000 characters, expected 54 (3x3) or 24 (2x2)");
    expect_invalid(text, 3, "wrong length: 1000000 characters, expected 54 for a 3x3");
    free(text);
}

static void unknown_character(void **unused) {
    (void)unused;
    char s[64];
    strcpy(s, SOLVED3);
    s[17] = 'X';
    expect_invalid(s, 0, "unknown character 'X' at R9 (position 18)");
    strcpy(s, SOLVED3);
    s[3] = '\x01';
    expect_invalid(s, 0, "unknown character '\\x01' at U4 (position 4)");
}

/* Asserts that the last message is one line of printable ASCII (bytes from the input shown as \xNN). */
static void assert_message_is_printable_ascii(void) {
    for (const char *c = cube_last_error(); *c; ++c) {
        if (*c < 0x20 || *c > 0x7e) {
            print_error("message \"%s\" holds byte 0x%02x\n", cube_last_error(), (unsigned char)*c);
            fail();
        }
    }
}

static void raw_byte_in_unknown_character(void **unused) {
    (void)unused;
    char s[64];
    strcpy(s, SOLVED3);
    s[3] = '\xc3'; /* a lone UTF-8 lead byte */
    expect_invalid(s, 0, "unknown character '\\xc3' at U4 (position 4)");
    assert_message_is_printable_ascii();
}

static void raw_byte_in_centres(void **unused) {
    (void)unused;
    char s[64];
    strcpy(s, SOLVED3);
    s[4] = '\f';
    s[13] = '\f';
    expect_invalid(s, 0, "centres U5 and R5 have the same colour '\\x0c'");
    assert_message_is_printable_ascii();
}

static void raw_byte_in_colour_count(void **unused) {
    (void)unused;
    /* A form feed as the U colour, one facelet short. */
    char s[64];
    to_colours(SOLVED3, s);
    for (int i = 0; i < 9; ++i) s[i] = '\f';
    s[0] = 'G';
    expect_invalid(s, 0, "colour '\\x0c' (U) appears 8 times, expected 9");
    assert_message_is_printable_ascii();
}

static void raw_bytes_in_corner_colours(void **unused) {
    (void)unused;
    /* A 2x2 scan in bytes 1-6 whose DBL corner shows one colour twice. */
    char s[64];
    strcpy(s, "\x01\x01\x01\x01\x02\x02\x02\x02\x03\x03\x03\x03\x04\x04\x04\x04\x05\x05\x05\x05\x06\x06\x06\x06");
    s[14] = '\x05';
    s[19] = '\x04';
    expect_invalid(s, 2, "corner at DBL has colours \\x05,\\x06,\\x05: no such corner");
    assert_message_is_printable_ascii();
}

static void colour_count(void **unused) {
    (void)unused;
    char s[64];
    strcpy(s, SOLVED3);
    s[0] = 'R';
    expect_invalid(s, 0, "colour 'U' appears 8 times, expected 9");
    strcpy(s, SOLVED2);
    s[0] = 'F';
    expect_invalid(s, 0, "colour 'U' appears 3 times, expected 4");
}

static void centres(void **unused) {
    (void)unused;
    char scan[64];
    to_colours(SOLVED3, scan);
    scan[13] = 'W';
    expect_invalid(scan, 0, "centres U5 and R5 have the same colour 'W'");
    /* Letters with mirrored centres (L and R exchanged). */
    char s[64];
    strcpy(s, SOLVED3);
    for (int i = 9; i < 18; ++i) s[i] = 'L';
    for (int i = 36; i < 45; ++i) s[i] = 'R';
    expect_invalid(s, 0, "no real cube has them");
}

static void impossible_corner_and_edge(void **unused) {
    (void)unused;
    /* U9 and R1 exchanged: the URF corner reads R,U,F (mirror image). */
    expect_invalid(swapped(SOLVED3, 8, 9), 0, "corner at URF (U9,R1,F3) has colours R,U,F: no such corner");
    /* U8 and D2 exchanged: the UF edge reads D,F; the DF edge U,F. Counts stay right. */
    char s[64];
    strcpy(s, SOLVED3);
    s[8] = 'F';
    s[20] = 'U'; /* corner URF reads F,R,U */
    expect_invalid(s, 0, "corner at URF (U9,R1,F3) has colours F,R,U: no such corner");
    expect_invalid(swapped(SOLVED3, 19, 28), 0, "edge at UF (U8,F2) has colours U,D: no such edge");
    expect_invalid(swapped(SOLVED2, 3, 4), 0, "corner at URF (U4,R1,F2) has colours R,U,F: no such corner");
}

static void twisted_corner(void **unused) {
    (void)unused;
    /* URF corner twisted clockwise: U9,R1,F3 = F,U,R. */
    char s[64];
    strcpy(s, SOLVED3);
    s[8] = 'F';
    s[9] = 'U';
    s[20] = 'R';
    expect_invalid(s, 0, "corner twist sum is");
    strcpy(s, SOLVED2);
    s[3] = 'F';
    s[4] = 'U';
    s[9] = 'R';
    expect_invalid(s, 0, "corner twist sum is");
}

static void flipped_edge(void **unused) {
    (void)unused;
    expect_invalid(swapped(SOLVED3, 7, 19), 0, "edge orientation sum is odd (one edge flipped)");
}

static void duplicate_corner_and_edge(void **unused) {
    (void)unused;
    /* UFL shows U,R,F (a second URF corner) and DFR shows D,L,F (a second DLF): colour counts balance. */
    char s[64];
    strcpy(s, SOLVED3);
    s[6] = 'U', s[18] = 'R', s[38] = 'F';
    s[29] = 'D', s[26] = 'L', s[15] = 'F';
    expect_invalid(s, 0, "corner URF appears twice (at URF and UFL)");
    /* UB shows U,F (a second UF edge) and FR shows B,R (a second BR edge). */
    strcpy(s, SOLVED3);
    s[1] = 'U', s[46] = 'F';
    s[23] = 'B', s[12] = 'R';
    expect_invalid(s, 0, "edge UF appears twice (at UF and UB)");
    /* 2x2: UFL shows the URF corner, DFR the DLF corner. */
    strcpy(s, SOLVED2);
    s[2] = 'U', s[8] = 'R', s[17] = 'F';
    s[13] = 'D', s[11] = 'L', s[6] = 'F';
    expect_invalid(s, 0, "corner URF appears twice (at URF and UFL)");
}

static void permutation_parity(void **unused) {
    (void)unused;
    /* Exchange the UF and UR edges (an odd permutation of edges alone). */
    char s[64];
    strcpy(s, SOLVED3);
    s[5] = 'U'; s[10] = 'F'; /* UR shows UF */
    s[7] = 'U'; s[19] = 'R'; /* UF shows UR */
    expect_invalid(s, 0, "permutation parity: corners even, edges odd");
}

static void messages_need_not_be_first_error_only(void **unused) {
    (void)unused;
    /* cube_last_error survives successful calls and cube_clear_error forgets it. */
    assert_int_equal(cube_validate_facelets("bad", 0), CUBE_ERROR_INVALID_CUBE);
    assert_int_equal(cube_validate_facelets(SOLVED3, 0), CUBE_OK);
    assert_non_null(strstr(cube_last_error(), "wrong length"));
    assert_int_equal(cube_last_status(), CUBE_ERROR_INVALID_CUBE);
    cube_clear_error();
    assert_string_equal(cube_last_error(), "");
    assert_int_equal(cube_last_status(), CUBE_OK);
}

int main(void) {
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(round_trips),
        cmocka_unit_test(rotated_states_round_trip),
        cmocka_unit_test(colour_scans_are_mapped_to_faces),
        cmocka_unit_test(wrong_length),
        cmocka_unit_test(wrong_length_of_a_long_string),
        cmocka_unit_test(unknown_character),
        cmocka_unit_test(raw_byte_in_unknown_character),
        cmocka_unit_test(raw_byte_in_centres),
        cmocka_unit_test(raw_byte_in_colour_count),
        cmocka_unit_test(raw_bytes_in_corner_colours),
        cmocka_unit_test(colour_count),
        cmocka_unit_test(centres),
        cmocka_unit_test(impossible_corner_and_edge),
        cmocka_unit_test(twisted_corner),
        cmocka_unit_test(flipped_edge),
        cmocka_unit_test(duplicate_corner_and_edge),
        cmocka_unit_test(permutation_parity),
        cmocka_unit_test(messages_need_not_be_first_error_only),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
