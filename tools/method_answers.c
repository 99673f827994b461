#include "method_answers.h"

#include <string.h>

#include "json.h"
#include "output.h"

/* The formulas a stage performed, with repeats in a row counted: " (sexy-move x3, edge-left)". */
static cube_status print_formulas(const cube_method_solution *sol, int32_t stage) {
    int32_t n = 0;
    cube_status st = cube_method_solution_algorithm_count(sol, stage, &n);
    for (int32_t a = 0; st == CUBE_OK && a < n;) {
        const char *name = NULL, *next = NULL;
        st = cube_method_solution_algorithm(sol, stage, a, &name);
        int32_t run = 1;
        while (st == CUBE_OK && a + run < n && cube_method_solution_algorithm(sol, stage, a + run, &next) == CUBE_OK &&
               strcmp(next, name) == 0)
            ++run;
        if (st != CUBE_OK) break;
        out_text(a == 0 ? "  (" : ", ");
        out_text(name);
        if (run > 1) out_printf(" x%d", run);
        a += run;
        if (a == n) out_char(')');
    }
    return st;
}

static cube_status print_json_stage(const cube_method_solution *sol, int32_t stage, const char *name,
                                    const char *moves, int32_t length) {
    const char *facelets = NULL;
    int32_t n = 0;
    cube_status st = cube_method_solution_stage_facelets(sol, stage, &facelets);
    if (st == CUBE_OK) st = cube_method_solution_algorithm_count(sol, stage, &n);
    if (st != CUBE_OK) return st;
    out_text(stage ? ",{" : "{");
    json_member("name", name, 1);
    json_member("moves", moves, 0);
    out_printf(",\"length\":%d,\"algorithms\":[", length);
    for (int32_t a = 0; st == CUBE_OK && a < n; ++a) {
        const char *formula = NULL;
        st = cube_method_solution_algorithm(sol, stage, a, &formula);
        if (a) out_char(',');
        if (st == CUBE_OK) json_string(formula);
    }
    out_char(']');
    json_member("facelets", facelets, 0);
    out_char('}');
    return st;
}

cube_status method_print_solution(const cube_method_solution *sol, int json, int batch) {
    cube_moves *all = NULL;
    const char *text = NULL;
    int32_t total = 0, stages = 0;
    cube_status st = cube_method_solution_moves(sol, &all);
    if (st == CUBE_OK) st = cube_moves_text(all, &text);
    if (st == CUBE_OK) st = cube_moves_length(all, CUBE_METRIC_HTM, &total);
    if (st == CUBE_OK) st = cube_method_solution_stage_count(sol, &stages);
    if (st == CUBE_OK && json) {
        out_text("{\"ok\":true,\"method\":\"lbl\",");
        json_member("solution", text, 1);
        out_printf(",\"length\":%d,\"metric\":\"htm\",\"stages\":[", total);
    }
    for (int32_t k = 0; st == CUBE_OK && k < stages; ++k) {
        const char *name = NULL, *moves = NULL;
        cube_moves *m = NULL;
        int32_t length = 0;
        st = cube_method_solution_stage_name(sol, k, &name);
        if (st == CUBE_OK) st = cube_method_solution_stage_moves(sol, k, &m);
        if (st == CUBE_OK) st = cube_moves_text(m, &moves);
        if (st == CUBE_OK) st = cube_moves_length(m, CUBE_METRIC_HTM, &length);
        if (st == CUBE_OK && json) {
            st = print_json_stage(sol, k, name, moves, length);
        } else if (st == CUBE_OK && batch) {
            out_printf("%s: %s | ", name, moves);
        } else if (st == CUBE_OK) {
            out_printf("%s: %s", name, length ? moves : "(nothing to do)");
            st = print_formulas(sol, k);
            out_char('\n');
        }
        cube_moves_free(m);
    }
    cube_moves_free(all);
    if (st != CUBE_OK) return st;
    if (json)
        out_text("]}\n");
    else if (batch)
        out_printf("total: %d\n", total);
    else
        out_printf("total: %d moves (htm)\n", total);
    return CUBE_OK;
}
