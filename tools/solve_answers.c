#include "solve_answers.h"

#include <stdio.h>

#include "formatted.h"
#include "json.h"
#include "output.h"

/* A solution or a list with the metric of its length, for the formatters below. */
typedef struct measured {
    const void *answer;
    int32_t metric;
} measured;

static const char *metric_name(int32_t metric) {
    return metric == CUBE_METRIC_QTM ? "qtm" : "htm";
}

/* Ends a JSON answer: its length and metric. */
static void json_tail(int32_t length, int32_t metric);

/* The solutions of the list as text (the first, or with `all` every one), or in JSON with `extra` (a
 * member list with its leading comma) before the length: the --optimal answers, which the library does not
 * write (yet). */
static cube_status print_list(const cube_solutions *list, int32_t metric, int all, int json, const char *extra);
static void json_tail(int32_t length, int32_t metric) {
    out_printf(",\"length\":%d,\"metric\":\"%s\"}\n", length, metric_name(metric));
}

static cube_status format_solution(const void *answer, int32_t kind, char *buffer, int32_t capacity,
                                   int32_t *length) {
    const measured *m = answer;
    return cube_solution_format(m->answer, m->metric, kind, buffer, capacity, length);
}

static cube_status format_list(const void *answer, int32_t kind, char *buffer, int32_t capacity, int32_t *length) {
    const measured *m = answer;
    return cube_solutions_format(m->answer, m->metric, kind, buffer, capacity, length);
}

cube_status solve_print_solution(const cube_moves *solution, int32_t metric, int json) {
    measured m = {solution, metric};
    return print_formatted(format_solution, &m, json ? CUBE_SOLVE_FORMAT_JSON : CUBE_SOLVE_FORMAT_TEXT,
                           json ? "\n" : "");
}

/* Every solution of the list on one line: "A, B" or ["A","B"], or the first alone. */
static cube_status print_list(const cube_solutions *list, int32_t metric, int all, int json, const char *extra) {
    int32_t n = 0;
    int32_t length = 0;
    cube_status st = cube_solutions_count(list, &n);
    if (!all && st == CUBE_OK && n > 1) n = 1;
    if (json) out_text(all ? "{\"ok\":true,\"solutions\":[" : "{\"ok\":true,\"solution\":");
    for (int32_t i = 0; st == CUBE_OK && i < n; ++i) {
        cube_moves *m = NULL;
        const char *text = NULL;
        st = cube_solutions_get(list, i, &m);
        if (st == CUBE_OK) st = cube_moves_text(m, &text);
        if (st == CUBE_OK && i == 0) st = cube_moves_length(m, metric, &length);
        if (st == CUBE_OK && i > 0) out_text(json ? "," : ", ");
        if (st == CUBE_OK && json) json_string(text);
        if (st == CUBE_OK && !json) out_text(text);
        cube_moves_free(m);
    }
    if (st != CUBE_OK) return st;
    if (json) {
        if (all) out_char(']');
        out_text(extra);
        json_tail(length, metric);
    } else {
        out_char('\n');
    }
    return CUBE_OK;
}

cube_status solve_print_list(const cube_solutions *list, int32_t metric, int json) {
    measured m = {list, metric};
    return print_formatted(format_list, &m, json ? CUBE_SOLVE_FORMAT_JSON : CUBE_SOLVE_FORMAT_TEXT,
                           json ? "\n" : "");
}

cube_status solve_print_optimal(const cube_solutions *list, int32_t metric, const cube_optimal_result *r, int all,
                                int json) {
    char extra[96];
    snprintf(extra, sizeof extra, ",\"optimal\":%s,\"nodes\":%lld,\"standard_table\":%s",
             r->proven_optimal ? "true" : "false", (long long)r->nodes, r->standard_table ? "true" : "false");
    return print_list(list, metric, all, json, extra);
}

cube_status solve_print_count(int64_t count, int32_t length, int32_t metric, int json) {
    if (!json) {
        out_printf("%lld\n", (long long)count);
        return CUBE_OK;
    }
    out_printf("{\"ok\":true,\"count\":%lld", (long long)count);
    json_tail(length, metric);
    return CUBE_OK;
}
