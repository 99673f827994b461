/* The solver handle on the 3x3 through the public C API (tables in $CUBE_TABLE_DIR, built on first use):
 * solutions, targets, limits and time-outs, cancelling solves, batches and table builds, progress
 * callbacks that call back into the solver, and the table file's name. */
#define _POSIX_C_SOURCE 200809L /* mkdtemp, nanosleep */
#include <dirent.h>
#include <pthread.h>
#include <stdatomic.h>
#include <stdlib.h>
#include <time.h>
#include <unistd.h>

#include "solver_fixture.h"

static int open_solver_with_tables(void **state) {
    return open_solver(state) == 0 && cube_solver_prepare(solver, 3, NULL) == CUBE_OK ? 0 : -1;
}

/* Solves `s`, checks the answer and that it has face turns only; returns its length. */
static int32_t solve_and_check(const cube_state *s, const cube_solve_options *o) {
    cube_moves *m = solve_checked(s, o);
    int32_t len = moves_length_of(m, CUBE_METRIC_HTM);
    assert_int_equal(len, moves_count_of(m));
    cube_moves_free(m);
    return len;
}

static void sleep_ms(long ms) {
    struct timespec t = {ms / 1000, (ms % 1000) * 1000000L};
    nanosleep(&t, NULL);
}

static cube_cancel *new_token(void) {
    cube_cancel *token = NULL;
    assert_int_equal(cube_cancel_new(&token), CUBE_OK);
    return token;
}

/* Triggers a token from another thread once `*ready` is set (or at once if ready is NULL), after `delay_ms`. */
typedef struct {
    cube_cancel *token;
    atomic_int *ready;
    long delay_ms;
    pthread_t thread;
} trigger_later;

static void *trigger_main(void *arg) {
    trigger_later *t = arg;
    while (t->ready && !atomic_load(t->ready)) sleep_ms(1);
    sleep_ms(t->delay_ms);
    cube_cancel_trigger(t->token);
    return NULL;
}

static void start_trigger(trigger_later *t, cube_cancel *token, atomic_int *ready, long delay_ms) {
    t->token = token;
    t->ready = ready;
    t->delay_ms = delay_ms;
    assert_int_equal(pthread_create(&t->thread, NULL, trigger_main, t), 0);
}

/* A fresh folder for a table build, and the check that nothing was left in it. */
static void new_folder(char *dir, size_t size) {
    snprintf(dir, size, "/tmp/libcube-solver3-XXXXXX");
    assert_non_null(mkdtemp(dir));
}

static void assert_folder_empty_and_remove(const char *dir) {
    DIR *d = opendir(dir);
    assert_non_null(d);
    for (struct dirent *e; (e = readdir(d)) != NULL;) {
        if (strcmp(e->d_name, ".") == 0 || strcmp(e->d_name, "..") == 0) continue;
        print_error("left behind in %s: %s\n", dir, e->d_name);
        fail();
    }
    closedir(d);
    assert_int_equal(rmdir(dir), 0);
}

/* ---- Solving ---------------------------------------------------------------------------------- */

static void random_states(void **unused) {
    (void)unused;
    for (uint64_t seed = 0; seed < 100; ++seed) {
        cube_state *s = NULL;
        assert_int_equal(cube_state_random(3, seed, &s), CUBE_OK);
        assert_true(solve_and_check(s, NULL) <= 20);
        cube_state_free(s);
    }
}

/* The hardest search here (2 s optimised, 14 s under ASan): a limit of its own, far past the default 10 s
 * (tests/robot/test_solve_default_limit.c tests that one). */
static void superflip_in_20(void **unused) {
    (void)unused;
    cube_state *s = state_after(3, "U R2 F B R B2 R U2 L B2 R U' D' R2 F R' L B2 U2 F2");
    cube_solve_options o;
    cube_solve_options_init(&o);
    o.timeout_ms = 120000;
    assert_int_equal(solve_and_check(s, &o), 20);
    cube_state_free(s);
}

