/* The solver handle on the 2x2 through the public C API: optimal solutions that really solve the cube
 * as given, in both metrics and any orientation, enumeration into a list, targets, batches, cancel
 * tokens, the versioned option structs, and bad input. Needs no 3x3 tables. */
#include "solver_fixture.h"

static int32_t distance_of(const cube_state *s, const cube_solve_options *o) {
    int32_t d = -1;
    assert_int_equal(cube_solve_distance(solver, s, NULL, o, &d), CUBE_OK);
    return d;
}

/* Solves `s`, checks the answer, and checks its length is the optimal distance; returns it. */
static int32_t solve_and_check(const cube_state *s, const cube_solve_options *o) {
    cube_moves *m = solve_checked(s, o);
    int32_t len = moves_length_of(m, o ? o->metric : CUBE_METRIC_HTM);
    assert_int_equal(len, distance_of(s, o));
    cube_moves_free(m);
    return len;
}

static cube_cancel *triggered_token(void) {
    cube_cancel *token = NULL;
    assert_int_equal(cube_cancel_new(&token), CUBE_OK);
    assert_int_equal(cube_cancel_trigger(token), CUBE_OK);
    return token;
}

static void random_states_both_metrics(void **unused) {
    (void)unused;
    cube_solve_options o;
    assert_int_equal(cube_solve_options_init(&o), CUBE_OK);
    for (uint64_t seed = 0; seed < 300; ++seed) {
        cube_state *s = NULL;
        assert_int_equal(cube_state_random(2, seed, &s), CUBE_OK);
        o.metric = CUBE_METRIC_HTM;
        int32_t htm = solve_and_check(s, &o);
        assert_true(htm <= 11);
        o.metric = CUBE_METRIC_QTM;
        int32_t qtm = solve_and_check(s, &o);
        assert_true(qtm <= 14 && qtm >= htm);
        cube_state_free(s);
    }
}

static void known_distances(void **unused) {
    (void)unused;
    cube_state *s = state_after(2, "");
    cube_moves *m = NULL;
    assert_int_equal(cube_solve(solver, s, NULL, &m), CUBE_OK);
    assert_int_equal(moves_count_of(m), 0);
    assert_string_equal(moves_text_of(m), "");
    cube_moves_free(m);
    cube_state_free(s);
    s = state_after(2, "R U2 F'");
    assert_int_equal(distance_of(s, NULL), 3);
    cube_solve_options o;
    cube_solve_options_init(&o);
    o.metric = CUBE_METRIC_QTM;
    assert_int_equal(distance_of(s, &o), 4);
    cube_state_free(s);
}

/* No move of `m` turns the face the move before it turned. */
static void assert_no_face_twice_in_a_row(const cube_moves *m) {
    int32_t n = moves_count_of(m), previous = -1;
    for (int32_t i = 0; i < n; ++i) {
        int32_t kind = -1, amount = 0;
        assert_int_equal(cube_moves_get(m, i, &kind, &amount), CUBE_OK);
        assert_int_not_equal(kind, previous);
        previous = kind;
    }
}

/* QTM solutions write a half turn as X2 (counted 2), never X X: in a solve, every solution of a list and
 * the count of distinct solutions. */
