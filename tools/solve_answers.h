/* The answers of `cube solve`, as text or as one JSON object a line (the same for one cube and a batch line):
 *   a solution   "U R2 F"                 {"ok":true,"solution":"U R2 F","length":3,"metric":"htm"}
 *   --all        "U R2 F, F R2 U"         {"ok":true,"solutions":["U R2 F","F R2 U"],"length":3,"metric":"htm"}
 *   --count      "2"                      {"ok":true,"count":2,"length":3,"metric":"htm"}
 *   --optimal (3x3)      as a solution or --all, with ,"optimal":true,"nodes":N before the length in JSON
 * length is in the metric (a half turn counts 2 in QTM); failures are answer_error()'s. The library's formatters
 * write them (cube_solution_format(), cube_solutions_format(), cube_optimal_result_format(),
 * cube_optimal_count_format()), as for the server and the bindings. */
#ifndef CUBE_CLI_SOLVE_ANSWERS_H
#define CUBE_CLI_SOLVE_ANSWERS_H

#include <cube/cube.h>

/* Each returns CUBE_OK, or the library's status (nothing printed) if it refuses a call. */
cube_status solve_print_solution(const cube_moves *solution, int32_t metric, int json);
cube_status solve_print_list(const cube_solutions *list, int32_t metric, int json);
/* JSON: "optimal" (proven), "nodes", "standard_table", "h48_table" and "small_table" (which optimal table
 * bounded it). */
cube_status solve_print_optimal(const cube_solutions *list, int32_t metric, const cube_optimal_result *r, int all,
                                int json);
cube_status solve_print_count(int64_t count, int32_t length, int32_t metric, int json);

#endif