static void solved_and_one_move(void **unused) {
    (void)unused;
    cube_state *s = state_after(3, "");
    assert_int_equal(solve_and_check(s, NULL), 0);
    cube_state_free(s);
    const char *one[] = {"U", "R'", "F2", "D", "L2", "B'"};
    for (size_t i = 0; i < sizeof one / sizeof *one; ++i) {
        s = state_after(3, one[i]);
        assert_int_equal(solve_and_check(s, NULL), 1);
        cube_state_free(s);
    }
}

static void to_a_target_pattern(void **unused) {
    (void)unused;
    cube_state *checkerboard = state_after(3, "U2 D2 F2 B2 L2 R2");
    cube_state *s = NULL;
    assert_int_equal(cube_state_random(3, 99, &s), CUBE_OK);
    cube_moves *m = solve_checked_to(s, checkerboard, NULL);
    assert_true(moves_length_of(m, CUBE_METRIC_HTM) <= 20);
    cube_moves_free(m);
    /* Centres turned another way cannot be reached with face turns. */
    cube_state *turned = state_after(3, "x");
    m = NULL;
    assert_fails_with(cube_solve_to(solver, s, turned, NULL, &m), CUBE_ERROR_UNSOLVABLE, "centres");
    assert_null(m);
    cube_state_free(turned);
    cube_state_free(s);
    cube_state_free(checkerboard);
}

static void rotated_cube_keeps_its_centres(void **unused) {
    (void)unused;
    cube_state *s = state_after(3, "R U x F' y M");
    solve_and_check(s, NULL);
    cube_state_free(s);
}

static void limits(void **unused) {
    (void)unused;
    cube_state *s = state_after(3, "R U F D L B R2 U2");
    cube_moves *m = NULL;
    cube_solve_options o;
    cube_solve_options_init(&o);
    o.metric = CUBE_METRIC_QTM;
    assert_fails_with(cube_solve(solver, s, &o, &m), CUBE_ERROR_UNSUPPORTED, "HTM only");
    cube_solve_options_init(&o);
    o.timeout_ms = 30;
    o.min_effort = 1;
    assert_true(solve_and_check(s, &o) <= 8);
    cube_state_free(s);
}

/* Nothing within max_length, proved by a search that ran to its end: UNSOLVABLE, not TIMEOUT. */
static void nothing_within_max_length_is_unsolvable(void **unused) {
    (void)unused;
    cube_state *s = state_after(3, "R U F D L B R2 U2");
    cube_moves *m = NULL;
    cube_solve_options o;
    cube_solve_options_init(&o);
    o.max_length = 3;
    assert_fails_with(cube_solve(solver, s, &o, &m), CUBE_ERROR_UNSOLVABLE, "no solution of at most 3 moves exists");
    assert_null(m);
    cube_state_free(s);
}

/* The superflip needs 20 moves: at most 19 is never found, and only the clock ends the search. */
static void time_out_without_a_solution(void **unused) {
    (void)unused;
    cube_state *s = state_after(3, "U R2 F B R B2 R U2 L B2 R U' D' R2 F R' L B2 U2 F2");
    cube_moves *m = NULL;
    cube_solve_options o;
    cube_solve_options_init(&o);
    o.max_length = 19;
    o.timeout_ms = 50;
    assert_fails_with(cube_solve(solver, s, &o, &m), CUBE_ERROR_TIMEOUT, "time limit of 50 ms");
    assert_null(m);
    /* A random cube with max_length 17 likewise. */
    cube_state *r = NULL;
    assert_int_equal(cube_state_random(3, 17, &r), CUBE_OK);
    o.max_length = 17;
    cube_status st = cube_solve(solver, r, &o, &m);
    if (st == CUBE_OK) {
        cube_moves_free(m); /* this cube happened to have a short solution */
    } else {
        assert_int_equal(st, CUBE_ERROR_TIMEOUT);
    }
    cube_state_free(r);
    cube_state_free(s);
}