static void qtm_writes_half_turns(void **unused) {
    (void)unused;
    cube_solve_options o;
    cube_solve_options_init(&o);
    o.metric = CUBE_METRIC_QTM;
    cube_state *s = state_after(2, "R U2 F'");
    cube_moves *m = NULL;
    assert_int_equal(cube_solve(solver, s, &o, &m), CUBE_OK);
    assert_string_equal(moves_text_of(m), "F U2 R'");
    assert_int_equal(moves_length_of(m, CUBE_METRIC_QTM), 4);
    cube_moves_free(m);
    cube_state_free(s);
    s = state_after(2, "U2");
    int64_t count = 0;
    assert_int_equal(cube_count_optimal(solver, s, NULL, &o, &count), CUBE_OK);
    assert_int_equal(count, 1);
    cube_state_free(s);
    for (uint64_t seed = 0; seed < 200; ++seed) {
        assert_int_equal(cube_state_random(2, seed, &s), CUBE_OK);
        m = solve_checked(s, &o);
        assert_no_face_twice_in_a_row(m);
        assert_int_equal(moves_length_of(m, CUBE_METRIC_QTM), distance_of(s, &o));
        cube_moves_free(m);
        cube_solutions *list = NULL;
        assert_int_equal(cube_count_optimal(solver, s, NULL, &o, &count), CUBE_OK);
        assert_int_equal(cube_solve_all(solver, s, NULL, &o, 100000, &list), CUBE_OK);
        int32_t n = 0;
        assert_int_equal(cube_solutions_count(list, &n), CUBE_OK);
        assert_int_equal(n, count);
        for (int32_t i = 0; i < n; ++i) {
            assert_int_equal(cube_solutions_get(list, i, &m), CUBE_OK);
            assert_no_face_twice_in_a_row(m);
            assert_int_equal(moves_length_of(m, CUBE_METRIC_QTM), distance_of(s, &o));
            cube_moves_free(m);
        }
        cube_solutions_free(list);
        cube_state_free(s);
    }
}

static void any_orientation_and_colour_scans(void **unused) {
    (void)unused;
    const char *moves[] = {"x R U' F", "y2 z R2 U F'", "D L B' x'", "z' B2 L D R"};
    for (size_t i = 0; i < sizeof moves / sizeof *moves; ++i) {
        cube_state *s = state_after(2, moves[i]);
        solve_and_check(s, NULL);
        /* The same cube read from a colour scan. */
        char scan[25];
        const char *f = facelets_of(s), *faces = "URFDLB", *colours = "wrgyob";
        for (int k = 0; k < 24; ++k) scan[k] = colours[strchr(faces, f[k]) - faces];
        scan[24] = '\0';
        cube_state *c = NULL;
        assert_int_equal(cube_state_from_facelets(scan, 0, &c), CUBE_OK);
        solve_and_check(c, NULL);
        cube_state_free(c);
        cube_state_free(s);
    }
}

static void every_optimal_solution_in_a_list(void **unused) {
    (void)unused;
    cube_state *s = state_after(2, "R U");
    int64_t count = 0;
    assert_int_equal(cube_count_optimal(solver, s, NULL, NULL, &count), CUBE_OK);
    assert_int_equal(count, 1);
    cube_state_free(s);
    s = state_after(2, "R U R' U' R' F R F'");
    assert_int_equal(cube_count_optimal(solver, s, NULL, NULL, &count), CUBE_OK);
    assert_int_equal(count, 9);
    cube_solutions *list = NULL;
    assert_int_equal(cube_solve_all(solver, s, NULL, NULL, 100000, &list), CUBE_OK);
    int32_t n = 0;
    assert_int_equal(cube_solutions_count(list, &n), CUBE_OK);
    assert_int_equal(n, count);
    /* Every entry solves the cube optimally, and no two are the same. */
    char first_text[256] = "";
    for (int32_t i = 0; i < n; ++i) {
        cube_moves *m = NULL;
        assert_int_equal(cube_solutions_get(list, i, &m), CUBE_OK);
        assert_int_equal(moves_length_of(m, CUBE_METRIC_HTM), distance_of(s, NULL));
        cube_state *c = NULL;
        assert_int_equal(cube_state_copy(s, &c), CUBE_OK);
        assert_int_equal(cube_state_apply(c, m), CUBE_OK);
        assert_int_equal(state_solved(c), 1);
        if (i == 0) {
            cube_moves *again = NULL;
            assert_int_equal(cube_solutions_get(list, 0, &again), CUBE_OK);
            assert_ptr_not_equal(again, m); /* each get is a new copy */
            assert_string_equal(moves_text_of(again), moves_text_of(m));
            cube_moves_free(again);
        } else {
            assert_string_not_equal(moves_text_of(m), first_text);
        }
        if (i == 0) snprintf(first_text, sizeof first_text, "%s", moves_text_of(m));
        cube_state_free(c);
        cube_moves_free(m);
    }
    cube_solutions_free(list);
    /* The limit caps the list. */
    assert_int_equal(cube_solve_all(solver, s, NULL, NULL, 1, &list), CUBE_OK);
    assert_int_equal(cube_solutions_count(list, &n), CUBE_OK);
    assert_int_equal(n, 1);
    cube_moves *m = NULL;
    assert_int_equal(cube_solutions_get(list, 0, &m), CUBE_OK);
    cube_moves_free(m);
    cube_solutions_free(list);
    cube_state_free(s);
}

