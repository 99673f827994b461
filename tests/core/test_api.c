/* Every public function given NULL, wrong handles and out-of-range values: an error with a message, never a
 * crash; every out-parameter is reset when a call fails. */
#include "test_util.h"

/* Zeros: no handle of any kind. */
static uint64_t garbage[16];
#define BAD(type) ((type *)(void *)garbage)

static void null_arguments(void **unused) {
    (void)unused;
    cube_state *s = NULL;
    cube_moves *m = NULL;
    char buf[64];
    int32_t k, a;
    assert_int_equal(cube_state_new(3, NULL), CUBE_ERROR_INVALID_ARGUMENT);
    assert_fails_with(cube_state_from_facelets(NULL, 0, &s), CUBE_ERROR_INVALID_ARGUMENT, "facelet string is NULL");
    assert_int_equal(cube_state_from_facelets(SOLVED3, 0, NULL), CUBE_ERROR_INVALID_ARGUMENT);
    assert_int_equal(cube_validate_facelets(NULL, 0), CUBE_ERROR_INVALID_ARGUMENT);
    assert_int_equal(cube_state_copy(NULL, &s), CUBE_ERROR_INVALID_ARGUMENT);
    cube_state_free(NULL);
    assert_int_equal(cube_state_copy_facelets(NULL, buf, 64, NULL), CUBE_ERROR_INVALID_ARGUMENT);
    assert_int_equal(cube_state_format_net(NULL, 0, buf, 64, NULL), CUBE_ERROR_INVALID_ARGUMENT);
    assert_int_equal(cube_state_random(3, 1, NULL), CUBE_ERROR_INVALID_ARGUMENT);
    assert_int_equal(cube_state_apply(NULL, NULL), CUBE_ERROR_INVALID_ARGUMENT);
    assert_int_equal(cube_state_apply_text(NULL, "R"), CUBE_ERROR_INVALID_ARGUMENT);
    assert_int_equal(cube_moves_new(3, NULL), CUBE_ERROR_INVALID_ARGUMENT);
    assert_int_equal(cube_moves_parse(NULL, 3, &m), CUBE_ERROR_INVALID_ARGUMENT);
    assert_int_equal(cube_moves_parse("R", 3, NULL), CUBE_ERROR_INVALID_ARGUMENT);
    assert_int_equal(cube_moves_copy(NULL, &m), CUBE_ERROR_INVALID_ARGUMENT);
    cube_moves_free(NULL);
    assert_int_equal(cube_moves_get(NULL, 0, &k, &a), CUBE_ERROR_INVALID_ARGUMENT);
    assert_int_equal(cube_moves_push(NULL, 0, 1), CUBE_ERROR_INVALID_ARGUMENT);
    assert_int_equal(cube_moves_append(NULL, NULL), CUBE_ERROR_INVALID_ARGUMENT);
    assert_int_equal(cube_moves_invert(NULL), CUBE_ERROR_INVALID_ARGUMENT);
    assert_int_equal(cube_moves_simplify(NULL), CUBE_ERROR_INVALID_ARGUMENT);
    assert_int_equal(cube_moves_copy_text(NULL, buf, 64, NULL), CUBE_ERROR_INVALID_ARGUMENT);
    assert_int_equal(cube_scramble(3, 1, 10, NULL), CUBE_ERROR_INVALID_ARGUMENT);

    assert_int_equal(cube_state_new(3, &s), CUBE_OK);
    assert_int_equal(cube_state_apply_text(s, NULL), CUBE_ERROR_INVALID_ARGUMENT);
    assert_int_equal(cube_state_apply(s, NULL), CUBE_ERROR_INVALID_ARGUMENT);
    assert_fails_with(cube_state_copy_facelets(s, NULL, 10, NULL), CUBE_ERROR_INVALID_ARGUMENT, "buffer is NULL");
    assert_int_equal(cube_moves_new(3, &m), CUBE_OK);
    assert_int_equal(cube_moves_get(m, 0, NULL, &a), CUBE_ERROR_INVALID_ARGUMENT);
    assert_int_equal(cube_moves_append(m, NULL), CUBE_ERROR_INVALID_ARGUMENT);
    cube_moves_free(m);
    cube_state_free(s);
}