/* min_effort with a short time limit and no max_length answers every cube: the shortest solution found in
 * time, above 20 moves when nothing shorter was found (rob-twophase and min2phase do the same). */
static void min_effort_answers_within_a_short_time_limit(void **unused) {
    (void)unused;
    cube_solve_options o;
    cube_solve_options_init(&o);
    o.min_effort = 1;
    o.timeout_ms = 10;
    for (uint64_t seed = 0; seed < 1000; ++seed) {
        cube_state *s = NULL;
        assert_int_equal(cube_state_random(3, 90000 + seed, &s), CUBE_OK);
        solve_and_check(s, &o);
        cube_state_free(s);
    }
}

/* An explicit max_length stays a hard cap with min_effort: a solution within it, or a failure naming it. */
static void min_effort_keeps_an_explicit_max_length(void **unused) {
    (void)unused;
    cube_solve_options o;
    cube_solve_options_init(&o);
    o.min_effort = 1;
    o.timeout_ms = 1;
    o.max_length = 20;
    for (uint64_t seed = 0; seed < 50; ++seed) {
        cube_state *s = NULL;
        assert_int_equal(cube_state_random(3, 95000 + seed, &s), CUBE_OK);
        cube_moves *m = NULL;
        cube_status st = cube_solve(solver, s, &o, &m);
        if (st == CUBE_OK)
            assert_true(moves_length_of(m, CUBE_METRIC_HTM) <= 20);
        else
            assert_fails_with(st, CUBE_ERROR_TIMEOUT, "at most 20 moves");
        cube_moves_free(m);
        cube_state_free(s);
    }
    cube_state *s = NULL;
    assert_int_equal(cube_state_random(3, 17, &s), CUBE_OK);
    cube_moves *m = NULL;
    o.max_length = 12;
    o.timeout_ms = 5;
    cube_status st = cube_solve(solver, s, &o, &m); /* out of time, or a search that ran to its end */
    assert_true(st == CUBE_ERROR_TIMEOUT || st == CUBE_ERROR_UNSOLVABLE);
    assert_non_null(strstr(cube_last_error(), "at most 12 moves"));
    assert_null(m);
    cube_state_free(s);
}

static void invalid_state_is_refused_before_solving(void **unused) {
    (void)unused;
    cube_state *s = NULL;
    assert_fails_with(cube_state_from_facelets("UUUUUUUFURRRRRRRRRFUFFFFFFFDDDDDDDDDLLLLLLLLLBBBBBBBBB", 0, &s),
                      CUBE_ERROR_INVALID_CUBE, "edge orientation sum is odd");
}

/* ---- Cancelling solves and batches ------------------------------------------------------------ */

/* min_effort without a time limit searches until it proves the shortest: only the token ends it here. */
static void cancel_a_min_effort_solve(void **unused) {
    (void)unused;
    cube_state *s = NULL;
    assert_int_equal(cube_state_random(3, 4242, &s), CUBE_OK);
    cube_cancel *token = new_token();
    cube_solve_options o;
    cube_solve_options_init(&o);
    o.min_effort = 1;
    o.cancel = token;
    trigger_later t;
    start_trigger(&t, token, NULL, 30);
    cube_moves *m = NULL;
    assert_fails_with(cube_solve(solver, s, &o, &m), CUBE_ERROR_CANCELLED, "cancelled");
    assert_null(m);
    pthread_join(t.thread, NULL);
    cube_cancel_free(token);
    cube_state_free(s);
}