static void solutions_list_refuses_bad_use(void **unused) {
    (void)unused;
    cube_state *s = state_after(2, "R U R' U'");
    cube_solutions *list = NULL;
    assert_int_equal(cube_solve_all(solver, s, NULL, NULL, 3, &list), CUBE_OK);
    int32_t n = -1;
    cube_status st = 99;
    const char *message = "x";
    cube_moves *m = (cube_moves *)1;
    assert_refused(cube_solutions_count(NULL, &n), "NULL");
    assert_refused(cube_solutions_count(list, NULL), "NULL");
    assert_refused(cube_solutions_count((const cube_solutions *)s, &n), "not a valid handle");
    assert_refused(cube_solutions_status(list, 3, &st), "index 3");
    assert_refused(cube_solutions_status(list, -1, &st), "index -1");
    assert_refused(cube_solutions_status(list, 0, NULL), "NULL");
    assert_refused(cube_solutions_message(list, 7, &message), "index 7");
    assert_null(message);
    assert_refused(cube_solutions_message(NULL, 0, &message), "NULL");
    assert_refused(cube_solutions_get(list, 3, &m), "index 3");
    assert_null(m);
    assert_refused(cube_solutions_get(list, 0, NULL), "NULL");
    assert_refused(cube_solutions_get(NULL, 0, &m), "NULL");
    cube_solutions_free(list);
    cube_solutions_free(NULL);
    cube_solutions_free((cube_solutions *)s); /* ignored: not a list */
    /* Bad limits and out pointers of cube_solve_all. */
    assert_refused(cube_solve_all(solver, s, NULL, NULL, 0, &list), "limit 0");
    assert_null(list);
    assert_refused(cube_solve_all(solver, s, NULL, NULL, 10000001, &list), "limit");
    assert_refused(cube_solve_all(solver, s, NULL, NULL, 10, NULL), "NULL");
    cube_state_free(s);
}

static void solves_to_a_target(void **unused) {
    (void)unused;
    cube_state *s = state_after(2, "R U F2 R'"), *t = state_after(2, "U2 R F");
    cube_moves *m = solve_checked_to(s, t, NULL);
    int32_t d = -1;
    assert_int_equal(cube_solve_distance(solver, s, t, NULL, &d), CUBE_OK);
    assert_int_equal(moves_length_of(m, CUBE_METRIC_HTM), d);
    cube_moves_free(m);
    int64_t count = 0;
    assert_int_equal(cube_count_optimal(solver, s, t, NULL, &count), CUBE_OK);
    assert_true(count >= 1);
    cube_solutions *list = NULL;
    assert_int_equal(cube_solve_all(solver, s, t, NULL, 1000, &list), CUBE_OK);
    int32_t n = 0;
    assert_int_equal(cube_solutions_count(list, &n), CUBE_OK);
    assert_int_equal(n, count < 1000 ? count : 1000);
    cube_solutions_free(list);
    /* A target whose DBL corner sits elsewhere cannot be reached keeping DBL still. */
    cube_state *moved = state_after(2, "D");
    m = NULL;
    assert_fails_with(cube_solve_to(solver, s, moved, NULL, &m), CUBE_ERROR_UNSOLVABLE, "DBL");
    assert_null(m);
    assert_refused(cube_solve_to(solver, s, NULL, NULL, &m), "target is NULL");
    assert_null(strstr(cube_last_error(), "cube_"));
    cube_state_free(moved);
    cube_state_free(s);
    cube_state_free(t);
}

