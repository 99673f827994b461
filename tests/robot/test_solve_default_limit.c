/* The 3x3 solve's default time limit (timeout_ms 0 = 10 s), which every solve of robot-aware solving
 * relies on: searches that would run for minutes end at it, min_effort returns the best found, and the
 * error says which limit stopped the search. Needs the 3x3 tables. The three solves that take the 10 s of
 * the limit run side by side; a watchdog cancels a solve still running after 120 s (a missing limit). */
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

/* The three solves that wait out the default limit run side by side, each on its own thread, started by
 * the group setup (one 10 s wait for the three); each test joins its own and checks the answer. */
typedef struct {
    cube_state *state;
    cube_solve_options options;
    Watchdog watchdog;
    cube_status status;
    char message[512]; /* cube_last_error() of the solve's own thread */
    cube_moves *moves;
    pthread_t thread;
    int joined;
} Background;

enum { kNoEnd, kMaxLength17, kMinEffort, kBackgroundCount };
static Background background[kBackgroundCount];

static void *solve_in_background(void *arg) {
    Background *b = arg;
    b->status = cube_solve(solver, b->state, &b->options, &b->moves);
    snprintf(b->message, sizeof b->message, "%s", cube_last_error());
    stop_watchdog(&b->watchdog);
    return NULL;
}

/* Starts one background solve of `s` (owned by it); returns 0 on success. */
static int start_background(Background *b, cube_state *s) {
    b->state = s;
    b->moves = NULL;
    start_watchdog(&b->watchdog, &b->options);
    return pthread_create(&b->thread, NULL, solve_in_background, b);
}

static int start_all(void **unused) {
    if (open_solver(unused) != 0) return -1;
    /* The superflip needs 20 moves: a search for 19 never ends by itself. */
    cube_solve_options_init(&background[kNoEnd].options);
    background[kNoEnd].options.max_length = 19;
    /* The case: --max-length 17 on a random cube (solved, or stopped by the default limit). */
    cube_state *random17 = NULL;
    if (cube_state_random(3, 17, &random17) != CUBE_OK) return -1;
    cube_solve_options_init(&background[kMaxLength17].options);
    background[kMaxLength17].options.max_length = 17;
    /* min_effort without timeout_ms used to search until it proved the shortest (hours). */
    cube_state *random4242 = NULL;
    if (cube_state_random(3, 4242, &random4242) != CUBE_OK) return -1;
    cube_solve_options_init(&background[kMinEffort].options);
    background[kMinEffort].options.min_effort = 1;
    if (start_background(&background[kNoEnd], state_after(3, SUPERFLIP)) != 0) return -1;
    if (start_background(&background[kMaxLength17], random17) != 0) return -1;
    return start_background(&background[kMinEffort], random4242);
}

/* Frees what background solve `b` holds once it has been checked (or a test failed). */
static void release(Background *b) {
    cube_state_free(b->state);
    cube_moves_free(b->moves);
    b->state = NULL;
    b->moves = NULL;
}

/* Joins every background solve still running, frees what they hold, then the solver. */
static int finish_all(void **unused) {
    for (int i = 0; i < kBackgroundCount; ++i) {
        Background *b = &background[i];
        if (!b->state) continue;
        if (!b->joined) pthread_join(b->thread, NULL);
        release(b);
    }
    return close_solver(unused);
}

/* Waits for background solve `i` and returns it. */
static Background *joined(int i) {
    Background *b = &background[i];
    b->joined = 1;
    assert_int_equal(pthread_join(b->thread, NULL), 0);
    return b;
}

static void a_search_with_no_end_in_sight_stops_at_the_default_limit(void **unused) {
    (void)unused;
    Background *b = joined(kNoEnd);
    assert_int_equal(b->status, CUBE_ERROR_TIMEOUT);
    assert_non_null(strstr(b->message, "no solution of at most 19 moves found within the default time limit of "
                                       "10000 ms"));
    assert_null(b->moves);
    release(b);
}

static void max_length_17_on_a_random_cube_returns(void **unused) {
    (void)unused;
    Background *b = joined(kMaxLength17);
    if (b->status == CUBE_OK) {
        assert_solves(b->state, b->moves);
        assert_true(moves_length_of(b->moves, CUBE_METRIC_HTM) <= 17);
    } else {
        assert_int_equal(b->status, CUBE_ERROR_TIMEOUT);
        assert_non_null(strstr(b->message, "within the default time limit of 10000 ms"));
    }
    release(b);
}

/* min_effort now returns the shortest found within the default limit, never longer than a plain solve's
 * answer. */
static void min_effort_with_the_default_limit_returns_the_best_found(void **unused) {
    (void)unused;
    Background *b = joined(kMinEffort);
    assert_int_equal(b->status, CUBE_OK);
    assert_solves(b->state, b->moves);
    cube_moves *plain = NULL;
    assert_int_equal(cube_solve(solver, b->state, NULL, &plain), CUBE_OK);
    assert_true(moves_length_of(b->moves, CUBE_METRIC_HTM) <= moves_length_of(plain, CUBE_METRIC_HTM));
    cube_moves_free(plain);
    release(b);
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
    return cmocka_run_group_tests(tests, start_all, finish_all);
}