/* Solves in flight see the token; states not started yet are cancelled before they begin. */
static void cancel_a_batch(void **unused) {
    (void)unused;
    enum { kCount = 40 };
    cube_state *states[kCount];
    for (int i = 0; i < kCount; ++i) assert_int_equal(cube_state_random(3, 300 + (uint64_t)i, &states[i]), CUBE_OK);
    cube_cancel *token = new_token();
    cube_solve_options o;
    cube_solve_options_init(&o);
    o.min_effort = 1; /* and no time limit: every solve runs until cancelled */
    o.cancel = token;
    trigger_later t;
    start_trigger(&t, token, NULL, 50);
    cube_solutions *list = NULL;
    assert_fails_with(cube_solve_batch(solver, (const cube_state *const *)states, kCount, NULL, &o, 2, &list),
                      CUBE_ERROR_CANCELLED, "state 0: ");
    pthread_join(t.thread, NULL);
    assert_non_null(list);
    int32_t n = 0;
    assert_int_equal(cube_solutions_count(list, &n), CUBE_OK);
    assert_int_equal(n, kCount);
    assert_entry_failed(list, 0, CUBE_ERROR_CANCELLED, "solve cancelled");
    assert_entry_failed(list, kCount - 1, CUBE_ERROR_CANCELLED, "cancelled before this state was solved");
    for (int i = 0; i < kCount; ++i) assert_entry_failed(list, i, CUBE_ERROR_CANCELLED, "cancelled");
    cube_solutions_free(list);
    cube_cancel_free(token);
    for (int i = 0; i < kCount; ++i) cube_state_free(states[i]);
}

static void batch(void **unused) {
    (void)unused;
    check_batch(3, 500, 40);
}

/* ---- Progress callbacks that call into the solver --------------------------------------------- */

typedef struct {
    cube_solver *solver; /* the solver whose callback this is */
    int calls;
    cube_status solve2, solve3, prepare3, generate;
} reentry;

static int32_t call_back_in(void *user, const cube_progress *p) {
    reentry *r = user;
    (void)p;
    if (r->calls++ > 0) return 0;
    cube_state *two = state_after(2, "R U F"), *three = state_after(3, "R U F");
    cube_moves *m = NULL;
    r->solve2 = cube_solve(r->solver, two, NULL, &m);
    cube_moves_free(m);
    m = NULL;
    r->solve3 = cube_solve(r->solver, three, NULL, &m);
    cube_moves_free(m);
    r->prepare3 = cube_solver_prepare(r->solver, 3, NULL);
    r->generate = cube_tables_generate(NULL); /* the same file, loaded on this thread */
    cube_state_free(two);
    cube_state_free(three);
    return 0;
}

/* The callback runs with no lock held: a 2x2 solve works, and what would wait for the load it is
 * part of (a 3x3 on the same solver, the same table file) is refused instead of deadlocking. */
static void progress_callback_may_call_the_solver(void **unused) {
    (void)unused;
    reentry r = {NULL, 0, -100, -100, -100, -100};
    cube_solver_config c;
    cube_solver_config_init(&c);
    c.table_policy = CUBE_TABLES_FULL; /* the load, and its callback, on the solving thread */
    c.progress = call_back_in;
    c.progress_user_data = &r;
    assert_int_equal(cube_solver_new(&c, &r.solver), CUBE_OK);
    cube_state *s = state_after(3, "R U F D");
    cube_moves *m = NULL;
    assert_int_equal(cube_solve(r.solver, s, NULL, &m), CUBE_OK); /* loads the shared tables: reports */
    assert_true(r.calls >= 1);
    assert_int_equal(r.solve2, CUBE_OK);
    assert_int_equal(r.solve3, CUBE_ERROR_UNSUPPORTED);
    assert_int_equal(r.prepare3, CUBE_ERROR_UNSUPPORTED);
    assert_int_equal(r.generate, CUBE_ERROR_UNSUPPORTED);
    cube_moves_free(m);
    cube_state_free(s);
    cube_solver_free(r.solver);
}

typedef struct {
    pthread_t caller;
    atomic_int calls;
    atomic_int on_caller; /* reports that came on the thread that called cube_solve_batch() */
} batch_watch;

