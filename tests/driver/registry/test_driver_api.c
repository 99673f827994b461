/* The public driver API on the recorder plugins, from C: listing devices, the log, prepare / rest / stop,
 * status, positions and faults, and the rules for bad input (statuses and messages, never a crash).
 * Usage: test_driver_api PLUGIN_FOLDER */
#include <cube/driver.h>

#include "../../core/test_util.h"

static const char *plugin_folder;

static cube_driver_registry *registry(void) {
    cube_driver_registry *r = NULL;
    assert_int_equal(cube_driver_registry_new(plugin_folder, &r), CUBE_OK);
    return r;
}

static int32_t index_of(const cube_driver_registry *r, const char *name) {
    for (int32_t i = 0; i < cube_driver_registry_count(r); ++i)
        if (strcmp(cube_driver_registry_name(r, i), name) == 0) return i;
    fail_msg("no driver %s", name);
    return -1;
}

static cube_driver *open_driver(const cube_driver_registry *r, const char *uri) {
    cube_driver *d = NULL;
    if (cube_driver_open(r, uri, &d) != CUBE_OK) print_error("%s\n", cube_last_error());
    assert_non_null(d);
    return d;
}

static const char *ask(cube_driver *d, const char *key) {
    static char answer[256];
    assert_int_equal(cube_driver_query(d, key, answer, sizeof answer, NULL), CUBE_OK);
    return answer;
}

/* ---- devices ---- */

typedef struct devices_seen {
    int32_t count;
    int32_t stop_after;
    char lines[4][160];
} devices_seen;

static int32_t keep_device(void *user_data, const cube_driver_device *device) {
    devices_seen *seen = user_data;
    assert_int_equal(device->struct_size, sizeof(cube_driver_device));
    if (seen->count < 4)
        snprintf(seen->lines[seen->count], sizeof seen->lines[0], "%d %s|%s|%s|%s", device->index, device->uri,
                 device->product, device->serial, device->detail);
    seen->count++;
    return seen->count == seen->stop_after;
}

static void lists_devices(void **unused) {
    (void)unused;
    cube_driver_registry *r = registry();
    devices_seen seen = {0, 0, {""}};
    assert_int_equal(cube_driver_registry_list_devices(r, index_of(r, "recorder-v2"), keep_device, &seen), CUBE_OK);
    assert_int_equal(seen.count, 2);
    assert_string_equal(seen.lines[0], "0 recorder-v2:port=1|Board|A1|firmware 1");
    assert_string_equal(seen.lines[1], "1 recorder-v2:port=2|||"); /* its struct_size ends after uri */
    devices_seen first = {0, 1, {""}};
    assert_int_equal(cube_driver_registry_list_devices(r, index_of(r, "recorder-v2"), keep_device, &first), CUBE_OK);
    assert_int_equal(first.count, 1);
    cube_clear_error();
    assert_fails_with(cube_driver_registry_list_devices(r, index_of(r, "recorder-v1"), keep_device, &seen),
                      CUBE_ERROR_UNSUPPORTED, "driver recorder-v1 cannot list devices");
    assert_refused(cube_driver_registry_list_devices(r, index_of(r, "recorder-v2"), NULL, &seen), "found is NULL");
    assert_refused(cube_driver_registry_list_devices(r, 99, keep_device, &seen), "driver 99");
    assert_refused(cube_driver_registry_list_devices(r, -1, keep_device, &seen), "driver -1");
    assert_refused(cube_driver_registry_list_devices(NULL, 0, keep_device, &seen), "registry is NULL");
    cube_driver_registry_free(r);
}

/* ---- log ---- */

typedef struct log_seen {
    int32_t count;
    char lines[8][128];
} log_seen;

static void keep_log(void *user_data, int32_t level, const char *driver, const char *message) {
    log_seen *seen = user_data;
    if (seen->count < 8) snprintf(seen->lines[seen->count], sizeof seen->lines[0], "%d %s: %s", level, driver, message);
    seen->count++;
}

