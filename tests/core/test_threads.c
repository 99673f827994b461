/* Threads share one solver, one state and one solution handle: printing, solving and copying them at once
 * gives right answers (and, under ThreadSanitizer, no data race: see scripts/tsan.sh). Needs the 3x3 tables. */
#define _POSIX_C_SOURCE 200809L /* pthread barriers */
#include <pthread.h>

#include "test_util.h"

enum { THREADS = 8, ITERATIONS = 300 };

/* What every thread reads at once. Set up before the threads start and not changed while they run. */
static struct {
    cube_solver *solver;
    cube_state *cube3;      /* a scrambled 3x3 */
    cube_state *target3;    /* another 3x3, for cube_solve_to */
    cube_state *cube2;      /* a scrambled 2x2 */
    cube_state *target2;    /* another 2x2 */
    cube_moves *solution;   /* one solution handle: moves that solve cube3 */
    char solution_text[512];
    char facelets3[64];
    pthread_barrier_t start;
} shared;

/* One thread's tally; a thread cannot use cmocka's asserts, so it counts failures and keeps the first. */
typedef struct worker {
    pthread_t thread;
    int index;
    int checks;
    int failures;
    char first_failure[256];
} worker;

static void note(worker *w, int ok, const char *what, int iteration) {
    ++w->checks;
    if (ok) return;
    if (w->failures == 0)
        snprintf(w->first_failure, sizeof w->first_failure, "thread %d, iteration %d: %s (%s)", w->index, iteration,
                 what, cube_last_error());
    ++w->failures;
}

#define CHECK(w, condition, iteration) note((w), (condition), #condition, (iteration))

/* Whether `moves` takes a copy of `start` to `goal` (NULL: to solved). */
static int takes_to(const cube_state *start, const cube_moves *moves, const cube_state *goal) {
    cube_state *copy = NULL;
    int32_t reached = 0;
    cube_status st = cube_state_copy(start, &copy);
    if (st == CUBE_OK) st = cube_state_apply(copy, moves);
    if (st == CUBE_OK && goal) st = cube_state_equal(copy, goal, &reached);
    if (st == CUBE_OK && !goal) st = cube_state_is_solved(copy, &reached);
    cube_state_free(copy);
    return st == CUBE_OK && reached == 1;
}

/* Printing the shared state and solution: always the same text. */
static void print_shared(worker *w, int i) {
    const char *text = NULL;
    CHECK(w, cube_moves_text(shared.solution, &text) == CUBE_OK, i);
    CHECK(w, text && strcmp(text, shared.solution_text) == 0, i);
    char buffer[512];
    CHECK(w, cube_moves_copy_text(shared.solution, buffer, sizeof buffer, NULL) == CUBE_OK, i);
    CHECK(w, strcmp(buffer, shared.solution_text) == 0, i);
    const char *facelets = NULL;
    CHECK(w, cube_state_facelets(shared.cube3, &facelets) == CUBE_OK, i);
    CHECK(w, facelets && strcmp(facelets, shared.facelets3) == 0, i);
    int32_t length = 0;
    CHECK(w, cube_state_copy_facelets(shared.cube3, buffer, sizeof buffer, &length) == CUBE_OK, i);
    CHECK(w, length == 54 && strcmp(buffer, shared.facelets3) == 0, i);
}

/* Copying the shared state and solution: equal copies, and the solution still solves the state. */
static void copy_shared(worker *w, int i) {
    cube_state *state = NULL;
    int32_t equal = 0;
    CHECK(w, cube_state_copy(shared.cube3, &state) == CUBE_OK, i);
    CHECK(w, cube_state_equal(state, shared.cube3, &equal) == CUBE_OK && equal == 1, i);
    cube_state_free(state);
    cube_moves *moves = NULL;
    const char *text = NULL;
    CHECK(w, cube_moves_copy(shared.solution, &moves) == CUBE_OK, i);
    CHECK(w, cube_moves_text(moves, &text) == CUBE_OK && strcmp(text, shared.solution_text) == 0, i);
    cube_moves_free(moves);
    CHECK(w, takes_to(shared.cube3, shared.solution, NULL), i);
}

