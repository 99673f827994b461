/* The human layer-by-layer method (cube/method.h): random 3x3 and 2x2 cubes solved, each stage's goal
 * reached and kept by the later stages, stages replaying to the facelets they report, bad input refused.
 * Usage: test_method [CUBES]: CUBES random cubes of each size (default 10000, about 0.7 s in a normal build;
 * 2000 in an ASan build, where 10000 take about 6 s of CPU time, to keep scripts/sanitize.sh in its budget). */
#include <stdlib.h>

#include "test_util.h"

static cube_solver *solver;

static int open_solver(void **unused) {
    (void)unused;
    return cube_solver_new(NULL, &solver) == CUBE_OK ? 0 : -1;
}

static int close_solver(void **unused) {
    (void)unused;
    cube_solver_free(solver);
    return 0;
}

#if defined(__SANITIZE_ADDRESS__)
static int32_t cube_count = 2000;
#else
static int32_t cube_count = 10000;
#endif

/* 3x3: which stickers (0..8 of a face) of the top (U), bottom (D) and side faces each stage's goal covers. */
typedef struct goal3 {
    const char *stage;
    const char *up, *down, *sides;
} goal3;

static const goal3 goals3[] = {
    {"cross", "", "1357", "7"},
    {"first-layer-corners", "", "012345678", "678"},
    {"middle-layer", "", "", "345"},
    {"top-cross", "1357", "", ""},
    {"top-face", "012345678", "", ""},
    {"top-corners", "", "", "02"},
    {"top-edges", "", "", "1"},
};

enum { FACE_U = 0, FACE_R = 1, FACE_F = 2, FACE_D = 3, FACE_L = 4, FACE_B = 5 };

/* Whether the listed stickers of face `f` show its centre's colour. */
static int face_matches_centre(const char *facelets, int f, const char *stickers) {
    for (const char *p = stickers; *p; ++p)
        if (facelets[f * 9 + (*p - '0')] != facelets[f * 9 + 4]) return 0;
    return 1;
}

/* Whether the goals of stages 0..last all hold. */
static int goals3_hold(const char *facelets, int last) {
    static const int sides[4] = {FACE_R, FACE_F, FACE_L, FACE_B};
    for (int k = 0; k <= last; ++k) {
        if (!face_matches_centre(facelets, FACE_U, goals3[k].up)) return 0;
        if (!face_matches_centre(facelets, FACE_D, goals3[k].down)) return 0;
        for (int i = 0; i < 4; ++i)
            if (!face_matches_centre(facelets, sides[i], goals3[k].sides)) return 0;
    }
    return 1;
}

/* 2x2 (stickers 0 1 / 2 3 per face): the D face one colour, the D sticker of the DBL slot unchanged, and
 * each side's bottom row one colour; then the U face one colour; then solved. */
static int goals2_hold(const char *facelets, const char *start, int last) {
    const char *d = facelets + FACE_D * 4;
    int ok = d[0] == d[1] && d[1] == d[2] && d[2] == d[3] && d[2] == start[FACE_D * 4 + 2];
    for (int f = FACE_R; f <= FACE_B; ++f)
        if (f != FACE_D) ok = ok && facelets[f * 4 + 2] == facelets[f * 4 + 3];
    const char *u = facelets;
    if (last >= 1) ok = ok && u[0] == u[1] && u[1] == u[2] && u[2] == u[3];
    if (last >= 2) {
        cube_state *s = NULL;
        assert_int_equal(cube_state_from_facelets(facelets, 2, &s), CUBE_OK);
        ok = ok && state_solved(s);
        cube_state_free(s);
    }
    return ok;
}

static const char *stage_name(const cube_method_solution *sol, int32_t k) {
    const char *name = NULL;
    assert_int_equal(cube_method_solution_stage_name(sol, k, &name), CUBE_OK);
    return name;
}

