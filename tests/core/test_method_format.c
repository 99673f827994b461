/* cube_method_solution_format(): the three answers of `cube solve --method lbl` (stage lines, one batch line,
 * JSON) agree with the solution's accessors, and every bad input is refused (NULL or foreign handle, unknown
 * kind, buffers). */
#include <stdlib.h>
#include <string.h>

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

/* The solution of the cube after `scramble`. */
static cube_method_solution *solved_from(const char *scramble) {
    cube_state *s = NULL;
    cube_moves *m = NULL;
    cube_method_solution *sol = NULL;
    assert_int_equal(cube_state_new(3, &s), CUBE_OK);
    assert_int_equal(cube_moves_parse(scramble, 3, &m), CUBE_OK);
    assert_int_equal(cube_state_apply(s, m), CUBE_OK);
    assert_int_equal(cube_solve_method(solver, s, CUBE_METHOD_LBL, NULL, &sol), CUBE_OK);
    cube_moves_free(m);
    cube_state_free(s);
    return sol;
}

/* The formatter's text, malloc'ed; its length learned first with a NULL buffer. */
static char *formatted(const cube_method_solution *sol, int32_t kind) {
    int32_t length = -1;
    assert_int_equal(cube_method_solution_format(sol, kind, NULL, 0, &length), CUBE_ERROR_BUFFER_TOO_SMALL);
    assert_true(length > 0);
    char *text = malloc((size_t)length + 1);
    assert_non_null(text);
    int32_t again = -1;
    assert_int_equal(cube_method_solution_format(sol, kind, text, length + 1, &again), CUBE_OK);
    assert_int_equal(again, length);
    assert_int_equal(strlen(text), (size_t)length);
    return text;
}

static void solved_cube(void **unused) {
    (void)unused;
    cube_method_solution *sol = solved_from("");
    int32_t stages = 0;
    assert_int_equal(cube_method_solution_stage_count(sol, &stages), CUBE_OK);
    char want[1024] = "";
    char line[1024] = "";
    for (int32_t k = 0; k < stages; ++k) {
        const char *name = NULL;
        assert_int_equal(cube_method_solution_stage_name(sol, k, &name), CUBE_OK);
        strcat(want, name);
        strcat(want, ": (nothing to do)\n");
        strcat(line, name);
        strcat(line, ":  | ");
    }
    strcat(want, "total: 0 moves (htm)\n");
    strcat(line, "total: 0\n");
    char *text = formatted(sol, CUBE_METHOD_FORMAT_TEXT);
    assert_string_equal(text, want);
    free(text);
    text = formatted(sol, CUBE_METHOD_FORMAT_LINE);
    assert_string_equal(text, line);
    free(text);
    text = formatted(sol, CUBE_METHOD_FORMAT_JSON);
    const char *head = "{\"ok\":true,\"method\":\"lbl\",\"solution\":\"\",\"length\":0,\"metric\":\"htm\",\"stages\":"
                       "[{\"name\":\"cross\",\"moves\":\"\",\"length\":0,\"algorithms\":[],\"facelets\":\"UUUUUUUUU";
    assert_memory_equal(text, head, strlen(head));
    assert_string_equal(text + strlen(text) - 4, "\"}]}");
    assert_null(strchr(text, '\n'));
    free(text);
    cube_method_solution_free(sol);
}

static void scrambled_cube(void **unused) {
    (void)unused;
    cube_method_solution *sol = solved_from("R U R' U' F2 D L' B");
    cube_moves *all = NULL;
    const char *moves = NULL;
    int32_t total = 0;
    assert_int_equal(cube_method_solution_moves(sol, &all), CUBE_OK);
    assert_int_equal(cube_moves_text(all, &moves), CUBE_OK);
    assert_int_equal(cube_moves_length(all, CUBE_METRIC_HTM, &total), CUBE_OK);
    char want[4096];
    char *text = formatted(sol, CUBE_METHOD_FORMAT_TEXT);
    snprintf(want, sizeof want, "\ntotal: %d moves (htm)\n", total);
    assert_string_equal(text + strlen(text) - strlen(want), want);
    assert_memory_equal(text, "cross: ", 7);
    free(text);
    text = formatted(sol, CUBE_METHOD_FORMAT_LINE);
    snprintf(want, sizeof want, " | total: %d\n", total);
    assert_string_equal(text + strlen(text) - strlen(want), want);
    assert_int_equal(strchr(text, '\n') - text, (ptrdiff_t)strlen(text) - 1); /* one line */
    free(text);
    text = formatted(sol, CUBE_METHOD_FORMAT_JSON);
    snprintf(want, sizeof want, "{\"ok\":true,\"method\":\"lbl\",\"solution\":\"%s\",\"length\":%d,\"metric\":\"htm\","
             "\"stages\":[{\"name\":\"cross\",", moves, total);
    assert_memory_equal(text, want, strlen(want));
    free(text);
    cube_moves_free(all);
    cube_method_solution_free(sol);
}

static void bad_input(void **unused) {
    (void)unused;
    cube_method_solution *sol = solved_from("R");
    cube_moves *not_a_solution = NULL;
    assert_int_equal(cube_moves_new(3, &not_a_solution), CUBE_OK);
    char buffer[8];
    memset(buffer, '#', sizeof buffer);
    int32_t length = -1;
    cube_clear_error();
    assert_fails_with(cube_method_solution_format(sol, CUBE_METHOD_FORMAT_TEXT, buffer, sizeof buffer, &length),
                      CUBE_ERROR_BUFFER_TOO_SMALL, "cannot hold");
    assert_true(length > (int32_t)sizeof buffer);
    assert_int_equal(buffer[0], '#'); /* nothing written into a buffer too small */
    assert_refused(cube_method_solution_format(sol, 3, buffer, sizeof buffer, NULL),
                   "unknown method solution format 3");
    assert_refused(cube_method_solution_format(sol, -1, buffer, sizeof buffer, NULL), "format -1");
    assert_refused(cube_method_solution_format(sol, CUBE_METHOD_FORMAT_JSON, NULL, 10, NULL), "buffer is NULL");
    assert_refused(cube_method_solution_format(sol, CUBE_METHOD_FORMAT_JSON, buffer, -1, NULL), "negative");
    assert_refused(cube_method_solution_format(NULL, CUBE_METHOD_FORMAT_JSON, buffer, sizeof buffer, NULL),
                   "solution is NULL");
    assert_refused(cube_method_solution_format((cube_method_solution *)not_a_solution, CUBE_METHOD_FORMAT_JSON,
                                               buffer, sizeof buffer, NULL),
                   "not a valid handle");
    cube_moves_free(not_a_solution);
    cube_method_solution_free(sol);
}

int main(void) {
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(solved_cube),
        cmocka_unit_test(scrambled_cube),
        cmocka_unit_test(bad_input),
    };
    return cmocka_run_group_tests(tests, open_solver, close_solver);
}
