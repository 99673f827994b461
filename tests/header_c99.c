/* The public headers must compile as strict C99 (built with -std=c99 -pedantic -Werror), and their macros
 * (versioned-struct sizes and init macros) must work there. */
#include <cube/cube.h>

/* C99 has no static_assert: an array of negative size fails to compile. */
#define HEADER_CHECK(name, condition) typedef char name[(condition) ? 1 : -1]

HEADER_CHECK(status_is_32_bits, sizeof(cube_status) == 4);
HEADER_CHECK(progress_v1_is_whole_struct, CUBE_PROGRESS_SIZE_V1 == sizeof(cube_progress));
HEADER_CHECK(solver_config_v1_is_whole_struct, CUBE_SOLVER_CONFIG_SIZE_V1 == sizeof(cube_solver_config));
HEADER_CHECK(solve_options_v1_is_whole_struct, CUBE_SOLVE_OPTIONS_SIZE_V1 == sizeof(cube_solve_options));
HEADER_CHECK(tables_options_v1_is_whole_struct, CUBE_TABLES_OPTIONS_SIZE_V1 == sizeof(cube_tables_options));
HEADER_CHECK(robot_desc_v1_is_whole_struct, CUBE_ROBOT_DESC_SIZE_V1 == sizeof(cube_robot_desc));
HEADER_CHECK(plan_options_v1_is_whole_struct, CUBE_PLAN_OPTIONS_SIZE_V1 == sizeof(cube_plan_options));
HEADER_CHECK(action_v1_is_whole_struct, CUBE_ACTION_SIZE_V1 == sizeof(cube_action));
HEADER_CHECK(robot_solve_options_v1_is_whole_struct,
             CUBE_ROBOT_SOLVE_OPTIONS_SIZE_V1 == sizeof(cube_robot_solve_options));

int main(void) {
    cube_solver_config config;
    cube_solve_options solve;
    cube_tables_options tables;
    cube_robot_desc desc;
    cube_plan_options plan;
    cube_action action;
    cube_robot_solve_options robot_solve;
    cube_status st = cube_solver_config_init(&config);
    if (st == CUBE_OK) st = cube_solve_options_init(&solve);
    if (st == CUBE_OK) st = cube_tables_options_init(&tables);
    if (st == CUBE_OK) st = cube_robot_desc_init(&desc, CUBE_ROBOT_FOUR_ARM);
    if (st == CUBE_OK) st = cube_plan_options_init(&plan);
    if (st == CUBE_OK) st = cube_action_init(&action);
    if (st == CUBE_OK) st = cube_robot_solve_options_init(&robot_solve);
    if (st != CUBE_OK) return 1;
    if (solve.struct_size != sizeof solve || desc.struct_size != sizeof desc) return 1;
    return cube_version() == CUBE_VERSION_NUMBER ? 0 : 1;
}