static void wrong_kind_of_handle(void **unused) {
    (void)unused;
    cube_state *s = NULL;
    cube_moves *m = NULL;
    int32_t value = 0;
    assert_int_equal(cube_state_new(3, &s), CUBE_OK);
    assert_int_equal(cube_moves_parse("R", 3, &m), CUBE_OK);
    assert_fails_with(cube_state_is_solved((cube_state *)m, &value), CUBE_ERROR_INVALID_ARGUMENT, "not a valid handle");
    assert_fails_with(cube_moves_count((cube_moves *)s, &value), CUBE_ERROR_INVALID_ARGUMENT, "not a valid handle");
    assert_int_equal(cube_state_apply(s, (cube_moves *)s), CUBE_ERROR_INVALID_ARGUMENT);
    assert_int_equal(cube_moves_invert(BAD(cube_moves)), CUBE_ERROR_INVALID_ARGUMENT);
    cube_state_free((cube_state *)m); /* ignored: not a state */
    cube_moves_free((cube_moves *)s); /* ignored: not a sequence */
    assert_int_equal(moves_count_of(m), 1);
    cube_moves_free(m);
    cube_state_free(s);
}

static void out_of_range_values(void **unused) {
    (void)unused;
    cube_state *s = NULL, *two = NULL;
    cube_moves *m = NULL;
    char buf[8];
    assert_fails_with(cube_state_new(4, &s), CUBE_ERROR_INVALID_ARGUMENT, "cube size 4");
    assert_int_equal(cube_state_new(-1, &s), CUBE_ERROR_INVALID_ARGUMENT);
    assert_int_equal(cube_state_from_facelets(SOLVED3, 5, &s), CUBE_ERROR_INVALID_ARGUMENT);
    assert_int_equal(cube_state_random(0, 1, &s), CUBE_ERROR_INVALID_ARGUMENT);
    assert_int_equal(cube_moves_new(1, &m), CUBE_ERROR_INVALID_ARGUMENT);
    assert_int_equal(cube_scramble(3, 1, -5, &m), CUBE_ERROR_INVALID_ARGUMENT);
    assert_int_equal(cube_scramble(3, 1, 100000, &m), CUBE_ERROR_INVALID_ARGUMENT);

    assert_int_equal(cube_state_new(3, &s), CUBE_OK);
    assert_int_equal(cube_state_new(2, &two), CUBE_OK);
    assert_int_equal(states_equal(s, two), 0);
    assert_fails_with(cube_state_format_net(s, 0x80, buf, sizeof buf, NULL), CUBE_ERROR_INVALID_ARGUMENT, "flags");
    assert_int_equal(cube_state_copy_facelets(s, buf, -1, NULL), CUBE_ERROR_INVALID_ARGUMENT);
    assert_int_equal(cube_state_copy_facelets(s, buf, sizeof buf, NULL), CUBE_ERROR_BUFFER_TOO_SMALL);

    assert_int_equal(cube_moves_new(3, &m), CUBE_OK);
    assert_fails_with(cube_moves_push(m, 18, 1), CUBE_ERROR_INVALID_ARGUMENT, "unknown move kind 18");
    assert_int_equal(cube_moves_push(m, -1, 1), CUBE_ERROR_INVALID_ARGUMENT);
    assert_fails_with(cube_moves_push(m, 0, 4), CUBE_ERROR_INVALID_ARGUMENT, "move amount 4");
    assert_int_equal(cube_moves_push(m, 0, 0), CUBE_ERROR_INVALID_ARGUMENT);
    int32_t k, a;
    assert_fails_with(cube_moves_get(m, 0, &k, &a), CUBE_ERROR_INVALID_ARGUMENT, "out of range");
    assert_int_equal(cube_moves_get(m, -1, &k, &a), CUBE_ERROR_INVALID_ARGUMENT);
    assert_int_equal(cube_moves_push(m, CUBE_MOVE_M, 1), CUBE_OK);
    assert_fails_with(cube_state_apply(two, m), CUBE_ERROR_INVALID_ARGUMENT, "cannot be applied to a 2x2");
    cube_moves *m2 = NULL;
    assert_int_equal(cube_moves_new(2, &m2), CUBE_OK);
    assert_int_equal(cube_moves_push(m2, CUBE_MOVE_M, 1), CUBE_ERROR_INVALID_ARGUMENT);
    assert_int_equal(cube_moves_append(m2, m), CUBE_ERROR_INVALID_ARGUMENT);
    assert_int_equal(moves_count_of(m2), 0);
    cube_moves_free(m2);
    cube_moves_free(m);
    cube_state_free(s);
    cube_state_free(two);
}