static void limits_and_bad_input(void **unused) {
    (void)unused;
    cube_state *s = state_after(2, "R U F R2"), *three = NULL;
    cube_moves *m = NULL;
    cube_solve_options o;
    cube_solve_options_init(&o);
    o.max_length = 2;
    assert_fails_with(cube_solve(solver, s, &o, &m), CUBE_ERROR_UNSOLVABLE, "more than max_length 2");
    assert_null(m);
    cube_solve_options_init(&o);
    o.metric = 9;
    assert_fails_with(cube_solve(solver, s, &o, &m), CUBE_ERROR_INVALID_ARGUMENT, "options.metric 9");
    cube_solve_options_init(&o);
    o.struct_size = 0;
    assert_fails_with(cube_solve(solver, s, &o, &m), CUBE_ERROR_INVALID_ARGUMENT, "struct_size");
    cube_solve_options_init(&o);
    o.max_length = -1;
    assert_int_equal(cube_solve(solver, s, &o, &m), CUBE_ERROR_INVALID_ARGUMENT);
    cube_solve_options_init(&o);
    o.timeout_ms = -1;
    assert_int_equal(cube_solve(solver, s, &o, &m), CUBE_ERROR_INVALID_ARGUMENT);
    cube_solve_options_init(&o);
    o.cancel = (const cube_cancel *)s;
    assert_refused(cube_solve(solver, s, &o, &m), "options.cancel");
    assert_int_equal(cube_state_new(3, &three), CUBE_OK);
    assert_fails_with(cube_solve_to(solver, s, three, NULL, &m), CUBE_ERROR_INVALID_ARGUMENT, "target is a 3x3");
    assert_int_equal(cube_solve_to(solver, s, (const cube_state *)solver, NULL, &m), CUBE_ERROR_INVALID_ARGUMENT);

    assert_int_equal(cube_solve(NULL, s, NULL, &m), CUBE_ERROR_INVALID_ARGUMENT);
    assert_int_equal(cube_solve(solver, NULL, NULL, &m), CUBE_ERROR_INVALID_ARGUMENT);
    assert_int_equal(cube_solve(solver, s, NULL, NULL), CUBE_ERROR_INVALID_ARGUMENT);
    assert_int_equal(cube_solve((cube_solver *)s, s, NULL, &m), CUBE_ERROR_INVALID_ARGUMENT);
    int32_t d = 0;
    assert_int_equal(cube_solve_distance(NULL, s, NULL, NULL, &d), CUBE_ERROR_INVALID_ARGUMENT);
    assert_refused(cube_solve_distance(solver, s, NULL, NULL, NULL), "NULL");
    assert_fails_with(cube_solve_distance(solver, three, NULL, NULL, &d), CUBE_ERROR_UNSUPPORTED, "2x2 only");
    assert_null(strstr(cube_last_error(), "cube_"));
    int64_t count;
    assert_int_equal(cube_count_optimal(solver, s, NULL, NULL, NULL), CUBE_ERROR_INVALID_ARGUMENT);
    assert_fails_with(cube_count_optimal(solver, three, NULL, NULL, &count), CUBE_ERROR_UNSUPPORTED, "2x2 only");
    assert_null(strstr(cube_last_error(), "cube_"));
    cube_solutions *list = NULL;
    assert_fails_with(cube_solve_all(solver, three, NULL, NULL, 10, &list), CUBE_ERROR_UNSUPPORTED, "2x2 only");
    assert_null(strstr(cube_last_error(), "cube_"));
    assert_int_equal(cube_solver_new(NULL, NULL), CUBE_ERROR_INVALID_ARGUMENT);
    assert_int_equal(cube_solver_prepare(NULL, 2, NULL), CUBE_ERROR_INVALID_ARGUMENT);
    assert_int_equal(cube_solver_prepare(solver, 5, NULL), CUBE_ERROR_INVALID_ARGUMENT);
    assert_refused(cube_solver_prepare(solver, 2, (const cube_cancel *)s), "cancel");
    assert_int_equal(cube_solver_prepare(solver, 2, NULL), CUBE_OK);
    cube_solver_free(NULL);
    cube_solver_free((cube_solver *)s); /* ignored: not a solver */
    assert_refused(cube_solve_options_init_sized(NULL, CUBE_SOLVE_OPTIONS_SIZE_V1), "NULL");
    assert_refused(cube_solver_config_init_sized(NULL, CUBE_SOLVER_CONFIG_SIZE_V1), "NULL");
    assert_refused(cube_tables_options_init_sized(NULL, CUBE_TABLES_OPTIONS_SIZE_V1), "NULL");
    cube_state_free(three);
    cube_state_free(s);
}