static int32_t watch_batch_thread(void *user, const cube_progress *p) {
    batch_watch *w = user;
    (void)p;
    atomic_fetch_add(&w->calls, 1);
    if (pthread_equal(pthread_self(), w->caller)) atomic_fetch_add(&w->on_caller, 1);
    return 0;
}

/* A batch on several threads runs on threads of its own: the table load it triggers reports there, never on
 * the caller's thread (the bindings rely on it to test attaching native threads to their runtime). */
static void batch_progress_comes_from_batch_threads(void **unused) {
    (void)unused;
    batch_watch w;
    w.caller = pthread_self();
    atomic_init(&w.calls, 0);
    atomic_init(&w.on_caller, 0);
    cube_solver_config c;
    cube_solver_config_init(&c);
    c.table_policy = CUBE_TABLES_FULL; /* the load, and its callback, on a batch thread */
    c.progress = watch_batch_thread;
    c.progress_user_data = &w;
    cube_solver *solver = NULL;
    assert_int_equal(cube_solver_new(&c, &solver), CUBE_OK);
    const cube_state *states[4];
    const char *scrambles[4] = {"R U F D", "L B", "F2 D' R", "U R2"};
    for (int i = 0; i < 4; ++i) states[i] = state_after(3, scrambles[i]);
    cube_solutions *list = NULL;
    assert_int_equal(cube_solve_batch(solver, states, 4, NULL, NULL, 2, &list), CUBE_OK);
    assert_true(atomic_load(&w.calls) >= 1);
    assert_int_equal(atomic_load(&w.on_caller), 0);
    cube_solutions_free(list);
    for (int i = 0; i < 4; ++i) cube_state_free((cube_state *)states[i]);
    cube_solver_free(solver);
}

/* ---- Cancelling table builds ------------------------------------------------------------------ */

typedef struct {
    int stop_at_build;   /* return nonzero at the first report of the build itself */
    atomic_int building; /* set at that report */
    int notices;
    char notice[512];
} build_watch;

static int32_t watch_build(void *user, const cube_progress *p) {
    build_watch *w = user;
    assert_true(p->struct_size >= CUBE_PROGRESS_SIZE_V1);
    assert_true(p->fraction >= 0.0 && p->fraction <= 1.0);
    assert_true(p->stage_fraction >= 0.0 && p->stage_fraction <= 1.0);
    if (p->event == CUBE_PROGRESS_NOTICE) {
        /* Notices come before the work they announce: the build has not begun. */
        assert_int_equal(atomic_load(&w->building), 0);
        w->notices++;
        snprintf(w->notice, sizeof w->notice, "%s", p->stage);
        return 0;
    }
    if (strcmp(p->stage, "checking table file") == 0) return 0;
    atomic_store(&w->building, 1);
    return w->stop_at_build;
}

/* A callback that answers nonzero stops the build; no table file and no temporary file is left. The
 * solver is then empty again: a later call tries again (and here is stopped again). */
static void progress_answer_cancels_the_build(void **unused) {
    (void)unused;
    char dir[64];
    new_folder(dir, sizeof dir);
    build_watch w = {1, 0, 0, ""};
    cube_solver_config c;
    cube_solver_config_init(&c);
    c.table_policy = CUBE_TABLES_FULL; /* the build on the calling thread */
    c.table_dir = dir;
    c.progress = watch_build;
    c.progress_user_data = &w;
    cube_solver *s = NULL;
    assert_int_equal(cube_solver_new(&c, &s), CUBE_OK);
    assert_fails_with(cube_solver_prepare(s, 3, NULL), CUBE_ERROR_CANCELLED, "cancelled");
    assert_int_equal(w.notices, 1);
    assert_non_null(strstr(w.notice, "does not exist; building it"));
    atomic_store(&w.building, 0);
    cube_state *cube = state_after(3, "R U");
    cube_moves *m = NULL;
    assert_fails_with(cube_solve(s, cube, NULL, &m), CUBE_ERROR_CANCELLED, "cancelled");
    assert_int_equal(w.notices, 2);
    cube_state_free(cube);
    cube_solver_free(s);
    /* cube_tables_generate stops the same way. */
    atomic_store(&w.building, 0);
    cube_tables_options o;
    cube_tables_options_init(&o);
    o.table_dir = dir;
    o.progress = watch_build;
    o.progress_user_data = &w;
    assert_fails_with(cube_tables_generate(&o), CUBE_ERROR_CANCELLED, "cancelled");
    assert_folder_empty_and_remove(dir);
}