/* Solves `s` by LBL with `options` and checks every stage; returns the HTM length. */
static int32_t solve_and_check(const cube_state *s, const cube_method_options *options) {
    cube_method_solution *sol = NULL;
    assert_int_equal(cube_solve_method(solver, s, CUBE_METHOD_LBL, options, &sol), CUBE_OK);
    int32_t size = state_size_of(s), count = 0;
    assert_int_equal(cube_method_solution_stage_count(sol, &count), CUBE_OK);
    assert_int_equal(count, size == 3 ? 7 : 3);
    cube_state *replay = NULL;
    assert_int_equal(cube_state_copy(s, &replay), CUBE_OK);
    for (int32_t k = 0; k < count; ++k) {
        const char *facelets = NULL;
        cube_moves *m = NULL;
        assert_int_equal(cube_method_solution_stage_moves(sol, k, &m), CUBE_OK);
        assert_int_equal(cube_state_apply(replay, m), CUBE_OK);
        cube_moves_free(m);
        assert_int_equal(cube_method_solution_stage_facelets(sol, k, &facelets), CUBE_OK);
        assert_string_equal(facelets, facelets_of(replay));
        if (size == 3) {
            assert_string_equal(stage_name(sol, k), goals3[k].stage);
            assert_true(goals3_hold(facelets, k));
        } else {
            assert_true(goals2_hold(facelets, facelets_of(s), k));
        }
    }
    assert_int_equal(state_solved(replay), 1);
    cube_state_free(replay);
    /* The whole sequence is the stages one after the other, and solves the cube too. */
    cube_moves *all = NULL;
    cube_state *c = NULL;
    int32_t length = 0;
    assert_int_equal(cube_method_solution_moves(sol, &all), CUBE_OK);
    assert_int_equal(cube_moves_length(all, CUBE_METRIC_HTM, &length), CUBE_OK);
    assert_int_equal(cube_state_copy(s, &c), CUBE_OK);
    assert_int_equal(cube_state_apply(c, all), CUBE_OK);
    assert_int_equal(state_solved(c), 1);
    cube_state_free(c);
    cube_moves_free(all);
    cube_method_solution_free(sol);
    return length;
}

static void random_cubes(int32_t size) {
    int32_t longest = 0;
    for (int32_t i = 0; i < cube_count; ++i) {
        cube_state *s = NULL;
        assert_int_equal(cube_state_random(size, 0x1b1ull * 1000003u + (uint64_t)i, &s), CUBE_OK);
        int32_t length = solve_and_check(s, NULL);
        if (length > longest) longest = length;
        cube_state_free(s);
    }
    assert_true(longest <= (size == 3 ? 260 : 140));
}

static void random_3x3(void **unused) {
    (void)unused;
    random_cubes(3);
}

static void random_2x2(void **unused) {
    (void)unused;
    random_cubes(2);
}

/* A cube turned as a whole, a colour scan, and a solved cube (every stage empty). */
static void rotations_scans_and_solved(void **unused) {
    (void)unused;
    const char *turns[] = {"x", "y z'", "x2 y", "z R U F'", "x' D L2 B"};
    for (int size = 2; size <= 3; ++size)
        for (size_t i = 0; i < sizeof turns / sizeof *turns; ++i) {
            cube_state *s = NULL;
            assert_int_equal(cube_state_random(size, 77 + i, &s), CUBE_OK);
            assert_int_equal(cube_state_apply_text(s, turns[i]), CUBE_OK);
            solve_and_check(s, NULL);
            cube_state_free(s);
        }
    cube_state *scan = NULL;
    assert_int_equal(cube_state_from_facelets("WWWWWWWWWRRRRRRRRRGGGGGGGGGYYYYYYYYYOOOOOOOOOBBBBBBBBB", 3, &scan),
                     CUBE_OK);
    assert_int_equal(cube_state_apply_text(scan, "R U2 F' L D B'"), CUBE_OK);
    solve_and_check(scan, NULL);
    cube_state_free(scan);
    for (int size = 2; size <= 3; ++size) {
        cube_state *s = NULL;
        cube_method_solution *sol = NULL;
        cube_moves *m = NULL;
        int32_t n = -1;
        assert_int_equal(cube_state_new(size, &s), CUBE_OK);
        assert_int_equal(cube_solve_method(solver, s, CUBE_METHOD_LBL, NULL, &sol), CUBE_OK);
        assert_int_equal(cube_method_solution_moves(sol, &m), CUBE_OK);
        assert_int_equal(cube_moves_count(m, &n), CUBE_OK);
        assert_int_equal(n, 0);
        assert_int_equal(cube_method_solution_algorithm_count(sol, 0, &n), CUBE_OK);
        assert_int_equal(n, 0);
        cube_moves_free(m);
        cube_method_solution_free(sol);
        cube_state_free(s);
    }
}