/* ---- Versioned structs ------------------------------------------------------------------------ */

#define GUARD 0xab
#define SLACK 64

/* init_sized(size) writes nothing past `size` bytes (nothing at all for a size that is refused). */
typedef cube_status (*init_fn)(void *s, uint32_t size);

static void check_init_respects_size(init_fn init, uint32_t published) {
    unsigned char buf[512];
    const uint32_t sizes[] = {published, published + 8, 12, 0, 3};
    for (size_t k = 0; k < sizeof sizes / sizeof *sizes; ++k) {
        memset(buf, GUARD, sizeof buf);
        cube_status st = init(buf, sizes[k]);
        uint32_t written_to = sizes[k];
        if (sizes[k] < published) {
            assert_int_equal(st, CUBE_ERROR_INVALID_ARGUMENT);
            written_to = 0;
        } else {
            assert_int_equal(st, CUBE_OK);
            uint32_t size = 0;
            memcpy(&size, buf, sizeof size);
            assert_int_equal(size, sizes[k]);
            for (uint32_t i = published; i < sizes[k]; ++i) assert_int_equal(buf[i], 0); /* the unknown tail is zero */
        }
        for (uint32_t i = written_to; i < written_to + SLACK; ++i) assert_int_equal(buf[i], GUARD);
    }
}

static cube_status init_config(void *s, uint32_t size) { return cube_solver_config_init_sized(s, size); }
static cube_status init_options(void *s, uint32_t size) { return cube_solve_options_init_sized(s, size); }
static cube_status init_tables(void *s, uint32_t size) { return cube_tables_options_init_sized(s, size); }

static void init_never_writes_past_the_given_size(void **unused) {
    (void)unused;
    check_init_respects_size(init_config, CUBE_SOLVER_CONFIG_SIZE_V2);
    check_init_respects_size(init_options, CUBE_SOLVE_OPTIONS_SIZE_V1);
    check_init_respects_size(init_tables, CUBE_TABLES_OPTIONS_SIZE_V1);
    assert_int_equal(sizeof(cube_solver_config), CUBE_SOLVER_CONFIG_SIZE_V2);
    assert_int_equal(sizeof(cube_solve_options), CUBE_SOLVE_OPTIONS_SIZE_V1);
    assert_int_equal(sizeof(cube_tables_options), CUBE_TABLES_OPTIONS_SIZE_V1);
}

/* A struct as a newer program would pass it: the published fields, then `extra` unknown bytes. */
typedef struct {
    union {
        cube_solver_config config;
        cube_solve_options options;
        cube_tables_options tables;
    } known;
    unsigned char tail[32];
} newer_struct;