/* Solving `start` (to `goal`, or to solved if NULL) with the shared solver; the answer must do its job. */
static void solve_shared(worker *w, const cube_state *start, const cube_state *goal, int i) {
    cube_moves *answer = NULL;
    cube_status st;
    if (goal)
        st = cube_solve_to(shared.solver, start, goal, NULL, &answer);
    else
        st = cube_solve(shared.solver, start, NULL, &answer);
    CHECK(w, st == CUBE_OK, i);
    CHECK(w, st == CUBE_OK && takes_to(start, answer, goal), i);
    cube_moves_free(answer);
}

static void *work(void *arg) {
    worker *w = arg;
    pthread_barrier_wait(&shared.start);
    for (int i = 0; i < ITERATIONS; ++i) {
        print_shared(w, i);
        copy_shared(w, i);
        solve_shared(w, shared.cube2, NULL, i);
        solve_shared(w, shared.cube2, shared.target2, i);
        solve_shared(w, shared.cube3, NULL, i);
        solve_shared(w, shared.cube3, shared.target3, i);
    }
    return NULL;
}

static int set_up(void **unused) {
    (void)unused;
    cube_moves *scramble = NULL;
    const char *text = NULL;
    const char *facelets = NULL;
    int ok = cube_solver_new(NULL, &shared.solver) == CUBE_OK;
    ok = ok && cube_scramble(3, 2026, 30, &scramble) == CUBE_OK;
    ok = ok && cube_state_new(3, &shared.cube3) == CUBE_OK;
    ok = ok && cube_state_apply(shared.cube3, scramble) == CUBE_OK;
    ok = ok && cube_moves_copy(scramble, &shared.solution) == CUBE_OK;
    ok = ok && cube_moves_invert(shared.solution) == CUBE_OK;
    ok = ok && cube_moves_text(shared.solution, &text) == CUBE_OK;
    ok = ok && cube_state_facelets(shared.cube3, &facelets) == CUBE_OK;
    ok = ok && cube_state_random(3, 77, &shared.target3) == CUBE_OK;
    ok = ok && cube_state_random(2, 5, &shared.cube2) == CUBE_OK;
    ok = ok && cube_state_random(2, 6, &shared.target2) == CUBE_OK;
    ok = ok && pthread_barrier_init(&shared.start, NULL, THREADS) == 0;
    if (ok) snprintf(shared.solution_text, sizeof shared.solution_text, "%s", text);
    if (ok) snprintf(shared.facelets3, sizeof shared.facelets3, "%s", facelets);
    cube_moves_free(scramble);
    return ok ? 0 : -1;
}

static int tear_down(void **unused) {
    (void)unused;
    pthread_barrier_destroy(&shared.start);
    cube_moves_free(shared.solution);
    cube_state_free(shared.cube3);
    cube_state_free(shared.target3);
    cube_state_free(shared.cube2);
    cube_state_free(shared.target2);
    cube_solver_free(shared.solver);
    return 0;
}

static void threads_share_solver_state_and_solution(void **unused) {
    (void)unused;
    static worker workers[THREADS];
    for (int t = 0; t < THREADS; ++t) {
        workers[t].index = t;
        assert_int_equal(pthread_create(&workers[t].thread, NULL, work, &workers[t]), 0);
    }
    for (int t = 0; t < THREADS; ++t) assert_int_equal(pthread_join(workers[t].thread, NULL), 0);
    for (int t = 0; t < THREADS; ++t) {
        if (workers[t].failures) print_error("%d failures; first: %s\n", workers[t].failures, workers[t].first_failure);
        assert_int_equal(workers[t].failures, 0);
        assert_true(workers[t].checks > ITERATIONS);
    }
    /* Nothing shared was changed. */
    assert_string_equal(moves_text_of(shared.solution), shared.solution_text);
    assert_string_equal(facelets_of(shared.cube3), shared.facelets3);
}

int main(void) {
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(threads_share_solver_state_and_solution),
    };
    return cmocka_run_group_tests(tests, set_up, tear_down);
}