/* The formulas' names; with CUBE_METHOD_AS_PERFORMED the moves are the formulas as written. */
static void named_formulas(void **unused) {
    (void)unused;
    cube_state *s = NULL;
    assert_int_equal(cube_state_random(3, 5, &s), CUBE_OK);
    cube_method_options o;
    assert_int_equal(cube_method_options_init(&o), CUBE_OK);
    assert_int_equal(o.struct_size, sizeof o);
    assert_int_equal(o.flags, 0);
    o.flags = CUBE_METHOD_AS_PERFORMED;
    int32_t performed = solve_and_check(s, &o);
    int32_t merged = solve_and_check(s, NULL);
    assert_true(performed >= merged);
    cube_method_solution *sol = NULL;
    assert_int_equal(cube_solve_method(solver, s, CUBE_METHOD_LBL, &o, &sol), CUBE_OK);
    /* Every formula a stage names is a known one, and the stage's moves hold its moves (seen from some side). */
    int32_t count = 0;
    assert_int_equal(cube_method_solution_stage_count(sol, &count), CUBE_OK);
    int32_t named = 0;
    for (int32_t k = 0; k < count; ++k) {
        int32_t n = 0;
        assert_int_equal(cube_method_solution_algorithm_count(sol, k, &n), CUBE_OK);
        for (int32_t a = 0; a < n; ++a) {
            const char *name = NULL, *moves = NULL;
            assert_int_equal(cube_method_solution_algorithm(sol, k, a, &name), CUBE_OK);
            assert_int_equal(cube_method_algorithm_moves(name, &moves), CUBE_OK);
            assert_true(strlen(moves) > 0);
            ++named;
        }
    }
    assert_true(named > 4);
    cube_method_solution_free(sol);
    cube_state_free(s);
    const char *moves = NULL;
    assert_int_equal(cube_method_algorithm_moves("sune", &moves), CUBE_OK);
    assert_string_equal(moves, "R U R' U R U2 R'");
    assert_int_equal(cube_method_algorithm_moves("fruruf", &moves), CUBE_OK);
    assert_string_equal(moves, "F R U R' U' F'");
    cube_clear_error();
    assert_fails_with(cube_method_algorithm_moves("t-perm", &moves), CUBE_ERROR_NOT_FOUND, "t-perm");
    assert_null(moves);
    assert_refused(cube_method_algorithm_moves(NULL, &moves), "name is NULL");
    assert_refused(cube_method_algorithm_moves("sune", NULL), "moves pointer is NULL");
}