static void solver_config_sizes(void **unused) {
    (void)unused;
    cube_solver *s = NULL;
    newer_struct n;
    memset(&n, 0, sizeof n);
    assert_int_equal(cube_solver_config_init_sized(&n.known.config, CUBE_SOLVER_CONFIG_SIZE_V1), CUBE_OK);
    assert_int_equal(cube_solver_new(&n.known.config, &s), CUBE_OK);
    cube_solver_free(s);
    /* 12 bytes would cut table_dir in half: refused, never read. */
    n.known.config.struct_size = 12;
    assert_refused(cube_solver_new(&n.known.config, &s), "struct_size is 12");
    assert_null(s);
    /* A newer, larger struct: fine while the bytes this library does not know are zero. */
    uint32_t larger = CUBE_SOLVER_CONFIG_SIZE_V1 + 16;
    assert_int_equal(cube_solver_config_init_sized(&n.known.config, larger), CUBE_OK);
    assert_int_equal(cube_solver_new(&n.known.config, &s), CUBE_OK);
    cube_solver_free(s);
    s = NULL;
    ((unsigned char *)&n)[CUBE_SOLVER_CONFIG_SIZE_V1 + 5] = 1;
    char byte[16];
    snprintf(byte, sizeof byte, "byte %u", (unsigned)(CUBE_SOLVER_CONFIG_SIZE_V1 + 5));
    assert_fails_with(cube_solver_new(&n.known.config, &s), CUBE_ERROR_UNSUPPORTED, byte);
    assert_null(s);
}

static void solve_options_sizes(void **unused) {
    (void)unused;
    cube_state *st = state_after(2, "R U");
    cube_moves *m = NULL;
    newer_struct n;
    memset(&n, 0, sizeof n);
    assert_int_equal(cube_solve_options_init_sized(&n.known.options, CUBE_SOLVE_OPTIONS_SIZE_V1), CUBE_OK);
    assert_int_equal(cube_solve(solver, st, &n.known.options, &m), CUBE_OK);
    cube_moves_free(m);
    n.known.options.struct_size = 12;
    assert_refused(cube_solve(solver, st, &n.known.options, &m), "struct_size is 12");
    assert_null(m);
    uint32_t larger = CUBE_SOLVE_OPTIONS_SIZE_V1 + 24;
    assert_int_equal(cube_solve_options_init_sized(&n.known.options, larger), CUBE_OK);
    assert_int_equal(cube_solve(solver, st, &n.known.options, &m), CUBE_OK);
    cube_moves_free(m);
    m = NULL;
    ((unsigned char *)&n)[larger - 1] = 0x40;
    char byte[16];
    snprintf(byte, sizeof byte, "byte %u", (unsigned)(larger - 1));
    assert_fails_with(cube_solve(solver, st, &n.known.options, &m), CUBE_ERROR_UNSUPPORTED, byte);
    assert_null(m);
    /* The batch and the 2x2 calls read the options the same way. */
    cube_solutions *list = NULL;
    const cube_state *one[1] = {st};
    assert_fails_with(cube_solve_batch(solver, one, 1, NULL, &n.known.options, 1, &list), CUBE_ERROR_UNSUPPORTED, byte);
    assert_null(list);
    int32_t d = 0;
    assert_fails_with(cube_solve_distance(solver, st, NULL, &n.known.options, &d), CUBE_ERROR_UNSUPPORTED, byte);
    cube_state_free(st);
}

static void tables_options_sizes(void **unused) {
    (void)unused;
    newer_struct n;
    memset(&n, 0, sizeof n);
    /* A folder that cannot be created: a readable struct gets as far as CUBE_ERROR_IO, building nothing. */
    assert_int_equal(cube_tables_options_init_sized(&n.known.tables, CUBE_TABLES_OPTIONS_SIZE_V1), CUBE_OK);
    n.known.tables.table_dir = "/dev/null/libcube-tables";
    assert_fails_with(cube_tables_generate(&n.known.tables), CUBE_ERROR_IO, "/dev/null");
    n.known.tables.struct_size = 12;
    assert_refused(cube_tables_generate(&n.known.tables), "struct_size is 12");
    uint32_t larger = CUBE_TABLES_OPTIONS_SIZE_V1 + 8;
    n.known.tables.struct_size = larger;
    assert_fails_with(cube_tables_generate(&n.known.tables), CUBE_ERROR_IO, "/dev/null");
    ((unsigned char *)&n)[CUBE_TABLES_OPTIONS_SIZE_V1] = 1;
    char byte[16];
    snprintf(byte, sizeof byte, "byte %u", (unsigned)CUBE_TABLES_OPTIONS_SIZE_V1);
    assert_fails_with(cube_tables_generate(&n.known.tables), CUBE_ERROR_UNSUPPORTED, byte);
    cube_tables_options o;
    cube_tables_options_init(&o);
    o.cancel = (const cube_cancel *)&n;
    assert_refused(cube_tables_generate(&o), "options.cancel");
}

