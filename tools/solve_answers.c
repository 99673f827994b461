#include "solve_answers.h"

#include "formatted.h"

/* An answer with what its formatter needs besides the handle, for print_formatted(). */
typedef struct measured {
    const void *answer;
    int32_t metric;
    const cube_optimal_result *result; /* --optimal */
    int64_t count;                     /* --count */
    int32_t distance;                  /* --count */
} measured;

static cube_status format_solution(const void *answer, int32_t kind, char *buffer, int32_t capacity,
                                   int32_t *length) {
    const measured *m = answer;
    return cube_solution_format(m->answer, m->metric, kind, buffer, capacity, length);
}

static cube_status format_list(const void *answer, int32_t kind, char *buffer, int32_t capacity, int32_t *length) {
    const measured *m = answer;
    return cube_solutions_format(m->answer, m->metric, kind, buffer, capacity, length);
}

static cube_status format_optimal(const void *answer, int32_t kind, char *buffer, int32_t capacity,
                                  int32_t *length) {
    const measured *m = answer;
    return cube_optimal_result_format(m->result, m->answer, m->metric, kind, buffer, capacity, length);
}

static cube_status format_count(const void *answer, int32_t kind, char *buffer, int32_t capacity, int32_t *length) {
    const measured *m = answer;
    return cube_optimal_count_format(m->count, m->distance, m->metric, kind, buffer, capacity, length);
}

cube_status solve_print_solution(const cube_moves *solution, int32_t metric, int json) {
    measured m = {solution, metric, NULL, 0, 0};
    return print_formatted(format_solution, &m, json ? CUBE_SOLVE_FORMAT_JSON : CUBE_SOLVE_FORMAT_TEXT,
                           json ? "\n" : "");
}

cube_status solve_print_list(const cube_solutions *list, int32_t metric, int json) {
    measured m = {list, metric, NULL, 0, 0};
    return print_formatted(format_list, &m, json ? CUBE_SOLVE_FORMAT_JSON : CUBE_SOLVE_FORMAT_TEXT,
                           json ? "\n" : "");
}

cube_status solve_print_optimal(const cube_solutions *list, int32_t metric, const cube_optimal_result *r, int all,
                                int json) {
    measured m = {list, metric, r, 0, 0};
    int32_t kind = all ? (json ? CUBE_OPTIMAL_FORMAT_JSON_ALL : CUBE_OPTIMAL_FORMAT_TEXT_ALL)
                       : (json ? CUBE_OPTIMAL_FORMAT_JSON : CUBE_OPTIMAL_FORMAT_TEXT);
    return print_formatted(format_optimal, &m, kind, json ? "\n" : "");
}

cube_status solve_print_count(int64_t count, int32_t length, int32_t metric, int json) {
    measured m = {NULL, metric, NULL, count, length};
    return print_formatted(format_count, &m, json ? CUBE_SOLVE_FORMAT_JSON : CUBE_SOLVE_FORMAT_TEXT,
                           json ? "\n" : "");
}
