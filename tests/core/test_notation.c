/* Notation: parsing, parse errors, formatting, simplifying, metrics, scrambles. */
#include "test_util.h"

static const char *simplified(const char *text) {
    static char buf[256];
    cube_moves *m = NULL;
    assert_int_equal(cube_moves_parse(text, 3, &m), CUBE_OK);
    assert_int_equal(cube_moves_simplify(m), CUBE_OK);
    strcpy(buf, moves_text_of(m));
    cube_moves_free(m);
    return buf;
}

static void parses_every_notation(void **unused) {
    (void)unused;
    cube_moves *m = NULL;
    assert_int_equal(cube_moves_parse(" R U2 F' D2' Lw b' M2 E' S x y2 z' ", 3, &m), CUBE_OK);
    assert_string_equal(moves_text_of(m), "R U2 F' D2 Lw Bw' M2 E' S x y2 z'");
    assert_int_equal(moves_count_of(m), 12);
    int32_t kind = -1, amount = -1;
    assert_int_equal(cube_moves_get(m, 5, &kind, &amount), CUBE_OK);
    assert_int_equal(kind, CUBE_MOVE_BW);
    assert_int_equal(amount, 3);
    cube_moves_free(m);
    assert_int_equal(cube_moves_parse("RUR'U'", 3, &m), CUBE_OK);
    assert_string_equal(moves_text_of(m), "R U R' U'");
    cube_moves_free(m);
    assert_int_equal(cube_moves_parse("R\xe2\x80\x99 U", 3, &m), CUBE_OK);  /* typographic prime */
    assert_string_equal(moves_text_of(m), "R' U");
    cube_moves_free(m);
    assert_int_equal(cube_moves_parse("", 3, &m), CUBE_OK);
    assert_int_equal(moves_count_of(m), 0);
    assert_string_equal(moves_text_of(m), "");
    cube_moves_free(m);
}

static void parse_errors_name_token_and_position(void **unused) {
    (void)unused;
    cube_moves *m = (cube_moves *)0x1;
    assert_fails_with(cube_moves_parse("R U Q2 F", 3, &m), CUBE_ERROR_PARSE, "unknown move 'Q2' at position 5");
    assert_null(m);
    assert_fails_with(cube_moves_parse("R3", 3, &m), CUBE_ERROR_PARSE, "'R3' at position 1");
    assert_int_equal(cube_moves_parse("R U2x", 3, &m), CUBE_OK);
    cube_moves_free(m);
    assert_fails_with(cube_moves_parse("R U M", 2, &m), CUBE_ERROR_PARSE, "'M' at position 5");
    assert_fails_with(cube_moves_parse("Rw", 2, &m), CUBE_ERROR_PARSE, "2x2 takes face turns and rotations only");
    assert_fails_with(cube_moves_parse("R ''", 3, &m), CUBE_ERROR_PARSE, "position 3");
}

static void simplify_merges_and_cancels(void **unused) {
    (void)unused;
    assert_string_equal(simplified("U D U'"), "D");
    assert_string_equal(simplified("R R"), "R2");
    assert_string_equal(simplified("R R'"), "");
    assert_string_equal(simplified("R U U' R'"), "");
    assert_string_equal(simplified("D U"), "U D");
    assert_string_equal(simplified("U D U"), "U2 D");
    assert_string_equal(simplified("R L R' L'"), "");
    assert_string_equal(simplified("R2 R2 F F F"), "F'");
    assert_string_equal(simplified("x x' M M"), "M2");
    assert_string_equal(simplified("R U R' U'"), "R U R' U'");
}

static void metrics(void **unused) {
    (void)unused;
    cube_moves *m = NULL;
    assert_int_equal(cube_moves_parse("R U2 M x Rw'", 3, &m), CUBE_OK);
    assert_int_equal(moves_length_of(m, CUBE_METRIC_HTM), 1 + 1 + 2 + 0 + 1);
    assert_int_equal(moves_length_of(m, CUBE_METRIC_QTM), 1 + 2 + 2 + 0 + 1);
    assert_int_equal(moves_length_of(m, CUBE_METRIC_STM), 1 + 1 + 1 + 0 + 1);
    int32_t length = 0;
    assert_fails_with(cube_moves_length(m, 7, &length), CUBE_ERROR_INVALID_ARGUMENT, "unknown metric 7");
    cube_moves_free(m);
}

