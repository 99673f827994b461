/* The driver plugin ABI: sizes, offsets and enum values that plugins and callers are built against.
 * abidiff cannot see these (structs handed to plugins, enum values behind int32_t), so they are
 * checked here. Version 2 only appends to version 1; changing any published value needs a new
 * CUBE_DRIVER_ABI_VERSION. Offsets after a pointer are written in pointer widths (P), so the same
 * checks hold on LP64 and ILP32. */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <cmocka.h>

#include <cube/driver_plugin.h>

#define SAME(a, b) assert_int_equal((a), (b))
#define P ((int)sizeof(void *))

static void driver_command_layout(void **unused) {
    (void)unused;
    SAME(CUBE_DRIVER_ABI_VERSION, 2u);
    SAME(offsetof(cube_driver_command, actuator), 4);
    SAME(offsetof(cube_driver_command, kind), 8);
    SAME(offsetof(cube_driver_command, param), 12);
    SAME(offsetof(cube_driver_command, duration_us), 16);
    SAME(offsetof(cube_driver_command, start_us), 20);
    SAME(CUBE_DRIVER_COMMAND_SIZE_V1, 24);
    SAME(offsetof(cube_driver_command, move_index), 24);
    SAME(offsetof(cube_driver_command, action_index), 28);
    SAME(CUBE_DRIVER_COMMAND_SIZE_V2, 32);
    SAME(sizeof(cube_driver_command), 32);
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
    SAME(offsetof(cube_driver_api, description), 8 + P);
    SAME(offsetof(cube_driver_api, open), 8 + 2 * P);
    SAME(offsetof(cube_driver_api, robot_spec), 8 + 3 * P);
    SAME(offsetof(cube_driver_api, actuator_count), 8 + 4 * P);
    SAME(offsetof(cube_driver_api, actuator_name), 8 + 5 * P);
    SAME(offsetof(cube_driver_api, configure), 8 + 6 * P);
    SAME(offsetof(cube_driver_api, execute), 8 + 7 * P);
    SAME(offsetof(cube_driver_api, status), 8 + 8 * P);
    SAME(offsetof(cube_driver_api, position), 8 + 9 * P);
    SAME(offsetof(cube_driver_api, query), 8 + 10 * P);
    SAME(offsetof(cube_driver_api, stop), 8 + 11 * P);
    SAME(offsetof(cube_driver_api, last_error), 8 + 12 * P);
    SAME(offsetof(cube_driver_api, close), 8 + 13 * P);
    SAME(CUBE_DRIVER_API_SIZE_V1, 8 + 14 * P);
    SAME(offsetof(cube_driver_api, open_host), 8 + 14 * P);
    SAME(offsetof(cube_driver_api, execute_steps), 8 + 15 * P);
    SAME(offsetof(cube_driver_api, stop_level), 8 + 16 * P);
    SAME(offsetof(cube_driver_api, prepare), 8 + 17 * P);
    SAME(offsetof(cube_driver_api, rest), 8 + 18 * P);
    SAME(offsetof(cube_driver_api, fault), 8 + 19 * P);
    SAME(offsetof(cube_driver_api, margin_us), 8 + 20 * P);
    SAME(offsetof(cube_driver_api, list_devices), 8 + 21 * P);
    SAME(CUBE_DRIVER_API_SIZE_V2, 8 + 22 * P);
    SAME(sizeof(cube_driver_api), 8 + 22 * P);
}

static void driver_host_layout(void **unused) {
    (void)unused;
    SAME(offsetof(cube_driver_host, abi_version), 4);
    SAME(offsetof(cube_driver_host, context), 8);
    SAME(offsetof(cube_driver_host, log), 8 + P);
    SAME(offsetof(cube_driver_host, robot_parse), 8 + 2 * P);
    SAME(offsetof(cube_driver_host, robot_free), 8 + 3 * P);
    SAME(offsetof(cube_driver_host, robot_actuator_count), 8 + 4 * P);
    SAME(offsetof(cube_driver_host, robot_actuator_name), 8 + 5 * P);
    SAME(offsetof(cube_driver_host, robot_rest_positions), 8 + 6 * P);
    SAME(offsetof(cube_driver_host, robot_step), 8 + 7 * P);
    SAME(offsetof(cube_driver_host, last_error), 8 + 8 * P);
    SAME(offsetof(cube_driver_host, config_load), 8 + 9 * P);
    SAME(offsetof(cube_driver_host, config_parse), 8 + 10 * P);
    SAME(offsetof(cube_driver_host, config_set), 8 + 11 * P);
    SAME(offsetof(cube_driver_host, config_get), 8 + 12 * P);
    SAME(offsetof(cube_driver_host, config_get_int), 8 + 13 * P);
    SAME(offsetof(cube_driver_host, config_section_count), 8 + 14 * P);
    SAME(offsetof(cube_driver_host, config_section_name), 8 + 15 * P);
    SAME(offsetof(cube_driver_host, config_free), 8 + 16 * P);
    SAME(CUBE_DRIVER_HOST_SIZE_V1, 8 + 17 * P);
    SAME(offsetof(cube_driver_host, timeline_new), 8 + 17 * P);
    SAME(offsetof(cube_driver_host, timeline_launch), 8 + 18 * P);
    SAME(offsetof(cube_driver_host, timeline_free), 8 + 19 * P);
    SAME(CUBE_DRIVER_HOST_SIZE_V2, 8 + 20 * P);
    SAME(sizeof(cube_driver_host), 8 + 20 * P);
}