static void log_gets_messages_up_to_its_level(void **unused) {
    (void)unused;
    cube_driver_registry *r = registry();
    log_seen seen = {0, {""}};
    assert_int_equal(cube_driver_registry_set_log(r, keep_log, &seen, CUBE_LOG_INFO), CUBE_OK);
    cube_driver *d = open_driver(r, "recorder-v2");
    assert_int_equal(seen.count, 2); /* the debug message is dropped */
    assert_string_equal(seen.lines[0], "1 recorder-v2: an error over two lines");
    assert_string_equal(seen.lines[1], "3 recorder-v2: opening");
    /* Messages of open drivers follow the registry's log; listing devices logs too. */
    assert_int_equal(cube_driver_registry_set_log(r, keep_log, &seen, CUBE_LOG_DEBUG), CUBE_OK);
    devices_seen devices = {0, 0, {""}};
    assert_int_equal(cube_driver_registry_list_devices(r, index_of(r, "recorder-v2"), keep_device, &devices), CUBE_OK);
    assert_int_equal(seen.count, 3);
    assert_string_equal(seen.lines[2], "3 recorder-v2: listing");
    cube_driver_close(d);
    assert_int_equal(cube_driver_registry_set_log(r, keep_log, &seen, 0), CUBE_OK); /* nothing */
    d = open_driver(r, "recorder-v2");
    cube_driver_close(d);
    assert_int_equal(cube_driver_registry_set_log(r, NULL, NULL, CUBE_LOG_DEBUG), CUBE_OK); /* nowhere */
    d = open_driver(r, "recorder-v2");
    cube_driver_close(d);
    assert_int_equal(seen.count, 3);
    assert_refused(cube_driver_registry_set_log(r, keep_log, &seen, 5), "max_level 5");
    assert_refused(cube_driver_registry_set_log(r, keep_log, &seen, -1), "max_level -1");
    assert_refused(cube_driver_registry_set_log(NULL, keep_log, &seen, 1), "registry is NULL");
    cube_driver_registry_free(r);
}

/* ---- open, lifecycle ---- */

static void open_refusals(void **unused) {
    (void)unused;
    cube_driver_registry *r = registry();
    cube_driver *d = (cube_driver *)r; /* must be cleared */
    cube_clear_error();
    assert_fails_with(cube_driver_open(r, "recorder-v2:refuse", &d), CUBE_ERROR_IO, "refused on purpose");
    assert_null(d);
    assert_fails_with(cube_driver_open(r, "recorder-v1:refuse", &d), CUBE_ERROR_IO, "refused on purpose");
    assert_fails_with(cube_driver_open(r, "nothing", &d), CUBE_ERROR_NOT_FOUND, "recorder-v1");
    assert_refused(cube_driver_open(r, NULL, &d), "uri is NULL");
    assert_refused(cube_driver_open(r, "sim", NULL), "out pointer is NULL");
    assert_refused(cube_driver_open(NULL, "sim", &d), "registry is NULL");
    cube_driver_close(NULL);
    cube_driver_registry_free(r);
}

static void prepare_rest_and_stop_reach_the_plugin(void **unused) {
    (void)unused;
    cube_driver_registry *r = registry();
    cube_driver *d = open_driver(r, "recorder-v2");
    assert_int_equal(cube_driver_prepare(d), CUBE_OK);
    assert_string_equal(ask(d, "calls"), "prepare=1 rest=0 stop=0 level=0");
    /* Rest confirms the positions (prepare), finds the six-motor robot at rest, then calls rest. */
    assert_int_equal(cube_driver_rest(d), CUBE_OK);
    assert_int_equal(cube_driver_stop(d, CUBE_STOP_HALT), CUBE_OK);
    assert_string_equal(ask(d, "calls"), "prepare=2 rest=1 stop=1 level=1");
    assert_int_equal(cube_driver_stop(d, CUBE_STOP_DEENERGIZE), CUBE_OK);
    assert_string_equal(ask(d, "calls"), "prepare=2 rest=1 stop=2 level=2");
    assert_refused(cube_driver_stop(d, 0), "stop level 0");
    assert_refused(cube_driver_stop(d, 3), "stop level 3");
    assert_refused(cube_driver_stop(NULL, CUBE_STOP_HALT), "driver is NULL");
    assert_refused(cube_driver_prepare(NULL), "driver is NULL");
    assert_refused(cube_driver_rest(NULL), "driver is NULL");
    cube_driver_close(d);
    /* A version-1 plugin has neither: both succeed doing nothing. */
    d = open_driver(r, "recorder-v1");
    assert_int_equal(cube_driver_prepare(d), CUBE_OK);
    assert_int_equal(cube_driver_rest(d), CUBE_OK);
    assert_int_equal(cube_driver_stop(d, CUBE_STOP_HALT), CUBE_OK);
    assert_string_equal(ask(d, "stops"), "1");
    cube_driver_close(d);
    cube_driver_registry_free(r);
}