static void bad_input(void **unused) {
    (void)unused;
    cube_state *s = NULL;
    cube_moves *not_a_state = NULL;
    cube_method_solution *sol = NULL;
    assert_int_equal(cube_state_random(3, 9, &s), CUBE_OK);
    assert_int_equal(cube_moves_new(3, &not_a_state), CUBE_OK);
    assert_refused(cube_solve_method(NULL, s, CUBE_METHOD_LBL, NULL, &sol), "solver is NULL");
    assert_refused(cube_solve_method(solver, NULL, CUBE_METHOD_LBL, NULL, &sol), "state is NULL");
    assert_refused(cube_solve_method(solver, (cube_state *)not_a_state, CUBE_METHOD_LBL, NULL, &sol),
                   "not a valid handle");
    assert_refused(cube_solve_method((cube_solver *)s, s, CUBE_METHOD_LBL, NULL, &sol), "not a valid handle");
    assert_refused(cube_solve_method(solver, s, CUBE_METHOD_LBL, NULL, NULL), "out pointer is NULL");
    assert_refused(cube_solve_method(solver, s, 7, NULL, &sol), "method 7");
    assert_refused(cube_solve_method(solver, s, -1, NULL, &sol), "method -1");
    assert_null(sol);
    /* Options: unknown flags, sizes never published, a newer struct with unknown bytes set. */
    struct {
        cube_method_options options;
        unsigned char newer[24];
    } n;
    memset(&n, 0, sizeof n);
    assert_int_equal(cube_method_options_init(&n.options), CUBE_OK);
    n.options.flags = 0x80;
    assert_refused(cube_solve_method(solver, s, CUBE_METHOD_LBL, &n.options, &sol), "unknown flags");
    n.options.flags = 0;
    n.options.struct_size = 0;
    assert_refused(cube_solve_method(solver, s, CUBE_METHOD_LBL, &n.options, &sol), "struct_size is 0");
    n.options.struct_size = 6;
    assert_refused(cube_solve_method(solver, s, CUBE_METHOD_LBL, &n.options, &sol), "struct_size is 6");
    assert_int_equal(cube_method_options_init_sized(&n.options, (uint32_t)sizeof n), CUBE_OK);
    assert_int_equal(cube_solve_method(solver, s, CUBE_METHOD_LBL, &n.options, &sol), CUBE_OK);
    cube_method_solution_free(sol);
    sol = NULL;
    n.newer[3] = 1;
    cube_clear_error();
    assert_fails_with(cube_solve_method(solver, s, CUBE_METHOD_LBL, &n.options, &sol), CUBE_ERROR_UNSUPPORTED,
                      "byte");
    assert_null(sol);
    assert_refused(cube_method_options_init_sized(NULL, CUBE_METHOD_OPTIONS_SIZE_V1), "NULL");
    assert_refused(cube_method_options_init_sized(&n.options, 3), "3");
    assert_int_equal(CUBE_METHOD_OPTIONS_SIZE_V1, 8);
    /* Reading a solution: NULL, wrong handles, indexes out of range, NULL out-parameters. */
    assert_int_equal(cube_solve_method(solver, s, CUBE_METHOD_LBL, NULL, &sol), CUBE_OK);
    int32_t value = 0;
    const char *text = NULL;
    cube_moves *m = NULL;
    assert_refused(cube_method_solution_stage_count(NULL, &value), "solution is NULL");
    assert_refused(cube_method_solution_stage_count((cube_method_solution *)s, &value), "not a valid handle");
    assert_refused(cube_method_solution_stage_count(sol, NULL), "count pointer is NULL");
    assert_refused(cube_method_solution_moves(NULL, &m), "solution is NULL");
    assert_refused(cube_method_solution_moves(sol, NULL), "out pointer is NULL");
    assert_refused(cube_method_solution_stage_name(sol, 7, &text), "stage 7");
    assert_refused(cube_method_solution_stage_name(sol, -1, &text), "stage -1");
    assert_null(text);
    assert_refused(cube_method_solution_stage_name(sol, 0, NULL), "name pointer is NULL");
    assert_refused(cube_method_solution_stage_moves(sol, 9, &m), "stage 9");
    assert_null(m);
    assert_refused(cube_method_solution_stage_facelets(sol, 7, &text), "stage 7");
    assert_refused(cube_method_solution_stage_facelets(sol, 0, NULL), "facelets pointer is NULL");
    assert_refused(cube_method_solution_algorithm_count(sol, 7, &value), "stage 7");
    assert_refused(cube_method_solution_algorithm(sol, 1, -1, &text), "algorithm -1");
    assert_refused(cube_method_solution_algorithm(sol, 1, 1000, &text), "algorithm 1000");
    assert_refused(cube_method_solution_algorithm(sol, 1, 0, NULL), "name pointer is NULL");
    cube_method_solution_free(sol);
    cube_method_solution_free(NULL);
    cube_method_solution_free((cube_method_solution *)s); /* a wrong handle is ignored */
    cube_moves_free(not_a_state);
    cube_state_free(s);
}

int main(int argc, char **argv) {
    if (argc > 1) cube_count = (int32_t)atoi(argv[1]);
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(random_3x3),
        cmocka_unit_test(random_2x2),
        cmocka_unit_test(rotations_scans_and_solved),
        cmocka_unit_test(named_formulas),
        cmocka_unit_test(bad_input),
    };
    return cmocka_run_group_tests(tests, open_solver, close_solver);
}