/* Structs of driver.h that callers fill (SWIG-wrapped): growth only at the end. */
static void driver_structs_layout(void **unused) {
    (void)unused;
    SAME(offsetof(cube_driver_device, index), 4);
    SAME(offsetof(cube_driver_device, uri), 8);
    SAME(offsetof(cube_driver_device, product), 8 + P);
    SAME(offsetof(cube_driver_device, serial), 8 + 2 * P);
    SAME(offsetof(cube_driver_device, detail), 8 + 3 * P);
    SAME(CUBE_DRIVER_DEVICE_SIZE_V1, 8 + 4 * P);
    SAME(sizeof(cube_driver_device), 8 + 4 * P);
    SAME(offsetof(cube_driver_fault, code), 4);
    SAME(offsetof(cube_driver_fault, status), 8);
    SAME(offsetof(cube_driver_fault, actuator), 12);
    SAME(offsetof(cube_driver_fault, action_index), 16);
    SAME(offsetof(cube_driver_fault, device_bits), 20);
    SAME(offsetof(cube_driver_fault, positions_known), 24);
    SAME(offsetof(cube_driver_fault, stop_level), 28);
    SAME(offsetof(cube_driver_fault, text), 32);
    SAME(CUBE_DRIVER_FAULT_SIZE_V1, 32 + P);
    SAME(sizeof(cube_driver_fault), 32 + P);
    SAME(offsetof(cube_run_options, resume), 4);
    SAME(offsetof(cube_run_options, progress), 8);
    SAME(offsetof(cube_run_options, user_data), 8 + P);
    SAME(offsetof(cube_run_options, cancel), 8 + 2 * P);
    SAME(offsetof(cube_run_options, stop_level), 8 + 3 * P);
    SAME(offsetof(cube_run_options, margin_ms), 12 + 3 * P);
    SAME(CUBE_RUN_OPTIONS_SIZE_V1, 16 + 3 * P);
    SAME(sizeof(cube_run_options), 16 + 3 * P);
    SAME(CUBE_DRIVER_STATUS_SIZE_V1, 12);
    SAME(CUBE_RUN_REPORT_SIZE_V1, 32);
}

static void driver_enum_values(void **unused) {
    (void)unused;
    SAME(CUBE_LOG_ERROR, 1);
    SAME(CUBE_LOG_WARNING, 2);
    SAME(CUBE_LOG_INFO, 3);
    SAME(CUBE_LOG_DEBUG, 4);
    SAME(CUBE_STOP_HALT, 1);
    SAME(CUBE_STOP_DEENERGIZE, 2);
    SAME(CUBE_FAULT_NONE, 0);
    SAME(CUBE_FAULT_DEVICE, 1);
    SAME(CUBE_FAULT_COMMUNICATION, 2);
    SAME(CUBE_FAULT_TIMEOUT, 3);
    SAME(CUBE_FAULT_REFUSED, 4);
    SAME(CUBE_FAULT_MISMATCH, 5);
    SAME(CUBE_FAULT_CANCELLED, 6);
    SAME(CUBE_FAULT_POSITION, 7);
    SAME(CUBE_FAULT_HUNG, 8);
    SAME(CUBE_FAULT_OTHER, 9);
}

/* Public structs of robot.h that callers fill (SWIG-wrapped): growth only at the end. */
static void robot_structs_keep_their_version_1_sizes(void **unused) {
    (void)unused;
    SAME(CUBE_ROBOT_DESC_SIZE_V1, 32);
    SAME(offsetof(cube_robot_desc, camera), 32); /* V2 (1.2): the scan camera, appended */
    SAME(CUBE_ROBOT_DESC_SIZE_V2, 36);
    SAME(offsetof(cube_robot_desc, overlap_permille), 36); /* V3 (1.3): six-motor overlap, appended */
    SAME(CUBE_ROBOT_DESC_SIZE_V3, 40);
    SAME(sizeof(cube_robot_desc), 40);
    SAME(sizeof(cube_scan_frame), 20);
    SAME(CUBE_SCAN_FRAME_SIZE_V1, 20);
    SAME(CUBE_PLAN_OPTIONS_SIZE_V1, 8);
    SAME(offsetof(cube_plan_options, start_positions), 8);
    SAME(offsetof(cube_plan_options, start_position_count), 8 + P);
    SAME(offsetof(cube_plan_options, finish), 12 + P);
    SAME(CUBE_PLAN_OPTIONS_SIZE_V2, 16 + P);
    SAME(sizeof(cube_plan_options), 16 + P);
    SAME(sizeof(cube_action), 28);
    SAME(CUBE_ACTION_SIZE_V1, 28);
    SAME(offsetof(cube_robot_solve_options, cancel), 24);
    SAME(CUBE_ROBOT_SOLVE_OPTIONS_SIZE_V1, 24 + P);
    SAME(offsetof(cube_robot_solve_options, plan_ms), 24 + P); /* V2 (1.3): the work budget, appended */
    SAME(offsetof(cube_robot_solve_options, max_length), 28 + P);
    SAME(CUBE_ROBOT_SOLVE_OPTIONS_SIZE_V2, 32 + P);
    SAME(sizeof(cube_robot_solve_options), 32 + P);
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
    SAME(CUBE_PLAN_FINISH_REST, 0);
    SAME(CUBE_PLAN_FINISH_ANYWHERE, 1);
}

int main(void) {
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(driver_command_layout),
        cmocka_unit_test(driver_status_layout),
        cmocka_unit_test(driver_api_table_layout),
        cmocka_unit_test(driver_host_layout),
        cmocka_unit_test(driver_structs_layout),
        cmocka_unit_test(driver_enum_values),
        cmocka_unit_test(robot_structs_keep_their_version_1_sizes),
        cmocka_unit_test(robot_enum_values),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
