/* cube_solution_format(), cube_solutions_format(), cube_optimal_result_format() and cube_optimal_count_format():
 * the answers of `cube solve`, `--all`, `--optimal` and `--count` as text and JSON in each metric, and every bad
 * input refused (NULL or foreign handle, unknown metric or kind, buffers, a result struct of an unknown size). */
#include <stdio.h>
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

/* Every optimal solution of a 2x2 (cube_solve_all(): a list as cube_solve_optimal() returns one). */
static cube_solutions *solutions_of(const char *facelets) {
    cube_solver *solver = NULL;
    cube_state *s = NULL;
    cube_solutions *list = NULL;
    assert_int_equal(cube_solver_new(NULL, &solver), CUBE_OK);
    assert_int_equal(cube_state_from_facelets(facelets, 2, &s), CUBE_OK);
    assert_int_equal(cube_solve_all(solver, s, NULL, NULL, 100, &list), CUBE_OK);
    cube_state_free(s);
    cube_solver_free(solver);
    return list;
}

/* The --optimal answer: the first solution or all, with the proof flag, the nodes and the standard table. */
static void optimal_answer(void **unused) {
    (void)unused;
    /* `cube random --size 2 --seed 3 --count 2`'s second cube: four solutions of 9 moves (11 in QTM) */
    cube_solutions *list = solutions_of("URRRDBBFBFDLLUDURDLFUFLB");
    int32_t n = 0;
    assert_int_equal(cube_solutions_count(list, &n), CUBE_OK);
    assert_int_equal(n, 4);
    cube_optimal_result r;
    assert_int_equal(cube_optimal_result_init(&r), CUBE_OK);
    r.length = 2;
    r.proven_optimal = 1;
    r.lower_bound = 2;
    r.nodes = 1234567890123LL;
    r.standard_table = 0;
    r.small_table = 1;
    char first[64];
    char all[128];
    char text[512];
    assert_int_equal(cube_optimal_result_format(&r, list, CUBE_METRIC_HTM, CUBE_OPTIMAL_FORMAT_TEXT, first,
                                                sizeof first, NULL),
                     CUBE_OK);
    assert_int_equal(cube_solutions_format(list, CUBE_METRIC_HTM, CUBE_SOLVE_FORMAT_TEXT, all, sizeof all, NULL),
                     CUBE_OK);
    assert_non_null(strchr(all, ','));
    assert_int_equal(strncmp(all, first, strlen(first) - 1), 0); /* the first of the list */
    assert_int_equal(first[strlen(first) - 1], '\n');
    assert_int_equal(cube_optimal_result_format(&r, list, CUBE_METRIC_HTM, CUBE_OPTIMAL_FORMAT_TEXT_ALL, text,
                                                sizeof text, NULL),
                     CUBE_OK);
    assert_string_equal(text, all);
    first[strlen(first) - 1] = '\0';
    cube_moves *m = NULL;
    int32_t first_qtm = 0;
    assert_int_equal(cube_moves_parse(first, 2, &m), CUBE_OK);
    assert_int_equal(cube_moves_length(m, CUBE_METRIC_QTM, &first_qtm), CUBE_OK);
    cube_moves_free(m);
    char expected[512];
    snprintf(expected, sizeof expected,
             "{\"ok\":true,\"solution\":\"%s\",\"optimal\":true,\"nodes\":1234567890123,\"standard_table\":false,"
             "\"h48_table\":false,\"small_table\":true,\"length\":%d,\"metric\":\"qtm\"}",
             first, first_qtm);
    assert_int_equal(cube_optimal_result_format(&r, list, CUBE_METRIC_QTM, CUBE_OPTIMAL_FORMAT_JSON, text,
                                                sizeof text, NULL),
                     CUBE_OK);
    assert_string_equal(text, expected);
    r.small_table = 0;
    r.h48_table = 1;
    assert_int_equal(cube_optimal_result_format(&r, list, CUBE_METRIC_HTM, CUBE_OPTIMAL_FORMAT_JSON, text,
                                                sizeof text, NULL),
                     CUBE_OK);
    assert_non_null(strstr(text, "\"standard_table\":false,\"h48_table\":true,\"small_table\":false,"));
    r.struct_size = CUBE_OPTIMAL_RESULT_SIZE_V2; /* a caller of the second version: no h48_table */
    assert_int_equal(cube_optimal_result_format(&r, list, CUBE_METRIC_HTM, CUBE_OPTIMAL_FORMAT_JSON, text,
                                                sizeof text, NULL),
                     CUBE_OK);
    assert_non_null(strstr(text, "\"standard_table\":false,\"h48_table\":false,\"small_table\":false,"));
    r.proven_optimal = 0;
    r.struct_size = CUBE_OPTIMAL_RESULT_SIZE_V1; /* a caller of the first version: no standard_table */
    r.standard_table = 1;
    assert_int_equal(cube_optimal_result_format(&r, list, CUBE_METRIC_HTM, CUBE_OPTIMAL_FORMAT_JSON_ALL, text,
                                                sizeof text, NULL),
                     CUBE_OK);
    assert_non_null(strstr(text, "{\"ok\":true,\"solutions\":[\""));
    assert_non_null(strstr(text, "\"],\"optimal\":false,\"nodes\":1234567890123,\"standard_table\":false,"
                                 "\"h48_table\":false,\"small_table\":false,\"length\":9,\"metric\":\"htm\"}"));
    cube_solutions_free(list);
}