/* A token triggered from another thread while the build runs stops it; nothing is left behind. */
static void token_cancels_a_build_from_another_thread(void **unused) {
    (void)unused;
    char dir[64];
    new_folder(dir, sizeof dir);
    build_watch w = {0, 0, 0, ""};
    cube_cancel *token = new_token();
    cube_tables_options o;
    cube_tables_options_init(&o);
    o.table_dir = dir;
    o.progress = watch_build;
    o.progress_user_data = &w;
    o.cancel = token;
    trigger_later t;
    start_trigger(&t, token, &w.building, 0);
    assert_fails_with(cube_tables_generate(&o), CUBE_ERROR_CANCELLED, "cancelled");
    pthread_join(t.thread, NULL);
    assert_folder_empty_and_remove(dir);
    cube_cancel_free(token);
}

/* Threads waiting for another thread's load watch their own tokens; when that load is cancelled, a
 * waiter loads next. */
typedef struct {
    cube_solver *solver;
    atomic_int building, release, builds;
    cube_status first, second;
    char second_message[256];
} held_build;

/* Holds the first build inside its callback until released, then stops it; stops later builds at once. */
static int32_t hold_build(void *user, const cube_progress *p) {
    held_build *h = user;
    if (p->event == CUBE_PROGRESS_NOTICE) {
        atomic_fetch_add(&h->builds, 1);
        return 0;
    }
    if (strcmp(p->stage, "checking table file") == 0) return 0;
    if (atomic_exchange(&h->building, 1) == 0)
        while (!atomic_load(&h->release)) sleep_ms(1);
    return 1;
}

static void *first_loader(void *arg) {
    held_build *h = arg;
    h->first = cube_solver_prepare(h->solver, 3, NULL);
    return NULL;
}

static void *second_loader(void *arg) {
    held_build *h = arg;
    h->second = cube_solver_prepare(h->solver, 3, NULL);
    snprintf(h->second_message, sizeof h->second_message, "%s", cube_last_error());
    return NULL;
}

static void waiter_watches_its_own_token(void **unused) {
    (void)unused;
    char dir[64];
    new_folder(dir, sizeof dir);
    held_build h = {NULL, 0, 0, 0, -100, -100, ""};
    cube_solver_config c;
    cube_solver_config_init(&c);
    c.table_policy = CUBE_TABLES_FULL; /* builds on the calling threads */
    c.table_dir = dir;
    c.progress = hold_build;
    c.progress_user_data = &h;
    assert_int_equal(cube_solver_new(&c, &h.solver), CUBE_OK);
    pthread_t first, second;
    assert_int_equal(pthread_create(&first, NULL, first_loader, &h), 0);
    while (!atomic_load(&h.building)) sleep_ms(1);
    /* The builder is inside its callback, holding no lock: this thread waits, then its token stops it. */
    cube_cancel *token = new_token();
    trigger_later t;
    start_trigger(&t, token, NULL, 20);
    assert_fails_with(cube_solver_prepare(h.solver, 3, token), CUBE_ERROR_CANCELLED, "another thread");
    pthread_join(t.thread, NULL);
    /* A 2x2 solve meanwhile is not held up by the 3x3 load. */
    cube_state *two = state_after(2, "R U");
    cube_moves *m = NULL;
    assert_int_equal(cube_solve(h.solver, two, NULL, &m), CUBE_OK);
    cube_moves_free(m);
    cube_state_free(two);
    /* A waiter without a token; then the first build is stopped, and the waiter builds (and is stopped). */
    assert_int_equal(pthread_create(&second, NULL, second_loader, &h), 0);
    sleep_ms(20);
    atomic_store(&h.release, 1);
    pthread_join(first, NULL);
    pthread_join(second, NULL);
    assert_int_equal(h.first, CUBE_ERROR_CANCELLED);
    assert_int_equal(h.second, CUBE_ERROR_CANCELLED);
    assert_non_null(strstr(h.second_message, "loading the 3x3 tables was cancelled"));
    assert_int_equal(atomic_load(&h.builds), 2);
    cube_solver_free(h.solver);
    cube_cancel_free(token);
    assert_folder_empty_and_remove(dir);
}