static void query_and_configure_refusals(void **unused) {
    (void)unused;
    cube_driver_registry *r = registry();
    cube_driver *d = open_driver(r, "recorder-v2");
    char buffer[8];
    int32_t length = -1;
    assert_refused(cube_driver_query(d, "calls", NULL, 5, &length), "buffer NULL with capacity 5");
    assert_refused(cube_driver_query(d, "calls", buffer, -1, &length), "capacity -1");
    assert_refused(cube_driver_query(d, NULL, buffer, sizeof buffer, &length), "key is NULL");
    assert_int_equal(cube_driver_query(d, "calls", buffer, sizeof buffer, &length), CUBE_ERROR_BUFFER_TOO_SMALL);
    assert_int_equal(length, 31); /* "prepare=0 rest=0 stop=0 level=0" */
    assert_fails_with(cube_driver_query(d, "unknown", buffer, sizeof buffer, NULL), CUBE_ERROR_UNSUPPORTED, "unknown");
    assert_refused(cube_driver_configure(d, NULL, "x"), "key or value is NULL");
    assert_refused(cube_driver_configure(d, "robot", NULL), "key or value is NULL");
    assert_fails_with(cube_driver_configure(d, "unknown", "1"), CUBE_ERROR_UNSUPPORTED, "unknown");
    cube_driver_close(d);
    cube_driver_registry_free(r);
}

/* ---- status, positions, faults ---- */

static void status_and_its_rules(void **unused) {
    (void)unused;
    cube_driver_registry *r = registry();
    cube_driver *d = open_driver(r, "recorder-v2");
    cube_driver_status status;
    assert_int_equal(cube_driver_status_init(&status), CUBE_OK);
    assert_int_equal(status.struct_size, CUBE_DRIVER_STATUS_SIZE_V1);
    assert_int_equal(cube_driver_get_status(d, &status), CUBE_OK);
    assert_int_equal(status.state, CUBE_DRIVER_IDLE);
    assert_int_equal(status.commands_done, 0);
    assert_int_equal(cube_driver_stop(d, CUBE_STOP_HALT), CUBE_OK);
    assert_int_equal(cube_driver_get_status(d, &status), CUBE_OK);
    assert_int_equal(status.state, CUBE_DRIVER_STOPPED);
    assert_refused(cube_driver_status_init_sized(&status, 4), "struct_size is 4");
    assert_refused(cube_driver_status_init_sized(NULL, sizeof status), "cube_driver_status pointer is NULL");
    status.struct_size = 4;
    assert_refused(cube_driver_get_status(d, &status), "status->struct_size is 4");
    assert_refused(cube_driver_get_status(d, NULL), "status is NULL");
    assert_int_equal(cube_driver_status_init(&status), CUBE_OK);
    assert_refused(cube_driver_get_status(NULL, &status), "driver is NULL");
    cube_driver_close(d);
    cube_driver_registry_free(r);
}