/* The --count answer. */
static void count_answer(void **unused) {
    (void)unused;
    char text[128];
    int32_t length = -1;
    assert_int_equal(cube_optimal_count_format(12, 5, CUBE_METRIC_HTM, CUBE_SOLVE_FORMAT_TEXT, text, sizeof text,
                                               &length),
                     CUBE_OK);
    assert_string_equal(text, "12\n");
    assert_int_equal(length, 3);
    assert_int_equal(cube_optimal_count_format(1, 0, CUBE_METRIC_QTM, CUBE_SOLVE_FORMAT_JSON, text, sizeof text, NULL),
                     CUBE_OK);
    assert_string_equal(text, "{\"ok\":true,\"count\":1,\"length\":0,\"metric\":\"qtm\"}");
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

static void bad_optimal_input(void **unused) {
    (void)unused;
    cube_solutions *list = solutions_of("URRRDBBFBFDLLUDURDLFUFLB");
    cube_optimal_result r;
    assert_int_equal(cube_optimal_result_init(&r), CUBE_OK);
    char buffer[256];
    assert_refused(cube_optimal_result_format(NULL, list, CUBE_METRIC_HTM, CUBE_OPTIMAL_FORMAT_TEXT, buffer,
                                              sizeof buffer, NULL),
                   "result is NULL");
    assert_refused(cube_optimal_result_format(&r, NULL, CUBE_METRIC_HTM, CUBE_OPTIMAL_FORMAT_TEXT, buffer,
                                              sizeof buffer, NULL),
                   "NULL");
    assert_refused(cube_optimal_result_format(&r, list, CUBE_METRIC_HTM, 4, buffer, sizeof buffer, NULL),
                   "unknown optimal format 4");
    assert_refused(cube_optimal_result_format(&r, list, 7, CUBE_OPTIMAL_FORMAT_JSON, buffer, sizeof buffer, NULL),
                   "unknown metric 7");
    r.struct_size = 3;
    assert_refused(cube_optimal_result_format(&r, list, CUBE_METRIC_HTM, CUBE_OPTIMAL_FORMAT_TEXT, buffer,
                                              sizeof buffer, NULL),
                   "struct_size");
    assert_refused(cube_optimal_count_format(-1, 1, CUBE_METRIC_HTM, CUBE_SOLVE_FORMAT_TEXT, buffer, sizeof buffer,
                                             NULL),
                   "count -1 is negative");
    assert_refused(cube_optimal_count_format(1, -2, CUBE_METRIC_HTM, CUBE_SOLVE_FORMAT_TEXT, buffer, sizeof buffer,
                                             NULL),
                   "distance -2 is negative");
    assert_refused(cube_optimal_count_format(1, 1, CUBE_METRIC_HTM, 2, buffer, sizeof buffer, NULL),
                   "unknown solve format 2");
    assert_refused(cube_optimal_count_format(1, 1, CUBE_METRIC_HTM, CUBE_SOLVE_FORMAT_TEXT, NULL, 5, NULL),
                   "buffer is NULL");
    cube_solutions_free(list);
}

int main(void) {
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(one_solution),
        cmocka_unit_test(every_solution),
        cmocka_unit_test(optimal_answer),
        cmocka_unit_test(count_answer),
        cmocka_unit_test(bad_input),
        cmocka_unit_test(bad_optimal_input),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
