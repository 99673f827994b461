/* A tiny library exporting a few libcube functions, compiled against a header set, so that
 * check-gate.sh can show what the ABI gate lets through and what it stops, on real DWARF. */
#include <cube/cube.h>

cube_status cube_solve_options_init_sized(cube_solve_options *options, uint32_t size) {
    return options && size ? CUBE_OK : CUBE_ERROR_INVALID_ARGUMENT;
}

#ifndef GATE_STUB_DROP_SOLVE
cube_status cube_solve(cube_solver *solver, const cube_state *state, const cube_solve_options *options,
                       cube_moves **solution) {
    (void)solver;
    (void)state;
    (void)options;
    *solution = 0;
    return CUBE_OK;
}
#endif

cube_status cube_robot_new(const cube_robot_desc *desc, cube_robot **out) {
    (void)desc;
    *out = 0;
    return CUBE_OK;
}