static void positions_and_their_rules(void **unused) {
    (void)unused;
    cube_driver_registry *r = registry();
    cube_driver *d = open_driver(r, "recorder-v2");
    int32_t positions[8] = {9, 9, 9, 9, 9, 9, 9, 9};
    int32_t count = -1;
    assert_int_equal(cube_driver_positions(d, positions, 8, &count), CUBE_OK);
    assert_int_equal(count, 6);
    assert_int_equal(positions[0], 0);
    assert_int_equal(positions[5], 0);
    assert_int_equal(positions[6], 9); /* untouched past the count */
    assert_int_equal(cube_driver_positions(d, positions, 6, NULL), CUBE_OK);
    count = -1;
    cube_clear_error();
    assert_fails_with(cube_driver_positions(d, positions, 5, &count), CUBE_ERROR_BUFFER_TOO_SMALL, "room for 5");
    assert_int_equal(count, 6);
    assert_int_equal(cube_driver_positions(d, NULL, 0, &count), CUBE_ERROR_BUFFER_TOO_SMALL);
    assert_int_equal(count, 6);
    assert_refused(cube_driver_positions(d, NULL, 6, &count), "positions is NULL but capacity is 6");
    assert_refused(cube_driver_positions(d, positions, -1, &count), "capacity -1 is negative");
    assert_int_equal(count, 0);
    assert_refused(cube_driver_positions(NULL, positions, 8, &count), "driver is NULL");
    cube_driver_close(d);
    cube_driver_registry_free(r);
}

static void faults_and_their_rules(void **unused) {
    (void)unused;
    cube_driver_registry *r = registry();
    cube_driver *d = open_driver(r, "recorder-v2");
    cube_driver_fault fault;
    assert_int_equal(cube_driver_fault_init(&fault), CUBE_OK);
    assert_int_equal(fault.struct_size, CUBE_DRIVER_FAULT_SIZE_V1);
    assert_int_equal(cube_driver_get_fault(d, &fault), CUBE_OK);
    assert_int_equal(fault.code, CUBE_FAULT_NONE);
    assert_int_equal(fault.status, CUBE_OK);
    assert_int_equal(fault.actuator, -1);
    assert_int_equal(fault.action_index, -1);
    assert_int_equal(fault.positions_known, 1);
    assert_string_equal(fault.text, "");
    assert_refused(cube_driver_fault_init_sized(&fault, 8), "struct_size is 8");
    assert_refused(cube_driver_fault_init_sized(NULL, sizeof fault), "pointer is NULL");
    fault.struct_size = 8;
    assert_refused(cube_driver_get_fault(d, &fault), "fault->struct_size is 8");
    assert_refused(cube_driver_get_fault(d, NULL), "fault is NULL");
    assert_int_equal(cube_driver_fault_init(&fault), CUBE_OK);
    assert_refused(cube_driver_get_fault(NULL, &fault), "driver is NULL");
    cube_driver_close(d);
    cube_driver_registry_free(r);
}

static void fault_names(void **unused) {
    (void)unused;
    assert_string_equal(cube_fault_name(CUBE_FAULT_NONE), "CUBE_FAULT_NONE");
    assert_string_equal(cube_fault_name(CUBE_FAULT_DEVICE), "CUBE_FAULT_DEVICE");
    assert_string_equal(cube_fault_name(CUBE_FAULT_TIMEOUT), "CUBE_FAULT_TIMEOUT");
    assert_string_equal(cube_fault_name(CUBE_FAULT_MISMATCH), "CUBE_FAULT_MISMATCH");
    assert_string_equal(cube_fault_name(CUBE_FAULT_HUNG), "CUBE_FAULT_HUNG");
    assert_string_equal(cube_fault_name(CUBE_FAULT_OTHER), "CUBE_FAULT_OTHER");
    assert_string_equal(cube_fault_name(-1), "CUBE_FAULT_UNKNOWN");
    assert_string_equal(cube_fault_name(CUBE_FAULT_OTHER + 1), "CUBE_FAULT_UNKNOWN");
}

int main(int argc, char **argv) {
    if (argc < 2) {
        fprintf(stderr, "usage: test_driver_api PLUGIN_FOLDER\n");
        return 2;
    }
    plugin_folder = argv[1];
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(lists_devices),
        cmocka_unit_test(log_gets_messages_up_to_its_level),
        cmocka_unit_test(open_refusals),
        cmocka_unit_test(prepare_rest_and_stop_reach_the_plugin),
        cmocka_unit_test(query_and_configure_refusals),
        cmocka_unit_test(status_and_its_rules),
        cmocka_unit_test(positions_and_their_rules),
        cmocka_unit_test(faults_and_their_rules),
        cmocka_unit_test(fault_names),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
