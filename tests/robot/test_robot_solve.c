/* Robot-aware solving with the 3x3 solver: the chosen plan passes its replay check and solves the cube
 * (its moves solve it); a time limit still returns a plan; a cancel token stops the call; a successful
 * call leaves the thread's last error alone; one input gives one plan across runs and threads; the
 * budgets and max_length are checked and kept; a compact-only solver plans its first solution. Prints how the chosen plans compare with the plan of the
 * shortest solution found. The 3x3 tables come from $CUBE_TABLE_DIR (generated there on first use). */
#define _POSIX_C_SOURCE 200809L /* nanosleep */
#include <pthread.h>
#include <time.h>

#include "../core/test_util.h"

static cube_solver *solver;

static int make_solver(void **unused) {
    (void)unused;
    if (cube_solver_new(NULL, &solver) != CUBE_OK) return -1;
    return cube_solver_prepare(solver, 3, NULL) == CUBE_OK ? 0 : -1;
}

static int free_solver(void **unused) {
    (void)unused;
    cube_solver_free(solver);
    return 0;
}

static cube_robot *default_robot(int32_t family) {
    cube_robot_desc d;
    cube_robot *robot = NULL;
    assert_int_equal(cube_robot_desc_init(&d, family), CUBE_OK);
    assert_int_equal(cube_robot_new(&d, &robot), CUBE_OK);
    return robot;
}

static int64_t total_us(const cube_plan *p) {
    int64_t us = -1;
    assert_int_equal(cube_plan_total_us(p, &us), CUBE_OK);
    return us;
}

static int32_t count(const cube_moves *m) {
    int32_t n = -1;
    assert_int_equal(cube_moves_count(m, &n), CUBE_OK);
    return n;
}

/* The plan passes its replay check and its moves solve `s`. */
static void assert_plan_solves(const cube_plan *plan, const cube_state *s) {
    cube_moves *chosen = NULL;
    cube_state *after = NULL;
    int32_t solved = 0;
    assert_int_equal(cube_plan_check(plan), CUBE_OK);
    assert_int_equal(cube_plan_moves(plan, &chosen), CUBE_OK);
    assert_int_equal(cube_state_copy(s, &after), CUBE_OK);
    assert_int_equal(cube_state_apply(after, chosen), CUBE_OK);
    assert_int_equal(cube_state_is_solved(after, &solved), CUBE_OK);
    assert_int_equal(solved, 1);
    cube_state_free(after);
    cube_moves_free(chosen);
}

static void chosen_plans_replay_and_solve(void **unused) {
    (void)unused;
    for (int32_t family = CUBE_ROBOT_SIX_MOTOR; family <= CUBE_ROBOT_TURNTABLE_FLIPPER; ++family) {
        cube_robot *robot = default_robot(family);
        const char *name = NULL;
        assert_int_equal(cube_robot_family_name(family, &name), CUBE_OK);
        for (uint64_t seed = 1; seed <= 2; ++seed) {
            cube_state *s = NULL;
            cube_moves *shortest = NULL, *chosen = NULL;
            cube_plan *best = NULL, *plain = NULL;
            assert_int_equal(cube_state_random(3, seed, &s), CUBE_OK);
            cube_solve_options so;
            cube_solve_options_init(&so);
            so.min_effort = 1;
            so.timeout_ms = 100;
            assert_int_equal(cube_solve(solver, s, &so, &shortest), CUBE_OK);
            assert_int_equal(cube_plan_new(robot, shortest, NULL, &plain), CUBE_OK);
            assert_int_equal(cube_robot_solve(robot, solver, s, NULL, &best), CUBE_OK);
            assert_plan_solves(best, s);
            assert_int_equal(cube_plan_moves(best, &chosen), CUBE_OK);
            print_message("%-18s seed %d: shortest %d moves %.0f ms, robot-aware %d moves %.0f ms\n", name, (int)seed,
                          count(shortest), total_us(plain) / 1e3, count(chosen), total_us(best) / 1e3);
            cube_plan_free(best);
            cube_plan_free(plain);
            cube_moves_free(chosen);
            cube_moves_free(shortest);
            cube_state_free(s);
        }
        cube_robot_free(robot);
    }
}