/* ---- The table file --------------------------------------------------------------------------- */

static void table_file_calls(void **unused) {
    (void)unused;
    char path[4096];
    int32_t len = 0;
    assert_int_equal(cube_tables_path(NULL, path, sizeof path, &len), CUBE_OK);
    assert_int_equal((int32_t)strlen(path), len);
    assert_int_equal(cube_tables_verify(NULL), CUBE_OK);
    assert_int_equal(cube_tables_path("/nonexistent-dir", path, sizeof path, NULL), CUBE_OK);
    assert_non_null(strstr(path, "/nonexistent-dir/"));
    assert_int_equal(cube_tables_verify("/nonexistent-dir"), CUBE_ERROR_NOT_FOUND);
    assert_int_equal(cube_tables_path(NULL, path, 2, NULL), CUBE_ERROR_BUFFER_TOO_SMALL);
    /* A good file is checked and kept. */
    assert_int_equal(cube_tables_generate(NULL), CUBE_OK);
}

/* The file is named by its content version (2), so that libcube versions with other tables keep theirs. */
static void table_file_is_named_by_its_version(void **unused) {
    (void)unused;
    char path[4096];
    assert_int_equal(cube_tables_path("/x", path, sizeof path, NULL), CUBE_OK);
#if __BYTE_ORDER__ == __ORDER_BIG_ENDIAN__
    assert_string_equal(path, "/x/twophase3x3-v2-be.tbl"); /* a big-endian machine's own file */
#else
    assert_string_equal(path, "/x/twophase3x3-v2.tbl");
#endif
}

int main(void) {
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(random_states),
        cmocka_unit_test(superflip_in_20),
        cmocka_unit_test(solved_and_one_move),
        cmocka_unit_test(to_a_target_pattern),
        cmocka_unit_test(rotated_cube_keeps_its_centres),
        cmocka_unit_test(limits),
        cmocka_unit_test(nothing_within_max_length_is_unsolvable),
        cmocka_unit_test(time_out_without_a_solution),
        cmocka_unit_test(min_effort_answers_within_a_short_time_limit),
        cmocka_unit_test(min_effort_keeps_an_explicit_max_length),
        cmocka_unit_test(invalid_state_is_refused_before_solving),
        cmocka_unit_test(cancel_a_min_effort_solve),
        cmocka_unit_test(cancel_a_batch),
        cmocka_unit_test(batch),
        cmocka_unit_test(progress_callback_may_call_the_solver),
        cmocka_unit_test(batch_progress_comes_from_batch_threads),
        cmocka_unit_test(progress_answer_cancels_the_build),
        cmocka_unit_test(token_cancels_a_build_from_another_thread),
        cmocka_unit_test(waiter_watches_its_own_token),
        cmocka_unit_test(table_file_calls),
        cmocka_unit_test(table_file_is_named_by_its_version),
    };
    return cmocka_run_group_tests(tests, open_solver_with_tables, close_solver);
}