/* ---- Cancel tokens ---------------------------------------------------------------------------- */

static void triggered_token_cancels_the_2x2_calls(void **unused) {
    (void)unused;
    cube_cancel *token = triggered_token();
    cube_state *s = state_after(2, "R U R' U'");
    cube_solve_options o;
    cube_solve_options_init(&o);
    o.cancel = token;
    cube_solutions *list = NULL;
    assert_fails_with(cube_solve_all(solver, s, NULL, &o, 1000, &list), CUBE_ERROR_CANCELLED, "cancelled");
    assert_null(strstr(cube_last_error(), "cube_"));
    assert_null(list);
    cube_moves *m = NULL;
    assert_fails_with(cube_solve(solver, s, &o, &m), CUBE_ERROR_CANCELLED, "cancelled");
    assert_null(m);
    /* Reset, the same token lets the calls run. */
    assert_int_equal(cube_cancel_reset(token), CUBE_OK);
    assert_int_equal(cube_solve_all(solver, s, NULL, &o, 1000, &list), CUBE_OK);
    cube_solutions_free(list);
    cube_state_free(s);
    cube_cancel_free(token);
}

/* ---- Batches ---------------------------------------------------------------------------------- */

static void batch_on_two_threads(void **unused) {
    (void)unused;
    check_batch(2, 7000, 200);
    cube_solutions *list = (cube_solutions *)1;
    assert_refused(cube_solve_batch(solver, NULL, 1, NULL, NULL, 1, &list), "states");
    assert_null(list);
    assert_refused(cube_solve_batch(solver, NULL, -1, NULL, NULL, 1, &list), "count -1");
    assert_refused(cube_solve_batch(solver, NULL, 0, NULL, NULL, 1025, &list), "threads 1025");
    assert_refused(cube_solve_batch(solver, NULL, 0, NULL, NULL, 1, NULL), "NULL");
    assert_refused(cube_solve_batch(NULL, NULL, 0, NULL, NULL, 1, &list), "solver");
    assert_int_equal(cube_solve_batch(solver, NULL, 0, NULL, NULL, 1, &list), CUBE_OK);
    int32_t n = -1;
    assert_int_equal(cube_solutions_count(list, &n), CUBE_OK);
    assert_int_equal(n, 0);
    cube_solutions_free(list);
}

/* A batch with a target takes every state there (the old options.target, now a parameter). */
static void batch_to_a_target(void **unused) {
    (void)unused;
    enum { kCount = 16 };
    cube_state *states[kCount];
    cube_state *target = NULL;
    cube_solutions *list = NULL;
    assert_int_equal(cube_state_random(2, 99, &target), CUBE_OK);
    for (int i = 0; i < kCount; ++i) assert_int_equal(cube_state_random(2, 500 + (uint64_t)i, &states[i]), CUBE_OK);
    assert_int_equal(cube_solve_batch(solver, (const cube_state *const *)states, kCount, target, NULL, 2, &list),
                     CUBE_OK);
    for (int i = 0; i < kCount; ++i) {
        cube_moves *m = NULL;
        assert_int_equal(cube_solutions_get(list, i, &m), CUBE_OK);
        assert_int_equal(cube_state_apply(states[i], m), CUBE_OK);
        assert_int_equal(states_equal(states[i], target), 1);
        cube_moves_free(m);
        cube_state_free(states[i]);
    }
    cube_solutions_free(list);
    cube_state_free(target);
}