static void a_time_limit_returns_the_best_plan_so_far(void **unused) {
    (void)unused;
    cube_robot *robot = default_robot(CUBE_ROBOT_FOUR_ARM);
    cube_state *s = NULL;
    cube_plan *best = NULL;
    assert_int_equal(cube_state_random(3, 7, &s), CUBE_OK);
    cube_robot_solve_options o;
    cube_robot_solve_options_init(&o);
    o.candidates = 307;
    o.timeout_ms = 1;
    assert_int_equal(cube_robot_solve(robot, solver, s, &o, &best), CUBE_OK);
    assert_plan_solves(best, s);
    cube_plan_free(best);
    cube_state_free(s);
    cube_robot_free(robot);
}

static void *trigger_soon(void *cancel) {
    struct timespec pause = {0, 50 * 1000 * 1000};
    nanosleep(&pause, NULL);
    cube_cancel_trigger(cancel);
    return NULL;
}

static void a_cancel_from_another_thread_stops_the_call(void **unused) {
    (void)unused;
    cube_robot *robot = default_robot(CUBE_ROBOT_TWO_GRIPPER);
    cube_state *s = NULL;
    cube_cancel *cancel = NULL;
    cube_plan *best = NULL;
    assert_int_equal(cube_state_random(3, 8, &s), CUBE_OK);
    assert_int_equal(cube_cancel_new(&cancel), CUBE_OK);
    cube_robot_solve_options o;
    cube_robot_solve_options_init(&o);
    o.plan_ms = 60000;     /* a minute of work: the trigger comes long before the call could end */
    o.cancel = cancel;
    pthread_t t;
    assert_int_equal(pthread_create(&t, NULL, trigger_soon, cancel), 0);
    cube_status st = cube_robot_solve(robot, solver, s, &o, &best);
    pthread_join(t, NULL);
    assert_int_equal(st, CUBE_ERROR_CANCELLED);
    assert_null(best);
    assert_non_null(strstr(cube_last_error(), "cancelled"));
    cube_cancel_free(cancel);
    cube_state_free(s);
    cube_robot_free(robot);
}

/* One plan of `family` for cube `seed` as text: its moves, time and action count. */
static void plan_text(int32_t family, uint64_t seed, char *out, size_t size) {
    cube_robot *robot = default_robot(family);
    cube_state *s = NULL;
    cube_plan *best = NULL;
    cube_moves *chosen = NULL;
    int32_t actions = 0;
    char moves[256];
    assert_int_equal(cube_state_random(3, seed, &s), CUBE_OK);
    assert_int_equal(cube_robot_solve(robot, solver, s, NULL, &best), CUBE_OK);
    assert_int_equal(cube_plan_moves(best, &chosen), CUBE_OK);
    assert_int_equal(cube_moves_copy_text(chosen, moves, (int32_t)sizeof moves, NULL), CUBE_OK);
    assert_int_equal(cube_plan_action_count(best, &actions), CUBE_OK);
    snprintf(out, size, "%s | %lld us | %d actions", moves, (long long)total_us(best), (int)actions);
    cube_moves_free(chosen);
    cube_plan_free(best);
    cube_state_free(s);
    cube_robot_free(robot);
}

enum { kSeeds = 1, kFamilies = CUBE_ROBOT_TURNTABLE_FLIPPER };
typedef struct {
    char text[kFamilies][kSeeds][400];
} plan_texts;

static void *plan_all(void *out) {
    plan_texts *t = out;
    for (int32_t family = 1; family <= kFamilies; ++family)
        for (int seed = 0; seed < kSeeds; ++seed)
            plan_text(family, 20 + (uint64_t)seed, t->text[family - 1][seed], sizeof t->text[0][0]);
    return NULL;
}

/* The work is counted, not timed: the same cube gives the same plan in every run, alone or with other
 * threads planning at the same time. */
static void one_input_gives_one_plan_across_runs_and_threads(void **unused) {
    (void)unused;
    static plan_texts alone, again, threaded[2];
    plan_all(&alone);
    plan_all(&again);
    pthread_t t[2];
    for (int k = 0; k < 2; ++k) assert_int_equal(pthread_create(&t[k], NULL, plan_all, &threaded[k]), 0);
    for (int k = 0; k < 2; ++k) pthread_join(t[k], NULL);
    for (int f = 0; f < kFamilies; ++f)
        for (int seed = 0; seed < kSeeds; ++seed) {
            assert_string_equal(alone.text[f][seed], again.text[f][seed]);
            assert_string_equal(alone.text[f][seed], threaded[0].text[f][seed]);
            assert_string_equal(alone.text[f][seed], threaded[1].text[f][seed]);
        }
}

