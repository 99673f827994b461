/* The 3x3 solve's default time limit (timeout_ms 0 = 10 s), which every solve of robot-aware solving
 * relies on: searches that would run for minutes end at it, min_effort returns the best found, and the
 * error says which limit stopped the search. Needs the 3x3 tables. Each of the first three tests takes
 * the 10 s of the limit; a watchdog cancels a solve still running after 120 s (a missing limit). */
#define _DEFAULT_SOURCE /* nanosleep */
#include <pthread.h>
#include <stdatomic.h>
#include <time.h>

#include <cube/solver.h>

#include "../core/test_util.h"

#define SUPERFLIP "U R2 F B R B2 R U2 L B2 R U' D' R2 F R' L B2 U2 F2"

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

/* Asserts that `m` takes `s` to solved. */
static void assert_solves(const cube_state *s, const cube_moves *m) {
    cube_state *c = NULL;
    assert_int_equal(cube_state_copy(s, &c), CUBE_OK);
    assert_int_equal(cube_state_apply(c, m), CUBE_OK);
    assert_int_equal(state_solved(c), 1);
    cube_state_free(c);
}

enum { kWatchdogMs = 120000 }; /* far past the 10 s limit: only a solve without one gets here */

/* Cancels `token` after kWatchdogMs unless `done` is set first. */
typedef struct {
    cube_cancel *token;
    atomic_int done;
    pthread_t thread;
} Watchdog;

static void *watch(void *arg) {
    Watchdog *w = arg;
    const struct timespec tick = {0, 10 * 1000 * 1000};
    for (int waited_ms = 0; waited_ms < kWatchdogMs && !atomic_load(&w->done); waited_ms += 10) nanosleep(&tick, NULL);
    if (!atomic_load(&w->done)) cube_cancel_trigger(w->token);
    return NULL;
}

static void start_watchdog(Watchdog *w, cube_solve_options *o) {
    assert_int_equal(cube_cancel_new(&w->token), CUBE_OK);
    atomic_init(&w->done, 0);
    o->cancel = w->token;
    assert_int_equal(pthread_create(&w->thread, NULL, watch, w), 0);
}

static void stop_watchdog(Watchdog *w) {
    atomic_store(&w->done, 1);
    assert_int_equal(pthread_join(w->thread, NULL), 0);
    cube_cancel_free(w->token);
}

/* The superflip needs 20 moves: a search for 19 never ends by itself. */
static void a_search_with_no_end_in_sight_stops_at_the_default_limit(void **unused) {
    (void)unused;
    cube_state *s = state_after(3, SUPERFLIP);
    cube_solve_options o;
    cube_solve_options_init(&o);
    o.max_length = 19;
    Watchdog w;
    start_watchdog(&w, &o);
    cube_moves *m = NULL;
    cube_status st = cube_solve(solver, s, &o, &m);
    stop_watchdog(&w);
    assert_fails_with(st, CUBE_ERROR_TIMEOUT, "no solution of at most 19 moves found within the default time limit "
                                              "of 10000 ms");
    assert_null(m);
    cube_state_free(s);
}

/* The case: --max-length 17 on a random cube (solved, or stopped by the default limit). */
static void max_length_17_on_a_random_cube_returns(void **unused) {
    (void)unused;
    cube_state *s = NULL;
    assert_int_equal(cube_state_random(3, 17, &s), CUBE_OK);
    cube_solve_options o;
    cube_solve_options_init(&o);
    o.max_length = 17;
    Watchdog w;
    start_watchdog(&w, &o);
    cube_moves *m = NULL;
    cube_status st = cube_solve(solver, s, &o, &m);
    stop_watchdog(&w);
    if (st == CUBE_OK) {
        assert_solves(s, m);
        assert_true(moves_length_of(m, CUBE_METRIC_HTM) <= 17);
        cube_moves_free(m);
    } else {
        assert_fails_with(st, CUBE_ERROR_TIMEOUT, "within the default time limit of 10000 ms");
    }
    cube_state_free(s);
}

/* min_effort without timeout_ms used to search until it proved the shortest (hours): now it returns
 * the shortest found within the default limit, never longer than a plain solve's answer. */
static void min_effort_with_the_default_limit_returns_the_best_found(void **unused) {
    (void)unused;
    cube_state *s = NULL;
    assert_int_equal(cube_state_random(3, 4242, &s), CUBE_OK);
    cube_moves *plain = NULL;
    assert_int_equal(cube_solve(solver, s, NULL, &plain), CUBE_OK);
    cube_solve_options o;
    cube_solve_options_init(&o);
    o.min_effort = 1;
    Watchdog w;
    start_watchdog(&w, &o);
    cube_moves *m = NULL;
    cube_status st = cube_solve(solver, s, &o, &m);
    stop_watchdog(&w);
    assert_int_equal(st, CUBE_OK);
    assert_solves(s, m);
    assert_true(moves_length_of(m, CUBE_METRIC_HTM) <= moves_length_of(plain, CUBE_METRIC_HTM));
    cube_moves_free(m);
    cube_moves_free(plain);
    cube_state_free(s);
}

/* A search that ran to its end says max_length stopped it; an explicit limit is named as given. */
static void the_message_names_the_limit_that_stopped_the_search(void **unused) {
    (void)unused;
    cube_state *s = state_after(3, "R U F D L B R2 U2");
    cube_solve_options o;
    cube_solve_options_init(&o);
    o.max_length = 3;
    cube_moves *m = NULL;
    assert_fails_with(cube_solve(solver, s, &o, &m), CUBE_ERROR_UNSOLVABLE, "within max_length 3 ran to its end");
    cube_state_free(s);
    s = state_after(3, SUPERFLIP);
    o.max_length = 19;
    o.timeout_ms = 50;
    assert_fails_with(cube_solve(solver, s, &o, &m), CUBE_ERROR_TIMEOUT, "within the time limit of 50 ms");
    assert_null(strstr(cube_last_error(), "default"));
    assert_null(m);
    cube_state_free(s);
}

int main(void) {
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(the_message_names_the_limit_that_stopped_the_search),
        cmocka_unit_test(a_search_with_no_end_in_sight_stops_at_the_default_limit),
        cmocka_unit_test(max_length_17_on_a_random_cube_returns),
        cmocka_unit_test(min_effort_with_the_default_limit_returns_the_best_found),
    };
    return cmocka_run_group_tests(tests, open_solver, close_solver);
}