static void garbage_text(void **unused) {
    (void)unused;
    cube_state *s = NULL;
    cube_moves *m = NULL;
    char junk[300];
    for (int i = 0; i < 299; ++i) junk[i] = (char)(1 + (i * 37) % 255);
    junk[299] = '\0';
    assert_int_equal(cube_state_from_facelets(junk, 0, &s), CUBE_ERROR_INVALID_CUBE);
    assert_int_equal(cube_moves_parse(junk, 3, &m), CUBE_ERROR_PARSE);
    junk[54] = '\0';
    assert_int_equal(cube_state_from_facelets(junk, 0, &s), CUBE_ERROR_INVALID_CUBE);
    assert_null(s);
    assert_null(m);
}

/* ---- out-parameter getters: NULL out and bad handles are refused with a message; the out value is reset ---- */

static void state_getters_refuse_null_out_and_bad_handles(void **unused) {
    (void)unused;
    cube_state *s = state_after(3, "R");
    const cube_state *bad = BAD(const cube_state);
    int32_t value = 7;
    const char *text = "x";
    assert_refused(cube_state_size(s, NULL), "NULL");
    assert_refused(cube_state_size(bad, &value), "not a valid handle");
    assert_int_equal(value, 0);
    value = 7;
    assert_refused(cube_state_size(NULL, &value), "state is NULL");
    assert_int_equal(value, 0);
    assert_refused(cube_state_equal(s, s, NULL), "NULL");
    value = 7;
    assert_refused(cube_state_equal(s, bad, &value), "not a valid handle");
    assert_int_equal(value, 0);
    value = 7;
    assert_refused(cube_state_equal(bad, s, &value), "not a valid handle");
    assert_int_equal(value, 0);
    assert_refused(cube_state_is_solved(s, NULL), "NULL");
    value = 7;
    assert_refused(cube_state_is_solved(bad, &value), "not a valid handle");
    assert_int_equal(value, 0);
    assert_refused(cube_state_facelets(s, NULL), "NULL");
    assert_refused(cube_state_facelets(bad, &text), "not a valid handle");
    assert_null(text);
    cube_state *copy = s;
    assert_refused(cube_state_copy(bad, &copy), "not a valid handle");
    assert_null(copy);
    char buf[64];
    assert_refused(cube_state_copy_facelets(bad, buf, sizeof buf, NULL), "not a valid handle");
    assert_refused(cube_state_format_net(bad, CUBE_NET_PLAIN, buf, sizeof buf, NULL), "not a valid handle");
    cube_state_free(s);
}

static void moves_getters_refuse_null_out_and_bad_handles(void **unused) {
    (void)unused;
    cube_moves *m = NULL;
    assert_int_equal(cube_moves_parse("R U", 3, &m), CUBE_OK);
    const cube_moves *bad = BAD(const cube_moves);
    int32_t value = 7, amount = 7;
    const char *text = "x";
    assert_refused(cube_moves_count(m, NULL), "NULL");
    assert_refused(cube_moves_count(bad, &value), "not a valid handle");
    assert_int_equal(value, 0);
    assert_refused(cube_moves_length(m, CUBE_METRIC_HTM, NULL), "NULL");
    value = 7;
    assert_refused(cube_moves_length(bad, CUBE_METRIC_HTM, &value), "not a valid handle");
    assert_int_equal(value, 0);
    assert_refused(cube_moves_get(m, 0, &value, NULL), "NULL");
    value = 7;
    assert_refused(cube_moves_get(bad, 0, &value, &amount), "not a valid handle");
    assert_int_equal(value, 0);
    assert_int_equal(amount, 0);
    assert_refused(cube_moves_text(m, NULL), "NULL");
    assert_refused(cube_moves_text(bad, &text), "not a valid handle");
    assert_null(text);
    text = "x";
    assert_refused(cube_moves_text(NULL, &text), "NULL");
    assert_null(text);
    cube_moves *copy = m;
    assert_refused(cube_moves_copy(bad, &copy), "not a valid handle");
    assert_null(copy);
    char buf[64];
    assert_refused(cube_moves_copy_text(bad, buf, sizeof buf, NULL), "not a valid handle");
    cube_moves_free(m);
}