static void max_length_caps_every_candidate(void **unused) {
    (void)unused;
    cube_robot *robot = default_robot(CUBE_ROBOT_SIX_MOTOR);
    cube_state *s = NULL;
    cube_plan *best = NULL;
    cube_moves *chosen = NULL;
    assert_int_equal(cube_state_random(3, 11, &s), CUBE_OK);
    cube_robot_solve_options o;
    cube_robot_solve_options_init(&o);
    o.max_length = 20;
    o.extra_length = 6; /* would allow longer ones */
    assert_int_equal(cube_robot_solve(robot, solver, s, &o, &best), CUBE_OK);
    assert_plan_solves(best, s);
    assert_int_equal(cube_plan_moves(best, &chosen), CUBE_OK);
    assert_true(count(chosen) <= 20);
    cube_moves_free(chosen);
    cube_plan_free(best);
    cube_state_free(s);
    cube_robot_free(robot);
}

static void bad_budgets_are_refused(void **unused) {
    (void)unused;
    cube_robot *robot = default_robot(CUBE_ROBOT_SIX_MOTOR);
    cube_state *s = NULL;
    cube_plan *best = NULL;
    assert_int_equal(cube_state_random(3, 12, &s), CUBE_OK);
    const int32_t plan_ms[] = {-1, 60001, 150, 150};
    const int32_t max_length[] = {0, 0, -1, 31};
    for (int k = 0; k < 4; ++k) {
        cube_robot_solve_options o;
        cube_robot_solve_options_init(&o);
        o.plan_ms = plan_ms[k];
        o.max_length = max_length[k];
        assert_int_equal(cube_robot_solve(robot, solver, s, &o, &best), CUBE_ERROR_INVALID_ARGUMENT);
        assert_null(best);
        assert_non_null(strstr(cube_last_error(), "plan_ms"));
    }
    cube_state_free(s);
    cube_robot_free(robot);
}

/* Robot-aware solving counts the work of the full tables' search: a solver that never has them plans its
 * first solution. */
static void a_compact_only_solver_plans_its_solution(void **unused) {
    (void)unused;
    cube_solver_config c;
    cube_solver *compact = NULL;
    cube_robot *robot = default_robot(CUBE_ROBOT_SIX_MOTOR);
    cube_state *s = NULL;
    cube_plan *best = NULL;
    assert_int_equal(cube_solver_config_init(&c), CUBE_OK);
    c.table_policy = CUBE_TABLES_COMPACT;
    assert_int_equal(cube_solver_new(&c, &compact), CUBE_OK);
    assert_int_equal(cube_state_random(3, 13, &s), CUBE_OK);
    assert_int_equal(cube_robot_solve(robot, compact, s, NULL, &best), CUBE_OK);
    assert_plan_solves(best, s);
    cube_plan_free(best);
    cube_state_free(s);
    cube_robot_free(robot);
    cube_solver_free(compact);
}

static void success_leaves_the_last_error_alone(void **unused) {
    (void)unused;
    cube_robot *robot = default_robot(CUBE_ROBOT_SIX_MOTOR);
    cube_robot *none = NULL;
    cube_state *s = NULL;
    cube_plan *best = NULL;
    assert_int_equal(cube_state_random(3, 9, &s), CUBE_OK);
    assert_int_equal(cube_robot_parse("nine-arm", &none), CUBE_ERROR_PARSE);
    cube_robot_solve_options o;
    cube_robot_solve_options_init(&o);
    o.extra_length = 0; /* most candidates find nothing within the limit: failed solves inside */
    assert_int_equal(cube_robot_solve(robot, solver, s, &o, &best), CUBE_OK);
    assert_int_equal(cube_last_status(), CUBE_ERROR_PARSE);
    assert_non_null(strstr(cube_last_error(), "nine-arm"));
    cube_plan_free(best);
    cube_state_free(s);
    cube_robot_free(robot);
}

int main(void) {
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(chosen_plans_replay_and_solve),
        cmocka_unit_test(a_time_limit_returns_the_best_plan_so_far),
        cmocka_unit_test(a_cancel_from_another_thread_stops_the_call),
        cmocka_unit_test(success_leaves_the_last_error_alone),
        cmocka_unit_test(one_input_gives_one_plan_across_runs_and_threads),
        cmocka_unit_test(max_length_caps_every_candidate),
        cmocka_unit_test(bad_budgets_are_refused),
        cmocka_unit_test(a_compact_only_solver_plans_its_solution),
    };
    return cmocka_run_group_tests(tests, make_solver, free_solver);
}