static void push_append_and_buffers(void **unused) {
    (void)unused;
    cube_moves *m = NULL, *t = NULL;
    assert_int_equal(cube_moves_new(3, &m), CUBE_OK);
    assert_int_equal(cube_moves_push(m, CUBE_MOVE_R, 1), CUBE_OK);
    assert_int_equal(cube_moves_push(m, CUBE_MOVE_U, -1), CUBE_OK);
    assert_int_equal(cube_moves_parse("F2", 3, &t), CUBE_OK);
    assert_int_equal(cube_moves_append(m, t), CUBE_OK);
    assert_int_equal(cube_moves_append(m, m), CUBE_OK);
    assert_string_equal(moves_text_of(m), "R U' F2 R U' F2");
    char small[5];
    int32_t len = 0;
    assert_fails_with(cube_moves_copy_text(m, small, sizeof small, &len), CUBE_ERROR_BUFFER_TOO_SMALL, "cannot hold");
    assert_int_equal(len, 15);
    assert_int_equal(cube_moves_copy_text(m, NULL, 0, &len), CUBE_ERROR_BUFFER_TOO_SMALL);
    char big[16];
    assert_int_equal(cube_moves_copy_text(m, big, sizeof big, NULL), CUBE_OK);
    assert_string_equal(big, "R U' F2 R U' F2");
    cube_moves_free(m);
    cube_moves_free(t);
}

/* Reading the text through a const handle changes nothing: the same pointer each time, still valid and unchanged
 * (the text is longer than std::string's inline buffer, so a text rebuilt per call would move). */
static void text_of_const_sequence_is_stable(void **unused) {
    (void)unused;
    cube_moves *owned = NULL;
    assert_int_equal(cube_moves_parse("R U R' U' F2 Dw L' B M x", 3, &owned), CUBE_OK);
    const cube_moves *m = owned;
    const char *first = NULL, *second = NULL;
    assert_int_equal(cube_moves_text(m, &first), CUBE_OK);
    assert_int_equal(cube_moves_text(m, &second), CUBE_OK);
    assert_ptr_equal(first, second);
    assert_string_equal(first, "R U R' U' F2 Dw L' B M x");
    char copied[64];
    assert_int_equal(cube_moves_copy_text(m, copied, sizeof copied, NULL), CUBE_OK);
    assert_int_equal(moves_count_of(m), 10);
    assert_ptr_equal(moves_text_of(m), first);
    assert_string_equal(first, copied);
    cube_moves_free(owned);
}

static void scrambles_never_repeat_or_cancel(void **unused) {
    (void)unused;
    for (int32_t size = 2; size <= 3; ++size)
        for (uint64_t seed = 0; seed < 100; ++seed) {
            cube_moves *m = NULL;
            assert_int_equal(cube_scramble(size, seed, 40, &m), CUBE_OK);
            assert_int_equal(moves_count_of(m), 40);
            int32_t prev = -1, before = -1;
            for (int32_t i = 0; i < 40; ++i) {
                int32_t kind, amount;
                assert_int_equal(cube_moves_get(m, i, &kind, &amount), CUBE_OK);
                assert_true(kind >= 0 && kind < (size == 2 ? 3 : 6));
                assert_int_not_equal(kind, prev);
                if (prev >= 0 && (kind + 3) % 6 == prev) assert_int_not_equal(kind, before);
                before = prev;
                prev = kind;
            }
            cube_moves *again = NULL;
            assert_int_equal(cube_scramble(size, seed, 40, &again), CUBE_OK);
            assert_string_equal(moves_text_of(m), moves_text_of(again));
            cube_moves_free(m);
            cube_moves_free(again);
        }
    cube_moves *m = NULL;
    assert_int_equal(cube_scramble(3, 1, 0, &m), CUBE_OK);
    assert_int_equal(moves_count_of(m), 25);
    cube_moves_free(m);
}

int main(void) {
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(parses_every_notation),
        cmocka_unit_test(parse_errors_name_token_and_position),
        cmocka_unit_test(simplify_merges_and_cancels),
        cmocka_unit_test(metrics),
        cmocka_unit_test(push_append_and_buffers),
        cmocka_unit_test(text_of_const_sequence_is_stable),
        cmocka_unit_test(scrambles_never_repeat_or_cancel),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