static void solver_calls_refuse_null_out_and_bad_handles(void **unused) {
    (void)unused;
    cube_solver *solver = NULL;
    assert_refused(cube_solver_new(NULL, NULL), "NULL");
    assert_int_equal(cube_solver_new(NULL, &solver), CUBE_OK);
    cube_state *s = state_after(2, "R U");
    const cube_state *bad = BAD(const cube_state);
    cube_moves *m = (cube_moves *)garbage;
    assert_refused(cube_solve(solver, s, NULL, NULL), "NULL");
    assert_refused(cube_solve(solver, bad, NULL, &m), "not a valid handle");
    assert_null(m);
    m = (cube_moves *)garbage;
    assert_refused(cube_solve(BAD(cube_solver), s, NULL, &m), "not a valid handle");
    assert_null(m);
    assert_refused(cube_solve_to(solver, s, s, NULL, NULL), "NULL");
    m = (cube_moves *)garbage;
    assert_refused(cube_solve_to(solver, s, bad, NULL, &m), "not a valid handle");
    assert_null(m);
    int32_t distance = 7;
    assert_refused(cube_solve_distance(solver, s, NULL, NULL, NULL), "NULL");
    assert_refused(cube_solve_distance(solver, bad, NULL, NULL, &distance), "not a valid handle");
    assert_int_equal(distance, 0);
    int64_t count = 7;
    assert_refused(cube_count_optimal(solver, s, NULL, NULL, NULL), "NULL");
    assert_refused(cube_count_optimal(solver, bad, NULL, NULL, &count), "not a valid handle");
    assert_int_equal(count, 0);
    cube_solutions *list = (cube_solutions *)garbage;
    assert_refused(cube_solve_all(solver, s, NULL, NULL, 10, NULL), "NULL");
    assert_refused(cube_solve_all(solver, bad, NULL, NULL, 10, &list), "not a valid handle");
    assert_null(list);
    const cube_state *states[1] = {s};
    assert_refused(cube_solve_batch(solver, states, 1, NULL, NULL, 1, NULL), "NULL");
    list = (cube_solutions *)garbage;
    assert_refused(cube_solve_batch(BAD(cube_solver), states, 1, NULL, NULL, 1, &list), "not a valid handle");
    assert_null(list);
    cube_solver_free(BAD(cube_solver)); /* ignored: not a solver */
    cube_state_free(s);
    cube_solver_free(solver);
}

/* A list of two entries: a 2x2 one move from solved, and one that needs more than the one move allowed. */
static cube_solutions *list_with_a_failed_entry(cube_solver *solver) {
    cube_state *states[2] = {state_after(2, "R"), state_after(2, "R U F")};
    cube_solve_options options;
    assert_int_equal(cube_solve_options_init(&options), CUBE_OK);
    options.max_length = 1;
    cube_solutions *list = NULL;
    assert_int_equal(cube_solve_batch(solver, (const cube_state *const *)states, 2, NULL, &options, 1, &list),
                     CUBE_ERROR_UNSOLVABLE);
    assert_non_null(strstr(cube_last_error(), "state 1"));
    assert_non_null(list);
    cube_state_free(states[0]);
    cube_state_free(states[1]);
    return list;
}

