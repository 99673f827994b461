/* The answer of `cube solve --method lbl`: a solution by the layer-by-layer method, its stages named.
 *   one cube     one line per stage "cross: F R' D2" (then "  (sexy-move x3, edge-left)" naming the formulas;
 *                "(nothing to do)" for an empty stage), and "total: N moves (htm)"
 *   a batch line the same in one line: "cross: F R' D2 | first-layer-corners: ... | total: N"
 *   --json       {"ok":true,"method":"lbl","solution":"...","length":N,"metric":"htm","stages":[{"name":"cross",
 *                "moves":"...","length":n,"algorithms":["sune",...],"facelets":"..."},...]} */
#ifndef CUBE_CLI_METHOD_ANSWERS_H
#define CUBE_CLI_METHOD_ANSWERS_H

#include <cube/cube.h>

/* Prints what cube_method_solution_format() writes. Returns CUBE_OK, or the library's status (nothing printed). */
cube_status method_print_solution(const cube_method_solution *solution, int json, int batch);

#endif
