#include "method_answers.h"

#include "formatted.h"

static cube_status format_method(const void *answer, int32_t kind, char *buffer, int32_t capacity,
                                 int32_t *length) {
    return cube_method_solution_format(answer, kind, buffer, capacity, length);
}

cube_status method_print_solution(const cube_method_solution *sol, int json, int batch) {
    int32_t kind = json ? CUBE_METHOD_FORMAT_JSON : batch ? CUBE_METHOD_FORMAT_LINE : CUBE_METHOD_FORMAT_TEXT;
    return print_formatted(format_method, sol, kind, json ? "\n" : "");
}