static void solutions_getters_refuse_null_out_and_bad_handles(void **unused) {
    (void)unused;
    cube_solver *solver = NULL;
    assert_int_equal(cube_solver_new(NULL, &solver), CUBE_OK);
    cube_solutions *list = list_with_a_failed_entry(solver);
    const cube_solutions *bad = BAD(const cube_solutions);
    int32_t count = 7;
    cube_status status = 7;
    const char *message = "x";
    cube_moves *m = (cube_moves *)garbage;
    assert_refused(cube_solutions_count(list, NULL), "NULL");
    assert_refused(cube_solutions_count(bad, &count), "not a valid handle");
    assert_int_equal(count, 0);
    assert_refused(cube_solutions_status(list, 0, NULL), "NULL");
    assert_refused(cube_solutions_status(bad, 0, &status), "not a valid handle");
    assert_int_equal(status, 0);
    assert_refused(cube_solutions_status(list, 2, &status), "index 2");
    assert_refused(cube_solutions_message(list, 0, NULL), "NULL");
    assert_refused(cube_solutions_message(bad, 0, &message), "not a valid handle");
    assert_null(message);
    message = "x";
    assert_refused(cube_solutions_message(list, -1, &message), "index -1");
    assert_null(message);
    assert_refused(cube_solutions_get(list, 0, NULL), "NULL");
    assert_refused(cube_solutions_get(bad, 0, &m), "not a valid handle");
    assert_null(m);
    m = (cube_moves *)garbage;
    assert_refused(cube_solutions_get(list, 2, &m), "index 2");
    assert_null(m);
    /* The entries themselves: a solution, and the failed state's status and message. */
    assert_int_equal(cube_solutions_count(list, &count), CUBE_OK);
    assert_int_equal(count, 2);
    assert_int_equal(cube_solutions_get(list, 0, &m), CUBE_OK);
    assert_string_equal(moves_text_of(m), "R'");
    cube_moves_free(m);
    assert_int_equal(cube_solutions_message(list, 0, &message), CUBE_OK);
    assert_string_equal(message, "");
    assert_int_equal(cube_solutions_status(list, 1, &status), CUBE_OK);
    assert_int_equal(status, CUBE_ERROR_UNSOLVABLE);
    assert_int_equal(cube_solutions_message(list, 1, &message), CUBE_OK);
    assert_string_not_equal(message, "");
    cube_clear_error();
    assert_int_equal(cube_solutions_get(list, 1, &m), CUBE_ERROR_UNSOLVABLE);
    assert_null(m);
    assert_non_null(strstr(cube_last_error(), message));
    cube_solutions_free((cube_solutions *)garbage); /* ignored: not a list */
    cube_solutions_free(list);
    cube_solver_free(solver);
}

static void robot_getters_refuse_null_out_and_bad_handles(void **unused) {
    (void)unused;
    cube_robot *robot = NULL;
    cube_moves *m = NULL;
    cube_plan *plan = NULL;
    assert_int_equal(cube_robot_parse("six-motor", &robot), CUBE_OK);
    assert_int_equal(cube_moves_parse("R U", 3, &m), CUBE_OK);
    assert_int_equal(cube_plan_new(robot, m, NULL, &plan), CUBE_OK);
    const cube_robot *bad_robot = BAD(const cube_robot);
    int32_t count = 7;
    const char *text = "x";
    assert_refused(cube_robot_spec(robot, NULL), "NULL");
    assert_refused(cube_robot_spec(bad_robot, &text), "not a valid handle");
    assert_null(text);
    assert_refused(cube_robot_actuator_count(robot, NULL), "NULL");
    assert_refused(cube_robot_actuator_count(bad_robot, &count), "not a valid handle");
    assert_int_equal(count, 0);
    assert_refused(cube_robot_actuator_name(robot, 0, NULL), "NULL");
    text = "x";
    assert_refused(cube_robot_actuator_name(bad_robot, 0, &text), "not a valid handle");
    assert_null(text);
    text = "x";
    assert_refused(cube_robot_actuator_name(robot, 99, &text), "99");
    assert_null(text);
    assert_refused(cube_robot_family_name(CUBE_ROBOT_FOUR_ARM, NULL), "NULL");
    text = "x";
    assert_refused(cube_robot_family_name(99, &text), "99");
    assert_null(text);
    cube_robot_desc desc;
    assert_int_equal(cube_robot_desc_init(&desc, CUBE_ROBOT_SIX_MOTOR), CUBE_OK);
    assert_refused(cube_robot_get_desc(robot, NULL), "NULL");
    assert_refused(cube_robot_get_desc(bad_robot, &desc), "not a valid handle");
    cube_plan *other = (cube_plan *)garbage;
    assert_refused(cube_plan_new(robot, m, NULL, NULL), "NULL");
    assert_refused(cube_plan_new(bad_robot, m, NULL, &other), "not a valid handle");
    assert_null(other);
    assert_refused(cube_plan_new_if_faster(robot, m, NULL, NULL, NULL), "NULL");

    const cube_plan *bad_plan = BAD(const cube_plan);
    int64_t total = 7;
    assert_refused(cube_plan_total_us(plan, NULL), "NULL");
    assert_refused(cube_plan_total_us(bad_plan, &total), "not a valid handle");
    assert_int_equal(total, 0);
    count = 7;
    assert_refused(cube_plan_action_count(plan, NULL), "NULL");
    assert_refused(cube_plan_action_count(bad_plan, &count), "not a valid handle");
    assert_int_equal(count, 0);
    cube_action action;
    assert_int_equal(cube_action_init(&action), CUBE_OK);
    assert_refused(cube_plan_get_action(plan, 0, NULL), "NULL");
    assert_refused(cube_plan_get_action(bad_plan, 0, &action), "not a valid handle");
    cube_moves *performed = (cube_moves *)garbage;
    assert_refused(cube_plan_moves(plan, NULL), "NULL");
    assert_refused(cube_plan_moves(bad_plan, &performed), "not a valid handle");
    assert_null(performed);
    cube_robot *planned_for = (cube_robot *)garbage;
    assert_refused(cube_plan_robot(plan, NULL), "NULL");
    assert_refused(cube_plan_robot(bad_plan, &planned_for), "not a valid handle");
    assert_null(planned_for);
    cube_plan_free(plan);
    cube_moves_free(m);
    cube_robot_free(robot);
}

