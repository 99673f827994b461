/* The driver plugin ABI: sizes, offsets and enum values that plugins and callers are built against.
 * abidiff cannot see these (structs handed to plugins, enum values behind int32_t), so they are
 * checked here. Version 2 only appends to version 1; changing any published value needs a new
 * CUBE_DRIVER_ABI_VERSION. Values for LP64. */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <cmocka.h>

#include <cube/driver_plugin.h>

#define SAME(a, b) assert_int_equal((a), (b))

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
    SAME(CUBE_DRIVER_API_SIZE_V1, 120);
    SAME(offsetof(cube_driver_api, open_host), 120);
    SAME(offsetof(cube_driver_api, execute_steps), 128);
    SAME(offsetof(cube_driver_api, stop_level), 136);
    SAME(offsetof(cube_driver_api, prepare), 144);
    SAME(offsetof(cube_driver_api, rest), 152);
    SAME(offsetof(cube_driver_api, fault), 160);
    SAME(offsetof(cube_driver_api, margin_us), 168);
    SAME(offsetof(cube_driver_api, list_devices), 176);
    SAME(CUBE_DRIVER_API_SIZE_V2, 184);
    SAME(sizeof(cube_driver_api), 184);
}

static void driver_host_layout(void **unused) {
    (void)unused;
    SAME(offsetof(cube_driver_host, abi_version), 4);
    SAME(offsetof(cube_driver_host, context), 8);
    SAME(offsetof(cube_driver_host, log), 16);
    SAME(offsetof(cube_driver_host, robot_parse), 24);
    SAME(offsetof(cube_driver_host, robot_free), 32);
    SAME(offsetof(cube_driver_host, robot_actuator_count), 40);
    SAME(offsetof(cube_driver_host, robot_actuator_name), 48);
    SAME(offsetof(cube_driver_host, robot_rest_positions), 56);
    SAME(offsetof(cube_driver_host, robot_step), 64);
    SAME(offsetof(cube_driver_host, last_error), 72);
    SAME(offsetof(cube_driver_host, config_load), 80);
    SAME(offsetof(cube_driver_host, config_parse), 88);
    SAME(offsetof(cube_driver_host, config_set), 96);
    SAME(offsetof(cube_driver_host, config_get), 104);
    SAME(offsetof(cube_driver_host, config_get_int), 112);
    SAME(offsetof(cube_driver_host, config_section_count), 120);
    SAME(offsetof(cube_driver_host, config_section_name), 128);
    SAME(offsetof(cube_driver_host, config_free), 136);
    SAME(CUBE_DRIVER_HOST_SIZE_V1, 144);
    SAME(offsetof(cube_driver_host, timeline_new), 144);
    SAME(offsetof(cube_driver_host, timeline_launch), 152);
    SAME(offsetof(cube_driver_host, timeline_free), 160);
    SAME(CUBE_DRIVER_HOST_SIZE_V2, 168);
    SAME(sizeof(cube_driver_host), 168);
}

/* Structs of driver.h that callers fill (SWIG-wrapped): growth only at the end. */
static void driver_structs_layout(void **unused) {
    (void)unused;
    SAME(offsetof(cube_driver_device, index), 4);
    SAME(offsetof(cube_driver_device, uri), 8);
    SAME(offsetof(cube_driver_device, product), 16);
    SAME(offsetof(cube_driver_device, serial), 24);
    SAME(offsetof(cube_driver_device, detail), 32);
    SAME(CUBE_DRIVER_DEVICE_SIZE_V1, 40);
    SAME(sizeof(cube_driver_device), 40);
    SAME(offsetof(cube_driver_fault, code), 4);
    SAME(offsetof(cube_driver_fault, status), 8);
    SAME(offsetof(cube_driver_fault, actuator), 12);
    SAME(offsetof(cube_driver_fault, action_index), 16);
    SAME(offsetof(cube_driver_fault, device_bits), 20);
    SAME(offsetof(cube_driver_fault, positions_known), 24);
    SAME(offsetof(cube_driver_fault, stop_level), 28);
    SAME(offsetof(cube_driver_fault, text), 32);
    SAME(CUBE_DRIVER_FAULT_SIZE_V1, 40);
    SAME(sizeof(cube_driver_fault), 40);
    SAME(offsetof(cube_run_options, resume), 4);
    SAME(offsetof(cube_run_options, progress), 8);
    SAME(offsetof(cube_run_options, user_data), 16);
    SAME(offsetof(cube_run_options, cancel), 24);
    SAME(offsetof(cube_run_options, stop_level), 32);
    SAME(offsetof(cube_run_options, margin_ms), 36);
    SAME(CUBE_RUN_OPTIONS_SIZE_V1, 40);
    SAME(sizeof(cube_run_options), 40);
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
    SAME(offsetof(cube_plan_options, start_position_count), 16);
    SAME(offsetof(cube_plan_options, finish), 20);
    SAME(CUBE_PLAN_OPTIONS_SIZE_V2, 24);
    SAME(sizeof(cube_plan_options), 24);
    SAME(sizeof(cube_action), 28);
    SAME(CUBE_ACTION_SIZE_V1, 28);
    SAME(offsetof(cube_robot_solve_options, cancel), 24);
    SAME(CUBE_ROBOT_SOLVE_OPTIONS_SIZE_V1, 32);
    SAME(offsetof(cube_robot_solve_options, plan_ms), 32); /* V2 (1.3): the work budget, appended */
    SAME(offsetof(cube_robot_solve_options, max_length), 36);
    SAME(CUBE_ROBOT_SOLVE_OPTIONS_SIZE_V2, 40);
    SAME(sizeof(cube_robot_solve_options), 40);
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
