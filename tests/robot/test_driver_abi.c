/* The driver plugin ABI, frozen: sizes, offsets and enum values that plugins are built against.
 * abidiff cannot see these (structs handed to plugins, enum values behind int32_t), so they are
 * checked here. Changing any of them needs CUBE_DRIVER_ABI_VERSION 2. Values for LP64. */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <cmocka.h>

#include <cube/driver.h>

#define SAME(a, b) assert_int_equal((a), (b))

static void driver_command_layout(void **unused) {
    (void)unused;
    SAME(CUBE_DRIVER_ABI_VERSION, 1u);
    SAME(sizeof(cube_driver_command), 24);
    SAME(offsetof(cube_driver_command, actuator), 4);
    SAME(offsetof(cube_driver_command, kind), 8);
    SAME(offsetof(cube_driver_command, param), 12);
    SAME(offsetof(cube_driver_command, duration_us), 16);
    SAME(offsetof(cube_driver_command, start_us), 20);
}

static void driver_status_layout(void **unused) {
    (void)unused;
    SAME(sizeof(cube_driver_status), 12);
    SAME(offsetof(cube_driver_status, commands_done), 8);
    SAME(CUBE_DRIVER_IDLE, 0);
    SAME(CUBE_DRIVER_BUSY, 1);
    SAME(CUBE_DRIVER_STOPPED, 2);
    SAME(CUBE_DRIVER_FAULT, 3);
}

static void driver_api_table_layout(void **unused) {
    (void)unused;
    SAME(offsetof(cube_driver_api, abi_version), 4);
    SAME(offsetof(cube_driver_api, name), 8);
    SAME(offsetof(cube_driver_api, description), 16);
    SAME(offsetof(cube_driver_api, open), 24);
    SAME(offsetof(cube_driver_api, robot_spec), 32);
    SAME(offsetof(cube_driver_api, actuator_count), 40);
    SAME(offsetof(cube_driver_api, actuator_name), 48);
    SAME(offsetof(cube_driver_api, configure), 56);
    SAME(offsetof(cube_driver_api, execute), 64);
    SAME(offsetof(cube_driver_api, status), 72);
    SAME(offsetof(cube_driver_api, position), 80);
    SAME(offsetof(cube_driver_api, query), 88);
    SAME(offsetof(cube_driver_api, stop), 96);
    SAME(offsetof(cube_driver_api, last_error), 104);
    SAME(offsetof(cube_driver_api, close), 112);
    SAME(sizeof(cube_driver_api), 120);
}

/* Public structs of robot.h and driver.h that callers fill (SWIG-wrapped): growth only at the end. */
static void robot_structs_keep_their_version_1_sizes(void **unused) {
    (void)unused;
    SAME(sizeof(cube_robot_desc), 32);
    SAME(CUBE_ROBOT_DESC_SIZE_V1, 32);
    SAME(sizeof(cube_plan_options), 8);
    SAME(CUBE_PLAN_OPTIONS_SIZE_V1, 8);
    SAME(sizeof(cube_action), 28);
    SAME(CUBE_ACTION_SIZE_V1, 28);
    SAME(sizeof(cube_robot_solve_options), 32);
    SAME(offsetof(cube_robot_solve_options, cancel), 24);
    SAME(CUBE_ROBOT_SOLVE_OPTIONS_SIZE_V1, 32);
    SAME(sizeof(cube_run_report), 32);
    SAME(offsetof(cube_run_report, plan_time_us), 16);
}

static void robot_enum_values(void **unused) {
    (void)unused;
    SAME(CUBE_ACTION_TURN, 1);
    SAME(CUBE_ACTION_GRIP, 2);
    SAME(CUBE_ACTION_FLIP, 3);
    SAME(CUBE_ROBOT_SIX_MOTOR, 1);
    SAME(CUBE_ROBOT_FOUR_ARM, 2);
    SAME(CUBE_ROBOT_TWO_GRIPPER, 3);
    SAME(CUBE_ROBOT_TURNTABLE_FLIPPER, 4);
    SAME(CUBE_PLAN_OPTIMAL, 0);
    SAME(CUBE_PLAN_GREEDY, 1);
    SAME(CUBE_PLAN_NAIVE, 2);
}

int main(void) {
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(driver_command_layout),
        cmocka_unit_test(driver_status_layout),
        cmocka_unit_test(driver_api_table_layout),
        cmocka_unit_test(robot_structs_keep_their_version_1_sizes),
        cmocka_unit_test(robot_enum_values),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