/* ---- status codes ---- */

/* cube_status is exactly int32_t (an enum's size and type are up to the compiler). */
_Static_assert(sizeof(cube_status) == 4, "cube_status must be 32 bits");
_Static_assert(_Generic((cube_status)0, int32_t: 1, default: 0), "cube_status must be int32_t");

static const struct {
    cube_status status;
    const char *name;
} every_status[] = {
    {CUBE_OK, "CUBE_OK"},
    {CUBE_ERROR_INVALID_ARGUMENT, "CUBE_ERROR_INVALID_ARGUMENT"},
    {CUBE_ERROR_PARSE, "CUBE_ERROR_PARSE"},
    {CUBE_ERROR_INVALID_CUBE, "CUBE_ERROR_INVALID_CUBE"},
    {CUBE_ERROR_UNSOLVABLE, "CUBE_ERROR_UNSOLVABLE"},
    {CUBE_ERROR_NO_MEMORY, "CUBE_ERROR_NO_MEMORY"},
    {CUBE_ERROR_IO, "CUBE_ERROR_IO"},
    {CUBE_ERROR_NOT_FOUND, "CUBE_ERROR_NOT_FOUND"},
    {CUBE_ERROR_TIMEOUT, "CUBE_ERROR_TIMEOUT"},
    {CUBE_ERROR_CANCELLED, "CUBE_ERROR_CANCELLED"},
    {CUBE_ERROR_BUFFER_TOO_SMALL, "CUBE_ERROR_BUFFER_TOO_SMALL"},
    {CUBE_ERROR_UNSUPPORTED, "CUBE_ERROR_UNSUPPORTED"},
    {CUBE_ERROR_CORRUPT, "CUBE_ERROR_CORRUPT"},
    {CUBE_ERROR_INTERNAL, "CUBE_ERROR_INTERNAL"},
};
#define STATUS_COUNT (sizeof every_status / sizeof *every_status)

static void every_status_has_its_name_and_a_message(void **unused) {
    (void)unused;
    /* The table covers every code: 0 down to the last error, with no gaps. */
    assert_int_equal(STATUS_COUNT, 1 - CUBE_ERROR_INTERNAL);
    for (size_t i = 0; i < STATUS_COUNT; ++i) {
        assert_int_equal(every_status[i].status, -(int32_t)i);
        assert_string_equal(cube_status_name(every_status[i].status), every_status[i].name);
        const char *message = cube_status_message(every_status[i].status);
        assert_string_not_equal(message, "");
        assert_string_not_equal(message, "unknown status");
        for (size_t j = 0; j < i; ++j) assert_string_not_equal(message, cube_status_message(every_status[j].status));
    }
    assert_string_equal(cube_status_message(CUBE_ERROR_INVALID_CUBE), "invalid cube");
}

