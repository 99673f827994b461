/* cube_solution_format() and cube_solutions_format(): the answers of `cube solve` and `cube solve --all` as
 * text and JSON in each metric, and every bad input refused (NULL or foreign handle, unknown metric or kind,
 * buffers). */
#include <stdlib.h>
#include <string.h>

#include "test_util.h"

/* The formatter's text in `out` (of `capacity` bytes), its length learned first with a NULL buffer. */
static void solution_text(const cube_moves *m, int32_t metric, int32_t kind, char *out, int32_t capacity) {
    int32_t length = -1;
    assert_int_equal(cube_solution_format(m, metric, kind, NULL, 0, &length), CUBE_ERROR_BUFFER_TOO_SMALL);
    assert_true(length < capacity);
    int32_t again = -1;
    assert_int_equal(cube_solution_format(m, metric, kind, out, length + 1, &again), CUBE_OK);
    assert_int_equal(again, length);
}

static void one_solution(void **unused) {
    (void)unused;
    cube_moves *m = NULL;
    char text[256];
    assert_int_equal(cube_moves_parse("U R2 F'", 3, &m), CUBE_OK);
    solution_text(m, CUBE_METRIC_HTM, CUBE_SOLVE_FORMAT_TEXT, text, sizeof text);
    assert_string_equal(text, "U R2 F'\n");
    solution_text(m, CUBE_METRIC_HTM, CUBE_SOLVE_FORMAT_JSON, text, sizeof text);
    assert_string_equal(text, "{\"ok\":true,\"solution\":\"U R2 F'\",\"length\":3,\"metric\":\"htm\"}");
    solution_text(m, CUBE_METRIC_QTM, CUBE_SOLVE_FORMAT_JSON, text, sizeof text);
    assert_string_equal(text, "{\"ok\":true,\"solution\":\"U R2 F'\",\"length\":4,\"metric\":\"qtm\"}");
    solution_text(m, CUBE_METRIC_STM, CUBE_SOLVE_FORMAT_JSON, text, sizeof text);
    assert_string_equal(text, "{\"ok\":true,\"solution\":\"U R2 F'\",\"length\":3,\"metric\":\"stm\"}");
    cube_moves_free(m);
    assert_int_equal(cube_moves_new(3, &m), CUBE_OK);
    solution_text(m, CUBE_METRIC_HTM, CUBE_SOLVE_FORMAT_TEXT, text, sizeof text);
    assert_string_equal(text, "\n"); /* a solved cube: an empty line */
    cube_moves_free(m);
}

static void every_solution(void **unused) {
    (void)unused;
    cube_solver *solver = NULL;
    cube_state *s = NULL;
    cube_moves *scramble = NULL;
    cube_solutions *list = NULL;
    assert_int_equal(cube_solver_new(NULL, &solver), CUBE_OK);
    assert_int_equal(cube_state_new(2, &s), CUBE_OK);
    assert_int_equal(cube_moves_parse("R U", 2, &scramble), CUBE_OK);
    assert_int_equal(cube_state_apply(s, scramble), CUBE_OK);
    assert_int_equal(cube_solve_all(solver, s, NULL, NULL, 100, &list), CUBE_OK);
    char text[4096];
    int32_t length = 0;
    assert_int_equal(cube_solutions_format(list, CUBE_METRIC_HTM, CUBE_SOLVE_FORMAT_TEXT, text, sizeof text, &length),
                     CUBE_OK);
    assert_string_equal(text, "U' R'\n"); /* the one optimal solution */
    assert_int_equal(cube_solutions_format(list, CUBE_METRIC_QTM, CUBE_SOLVE_FORMAT_JSON, text, sizeof text, NULL),
                     CUBE_OK);
    assert_string_equal(text, "{\"ok\":true,\"solutions\":[\"U' R'\"],\"length\":2,\"metric\":\"qtm\"}");
    cube_solutions_free(list);
    cube_moves_free(scramble);
    cube_state_free(s);
    cube_solver_free(solver);
}

static void bad_input(void **unused) {
    (void)unused;
    cube_moves *m = NULL;
    assert_int_equal(cube_moves_parse("R", 3, &m), CUBE_OK);
    char buffer[3];
    memset(buffer, '#', sizeof buffer);
    int32_t length = -1;
    cube_clear_error();
    assert_fails_with(cube_solution_format(m, CUBE_METRIC_HTM, CUBE_SOLVE_FORMAT_JSON, buffer, sizeof buffer, &length),
                      CUBE_ERROR_BUFFER_TOO_SMALL, "cannot hold");
    assert_int_equal(length, (int32_t)strlen("{\"ok\":true,\"solution\":\"R\",\"length\":1,\"metric\":\"htm\"}"));
    assert_int_equal(buffer[0], '#'); /* nothing written into a buffer too small */
    assert_refused(cube_solution_format(m, 3, CUBE_SOLVE_FORMAT_JSON, buffer, sizeof buffer, NULL), "unknown metric 3");
    assert_refused(cube_solution_format(m, CUBE_METRIC_HTM, 2, buffer, sizeof buffer, NULL), "unknown solve format 2");
    assert_refused(cube_solution_format(m, CUBE_METRIC_HTM, -1, buffer, sizeof buffer, NULL), "format -1");
    assert_refused(cube_solution_format(m, CUBE_METRIC_HTM, CUBE_SOLVE_FORMAT_TEXT, NULL, 5, NULL), "buffer is NULL");
    assert_refused(cube_solution_format(m, CUBE_METRIC_HTM, CUBE_SOLVE_FORMAT_TEXT, buffer, -1, NULL), "negative");
    assert_refused(cube_solution_format(NULL, CUBE_METRIC_HTM, CUBE_SOLVE_FORMAT_TEXT, buffer, 3, NULL), "NULL");
    assert_refused(cube_solutions_format(NULL, CUBE_METRIC_HTM, CUBE_SOLVE_FORMAT_TEXT, buffer, 3, NULL), "NULL");
    assert_refused(cube_solutions_format((cube_solutions *)m, CUBE_METRIC_HTM, CUBE_SOLVE_FORMAT_TEXT, buffer, 3, NULL),
                   "not a valid handle");
    cube_moves_free(m);
}

int main(void) {
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(one_solution),
        cmocka_unit_test(every_solution),
        cmocka_unit_test(bad_input),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