/* Failing states keep their own status and full message in the list, also on several threads. */
static void batch_keeps_detailed_messages(void **unused) {
    (void)unused;
    enum { kCount = 60 };
    const cube_state *states[kCount];
    cube_state *owned[kCount];
    cube_state *three = state_after(3, "R");
    for (int i = 0; i < kCount; ++i) {
        assert_int_equal(cube_state_random(2, 100 + (uint64_t)i, &owned[i]), CUBE_OK);
        states[i] = owned[i];
    }
    states[7] = NULL;
    states[20] = (const cube_state *)solver; /* a handle of the wrong kind */
    states[41] = three;                      /* QTM on a 3x3 */
    cube_solve_options o;
    cube_solve_options_init(&o);
    o.metric = CUBE_METRIC_QTM;
    cube_solutions *list = NULL;
    assert_fails_with(cube_solve_batch(solver, states, kCount, NULL, &o, 4, &list), CUBE_ERROR_INVALID_ARGUMENT,
                      "state 7: state is NULL");
    assert_non_null(list);
    assert_entry_failed(list, 7, CUBE_ERROR_INVALID_ARGUMENT, "state is NULL");
    assert_entry_failed(list, 20, CUBE_ERROR_INVALID_ARGUMENT, "not a valid handle");
    assert_entry_failed(list, 41, CUBE_ERROR_UNSUPPORTED, "the 3x3 solver counts in HTM only");
    /* get gives the entry's own status, with its message as the last error. */
    cube_moves *m = NULL;
    assert_fails_with(cube_solutions_get(list, 41, &m), CUBE_ERROR_UNSUPPORTED, "HTM only");
    assert_null(m);
    for (int i = 0; i < kCount; ++i) {
        if (i == 7 || i == 20 || i == 41) continue;
        assert_int_equal(cube_solutions_get(list, i, &m), CUBE_OK);
        assert_int_equal(moves_length_of(m, CUBE_METRIC_QTM), distance_of(states[i], &o));
        cube_moves_free(m);
    }
    cube_solutions_free(list);
    for (int i = 0; i < kCount; ++i) cube_state_free(owned[i]);
    cube_state_free(three);
}

/* States not started when the token is triggered are cancelled; the list still comes back. */
static void batch_with_triggered_token(void **unused) {
    (void)unused;
    enum { kCount = 20 };
    cube_state *states[kCount];
    for (int i = 0; i < kCount; ++i) assert_int_equal(cube_state_random(2, (uint64_t)i, &states[i]), CUBE_OK);
    cube_cancel *token = triggered_token();
    cube_solve_options o;
    cube_solve_options_init(&o);
    o.cancel = token;
    cube_solutions *list = NULL;
    assert_fails_with(cube_solve_batch(solver, (const cube_state *const *)states, kCount, NULL, &o, 3, &list),
                      CUBE_ERROR_CANCELLED, "state 0: ");
    assert_non_null(list);
    for (int i = 0; i < kCount; ++i) assert_entry_failed(list, i, CUBE_ERROR_CANCELLED, "cancelled before");
    cube_solutions_free(list);
    cube_cancel_free(token);
    for (int i = 0; i < kCount; ++i) cube_state_free(states[i]);
}

int main(void) {
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(random_states_both_metrics),
        cmocka_unit_test(known_distances),
        cmocka_unit_test(qtm_writes_half_turns),
        cmocka_unit_test(any_orientation_and_colour_scans),
        cmocka_unit_test(every_optimal_solution_in_a_list),
        cmocka_unit_test(solutions_list_refuses_bad_use),
        cmocka_unit_test(solves_to_a_target),
        cmocka_unit_test(limits_and_bad_input),
        cmocka_unit_test(init_never_writes_past_the_given_size),
        cmocka_unit_test(solver_config_sizes),
        cmocka_unit_test(solve_options_sizes),
        cmocka_unit_test(tables_options_sizes),
        cmocka_unit_test(triggered_token_cancels_the_2x2_calls),
        cmocka_unit_test(batch_on_two_threads),
        cmocka_unit_test(batch_to_a_target),
        cmocka_unit_test(batch_keeps_detailed_messages),
        cmocka_unit_test(batch_with_triggered_token),
    };
    return cmocka_run_group_tests(tests, open_solver, close_solver);
}