static void unknown_statuses_are_named_unknown(void **unused) {
    (void)unused;
    const cube_status unknown[] = {CUBE_ERROR_INTERNAL - 1, 1, 12345, INT32_MIN, INT32_MAX};
    for (size_t i = 0; i < sizeof unknown / sizeof *unknown; ++i) {
        assert_string_equal(cube_status_name(unknown[i]), "CUBE_STATUS_UNKNOWN");
        assert_string_equal(cube_status_message(unknown[i]), "unknown status");
    }
}

static void version_macros_agree(void **unused) {
    (void)unused;
    assert_int_equal(cube_version(), CUBE_VERSION_NUMBER);
    assert_string_equal(cube_version_string(), CUBE_VERSION_STRING);
    char expect[32];
    snprintf(expect, sizeof expect, "%d.%d.%d", CUBE_VERSION_MAJOR, CUBE_VERSION_MINOR, CUBE_VERSION_PATCH);
    assert_string_equal(cube_version_string(), expect);
    /* The compile-time test of a version: this one and earlier ones hold, the next patch, minor and major do not. */
    assert_true(CUBE_VERSION_AT_LEAST(CUBE_VERSION_MAJOR, CUBE_VERSION_MINOR, CUBE_VERSION_PATCH));
    assert_true(CUBE_VERSION_AT_LEAST(1, 0, 0));
    assert_false(CUBE_VERSION_AT_LEAST(CUBE_VERSION_MAJOR, CUBE_VERSION_MINOR, CUBE_VERSION_PATCH + 1));
    assert_false(CUBE_VERSION_AT_LEAST(CUBE_VERSION_MAJOR, CUBE_VERSION_MINOR + 1, 0));
    assert_false(CUBE_VERSION_AT_LEAST(CUBE_VERSION_MAJOR + 1, 0, 0));
#if !CUBE_VERSION_AT_LEAST(1, 3, 0)
#error "CUBE_VERSION_AT_LEAST works in #if, and these headers are 1.3 or later"
#endif
}

static void net_of_solved_cube(void **unused) {
    (void)unused;
    cube_state *s = NULL;
    assert_int_equal(cube_state_new(2, &s), CUBE_OK);
    char buf[1024];
    int32_t len = 0;
    assert_int_equal(cube_state_format_net(s, CUBE_NET_PLAIN, NULL, 0, &len), CUBE_ERROR_BUFFER_TOO_SMALL);
    assert_int_equal(cube_state_format_net(s, CUBE_NET_PLAIN, buf, sizeof buf, NULL), CUBE_OK);
    assert_int_equal((int32_t)strlen(buf), len);
    assert_string_equal(buf, "    U U\n    U U\nL L F F R R B B\nL L F F R R B B\n    D D\n    D D\n");
    assert_int_equal(cube_state_format_net(s, CUBE_NET_COLOR, buf, sizeof buf, NULL), CUBE_OK);
    assert_non_null(strstr(buf, "\x1b["));
    cube_state_free(s);
}

int main(void) {
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(null_arguments),
        cmocka_unit_test(wrong_kind_of_handle),
        cmocka_unit_test(out_of_range_values),
        cmocka_unit_test(garbage_text),
        cmocka_unit_test(state_getters_refuse_null_out_and_bad_handles),
        cmocka_unit_test(moves_getters_refuse_null_out_and_bad_handles),
        cmocka_unit_test(solver_calls_refuse_null_out_and_bad_handles),
        cmocka_unit_test(solutions_getters_refuse_null_out_and_bad_handles),
        cmocka_unit_test(robot_getters_refuse_null_out_and_bad_handles),
        cmocka_unit_test(every_status_has_its_name_and_a_message),
        cmocka_unit_test(unknown_statuses_are_named_unknown),
        cmocka_unit_test(version_macros_agree),
        cmocka_unit_test(net_of_solved_cube),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
