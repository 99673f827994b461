/* Move semantics: orders of sequences, known facelet strings, the superflip. */
#include "test_util.h"

/* How many times `moves` must be applied to a solved cube to solve it again. */
static int order_of(int32_t size, const char *moves) {
    cube_state *s = NULL, *solved = NULL;
    cube_moves *m = NULL;
    assert_int_equal(cube_state_new(size, &s), CUBE_OK);
    assert_int_equal(cube_state_new(size, &solved), CUBE_OK);
    assert_int_equal(cube_moves_parse(moves, size, &m), CUBE_OK);
    int n = 0;
    do {
        assert_int_equal(cube_state_apply(s, m), CUBE_OK);
        ++n;
    } while (states_equal(s, solved) != 1 && n < 10000);
    cube_moves_free(m);
    cube_state_free(s);
    cube_state_free(solved);
    return n;
}

static void every_move_has_order_4(void **unused) {
    (void)unused;
    const char *all3[] = {"U", "R", "F", "D", "L", "B", "Uw", "Rw", "Fw", "Dw", "Lw", "Bw", "M", "E", "S", "x", "y", "z"};
    for (size_t i = 0; i < sizeof all3 / sizeof *all3; ++i) assert_int_equal(order_of(3, all3[i]), 4);
    const char *all2[] = {"U", "R", "F", "D", "L", "B", "x", "y", "z"};
    for (size_t i = 0; i < sizeof all2 / sizeof *all2; ++i) assert_int_equal(order_of(2, all2[i]), 4);
    assert_int_equal(order_of(3, "R2"), 2);
}

static void known_orders(void **unused) {
    (void)unused;
    assert_int_equal(order_of(3, "R U R' U'"), 6);
    assert_int_equal(order_of(3, "R U"), 105);
    assert_int_equal(order_of(2, "R U"), 15);  /* corners only: 105 has edge factor 7 */
}

static void known_facelets_after_single_moves(void **unused) {
    (void)unused;
    struct {
        const char *moves, *facelets;
    } cases[] = {
        {"R", "UUFUUFUUFRRRRRRRRRFFDFFDFFDDDBDDBDDBLLLLLLLLLUBBUBBUBB"},
        {"U", "UUUUUUUUUBBBRRRRRRRRRFFFFFFDDDDDDDDDFFFLLLLLLLLLBBBBBB"},
        {"F", "UUUUUULLLURRURRURRFFFFFFFFFRRRDDDDDDLLDLLDLLDBBBBBBBBB"},
        {"R'", "UUBUUBUUBRRRRRRRRRFFUFFUFFUDDFDDFDDFLLLLLLLLLDBBDBBDBB"},
        {"R2", "UUDUUDUUDRRRRRRRRRFFBFFBFFBDDUDDUDDULLLLLLLLLFBBFBBFBB"},
        {"x", "FFFFFFFFFRRRRRRRRRDDDDDDDDDBBBBBBBBBLLLLLLLLLUUUUUUUUU"},
    };
    for (size_t i = 0; i < sizeof cases / sizeof *cases; ++i) {
        cube_state *s = state_after(3, cases[i].moves);
        assert_string_equal(facelets_of(s), cases[i].facelets);
        cube_state_free(s);
    }
    cube_state *s = state_after(2, "R");
    assert_string_equal(facelets_of(s), "UFUFRRRRFDFDDBDBLLLLUBUB");
    cube_state_free(s);
}

static void superflip_flips_every_edge_in_place(void **unused) {
    (void)unused;
    cube_state *s = state_after(3, "U R2 F B R B2 R U2 L B2 R U' D' R2 F R' L B2 U2 F2");
    const char *f = facelets_of(s);
    /* Kociemba's edge facelet pairs: each edge must show its two colours swapped. */
    static const int edges[12][2] = {{5, 10},  {7, 19},  {3, 37},  {1, 46},  {32, 16}, {28, 25},
                                     {30, 43}, {34, 52}, {23, 12}, {21, 41}, {50, 39}, {48, 14}};
    for (int e = 0; e < 12; ++e) {
        assert_int_equal(f[edges[e][0]], SOLVED3[edges[e][1]]);
        assert_int_equal(f[edges[e][1]], SOLVED3[edges[e][0]]);
    }
    static const int corners[] = {0, 2, 6, 8, 9, 11, 15, 17, 18, 20, 24, 26, 27, 29, 33, 35, 36, 38, 42, 44, 45, 47, 51, 53};
    for (size_t i = 0; i < sizeof corners / sizeof *corners; ++i) assert_int_equal(f[corners[i]], SOLVED3[corners[i]]);
    cube_state_free(s);
}

static void wide_and_slice_moves_are_compositions(void **unused) {
    (void)unused;
    const char *pairs[][2] = {{"Rw", "L x"}, {"r", "L x"}, {"M", "R L' x'"}, {"E", "U D' y'"}, {"S", "F' B z"},
                              {"Uw'", "D' y'"}, {"y", "U E' D'"}};
    for (size_t i = 0; i < sizeof pairs / sizeof *pairs; ++i) {
        cube_state *a = state_after(3, pairs[i][0]), *b = state_after(3, pairs[i][1]);
        assert_int_equal(states_equal(a, b), 1);
        cube_state_free(a);
        cube_state_free(b);
    }
}

static void sequence_then_inverse_is_identity(void **unused) {
    (void)unused;
    cube_moves *m = NULL, *inv = NULL;
    assert_int_equal(cube_moves_parse("R U2 Fw' M E2 S x y' z2 Lw B' D", 3, &m), CUBE_OK);
    assert_int_equal(cube_moves_copy(m, &inv), CUBE_OK);
    assert_int_equal(cube_moves_invert(inv), CUBE_OK);
    assert_string_equal(moves_text_of(inv), "D' B Lw' z2 y x' S' E2 M' Fw U2 R'");
    cube_state *s = NULL;
    assert_int_equal(cube_state_new(3, &s), CUBE_OK);
    assert_int_equal(cube_state_apply(s, m), CUBE_OK);
    assert_int_equal(state_solved(s), 0);
    assert_int_equal(cube_state_apply(s, inv), CUBE_OK);
    assert_string_equal(facelets_of(s), SOLVED3);
    cube_state_free(s);
    cube_moves_free(m);
    cube_moves_free(inv);
}

static void rotated_cube_counts_as_solved(void **unused) {
    (void)unused;
    cube_state *s = state_after(3, "x y");
    assert_int_equal(state_solved(s), 1);
    assert_int_not_equal(strcmp(facelets_of(s), SOLVED3), 0);
    cube_state_free(s);
    s = state_after(3, "M");
    assert_int_equal(state_solved(s), 0);
    cube_state_free(s);
}

int main(void) {
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(every_move_has_order_4),
        cmocka_unit_test(known_orders),
        cmocka_unit_test(known_facelets_after_single_moves),
        cmocka_unit_test(superflip_flips_every_edge_in_place),
        cmocka_unit_test(wide_and_slice_moves_are_compositions),
        cmocka_unit_test(sequence_then_inverse_is_identity),
        cmocka_unit_test(rotated_cube_counts_as_solved),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
