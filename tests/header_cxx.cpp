// The public headers must compile as C++ (built with -pedantic -Werror), and their macros (versioned-struct
// sizes and init macros) must work there.
#include <cube/cube.h>

#include <cstdint>
#include <type_traits>

static_assert(std::is_same<cube_status, std::int32_t>::value, "cube_status is int32_t");
static_assert(CUBE_PROGRESS_SIZE_V1 == sizeof(cube_progress), "cube_progress V1 is the whole struct");
static_assert(CUBE_SOLVER_CONFIG_SIZE_V1 == sizeof(cube_solver_config), "cube_solver_config V1");
static_assert(CUBE_SOLVE_OPTIONS_SIZE_V1 == sizeof(cube_solve_options), "cube_solve_options V1");
static_assert(CUBE_TABLES_OPTIONS_SIZE_V1 == sizeof(cube_tables_options), "cube_tables_options V1");
static_assert(CUBE_ROBOT_DESC_SIZE_V1 == sizeof(cube_robot_desc), "cube_robot_desc V1");
static_assert(CUBE_PLAN_OPTIONS_SIZE_V1 == sizeof(cube_plan_options), "cube_plan_options V1");
static_assert(CUBE_ACTION_SIZE_V1 == sizeof(cube_action), "cube_action V1");
static_assert(CUBE_ROBOT_SOLVE_OPTIONS_SIZE_V1 == sizeof(cube_robot_solve_options), "cube_robot_solve_options V1");

int main() {
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
