// The registry and the calls into plugin tables: refused plugins and why, a version-1 plugin (built
// against the libcube 1.0 header) that receives version-1 command arrays, a version-2 plugin that
// receives pointers and levels, faults recorded from both, a hung driver, and the host services.
// Usage: test_registry PLUGIN_FOLDER
#include <cube/driver_plugin.h>

#include <cstring>
#include <string>
#include <vector>

#include "driver/calls.hpp"
#include "driver/driver_handles.hpp"
#include "driver/faults.hpp"

#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
extern "C" {
#include <cmocka.h>
}

namespace {

std::string plugin_folder;

cube_driver_registry *registry() {
    cube_driver_registry *r = nullptr;
    assert_int_equal(cube_driver_registry_new(plugin_folder.c_str(), &r), CUBE_OK);
    return r;
}

cube_driver *open_driver(cube_driver_registry *r, const char *uri) {
    cube_driver *d = nullptr;
    if (cube_driver_open(r, uri, &d) != CUBE_OK) print_error("%s\n", cube_last_error());
    assert_non_null(d);
    return d;
}

std::string ask(cube_driver *d, const char *key) {
    char answer[512] = "";
    if (cube_driver_query(d, key, answer, sizeof answer, nullptr) != CUBE_OK) print_error("%s\n", cube_last_error());
    return answer;
}

bool has_problem(cube_driver_registry *r, const char *file, const char *why) {
    for (int32_t i = 0; i < cube_driver_registry_problem_count(r); ++i) {
        std::string p = cube_driver_registry_problem(r, i);
        if (p.find(file) != std::string::npos && p.find(why) != std::string::npos) return true;
    }
    print_error("no problem names %s with \"%s\"\n", file, why);
    return false;
}

int32_t index_of(cube_driver_registry *r, const char *name) {
    for (int32_t i = 0; i < cube_driver_registry_count(r); ++i)
        if (std::strcmp(cube_driver_registry_name(r, i), name) == 0) return i;
    return -1;
}

// Two commands of one step, as the executor builds them (version 2, 32 bytes each).
std::vector<cube_driver_command> two_commands() {
    return {cube_driver_command{sizeof(cube_driver_command), 0, CUBE_ACTION_TURN, 1, 100, 0, 5, 0},
            cube_driver_command{sizeof(cube_driver_command), 3, CUBE_ACTION_TURN, -1, 200, 0, 6, 1}};
}

void refused_plugins_say_why(void **) {
    cube_driver_registry *r = registry();
    assert_true(has_problem(r, "cube-driver-bad_abi.so", "driver ABI version 99, this libcube accepts 1 to 2"));
    assert_true(has_problem(r, "cube-driver-abi_zero.so", "driver ABI version 0, this libcube accepts 1 to 2"));
    assert_true(has_problem(r, "cube-driver-small_table.so", "smaller than version 2's"));
    assert_true(has_problem(r, "cube-driver-no_execute.so", "lacks the function execute (or execute_steps)"));
    assert_true(has_problem(r, "cube-driver-incomplete.so", "lacks the function open (or open_host)"));
    assert_true(has_problem(r, "cube-driver-no_entry.so", "does not export cube_driver_entry"));
    assert_int_equal(cube_driver_registry_problem_count(r), 6);
    // The flawless build of the same table, and both recorders, load.
    assert_true(index_of(r, "flawed") > 0);
    int32_t v1 = index_of(r, "recorder-v1");
    assert_true(v1 > 0);
    assert_true(std::string(cube_driver_registry_path(r, v1)).find("cube-driver-recorder-v1.so") != std::string::npos);
    assert_string_equal(cube_driver_registry_description(r, v1), "records what a version-1 plugin receives");
    assert_true(index_of(r, "recorder-v2") > 0);
    cube_driver_registry_free(r);
}

void version_1_table_keeps_later_fields_zero(void **) {
    cube_driver_registry *r = registry();
    const int32_t v1 = index_of(r, "recorder-v1");
    assert_true(v1 > 0);
    const lc::driver::Entry &e = r->reg.entries[size_t(v1)];
    assert_int_equal(e.api.abi_version, 1);
    assert_null(e.api.open_host);
    assert_null(e.api.execute_steps);
    assert_null(e.api.stop_level);
    assert_null(e.api.list_devices);
    cube_driver_registry_free(r);
}

void version_1_plugin_receives_version_1_commands(void **) {
    cube_driver_registry *r = registry();
    cube_driver *d = open_driver(r, "recorder-v1");
    std::vector<cube_driver_command> cmds = two_commands();
    assert_int_equal(lc::driver::call_execute(d->entry, d->instance, cmds.data(), 2), CUBE_OK);
    // 24-byte commands in a 24-byte stride: the second one reads right.
    assert_string_equal(ask(d, "last").c_str(), "2;24,0,1,1,100,0;24,3,1,-1,200,0");
    assert_int_equal(lc::driver::call_execute(d->entry, d->instance, cmds.data(), 0), CUBE_ERROR_INTERNAL);
    assert_int_equal(lc::driver::call_execute(d->entry, d->instance, cmds.data(), 4), CUBE_ERROR_INTERNAL);
    // stop() without a level; the optional functions do their defaults.
    assert_int_equal(lc::driver::call_stop(d->entry, d->instance, CUBE_STOP_HALT), CUBE_OK);
    assert_string_equal(ask(d, "stops").c_str(), "1");
    assert_int_equal(lc::driver::call_prepare(d->entry, d->instance), CUBE_OK);
    assert_int_equal(lc::driver::call_rest(d->entry, d->instance), CUBE_OK);
    cube_driver_fault f{};
    f.struct_size = sizeof f;
    assert_false(lc::driver::call_fault(d->entry, d->instance, f));
    assert_int_equal(lc::driver::call_margin_us(d->entry, d->instance), -1);
    cube_driver_close(d);
    cube_driver_registry_free(r);
}

void version_2_plugin_receives_pointers_and_levels(void **) {
    cube_driver_registry *r = registry();
    cube_driver *d = open_driver(r, "recorder-v2");
    std::vector<cube_driver_command> cmds = two_commands();
    assert_int_equal(lc::driver::call_execute(d->entry, d->instance, cmds.data(), 2), CUBE_OK);
    assert_string_equal(ask(d, "last").c_str(), "2;32,0,1,1,100,0,5,0;32,3,1,-1,200,0,6,1");
    assert_int_equal(lc::driver::call_stop(d->entry, d->instance, CUBE_STOP_DEENERGIZE), CUBE_OK);
    assert_int_equal(lc::driver::call_prepare(d->entry, d->instance), CUBE_OK);
    assert_int_equal(lc::driver::call_rest(d->entry, d->instance), CUBE_OK);
    assert_string_equal(ask(d, "calls").c_str(), "prepare=1 rest=1 stop=1 level=2");
    assert_int_equal(lc::driver::call_margin_us(d->entry, d->instance), 60000000);  // 99 s asked, 60 s at most
    cube_driver_close(d);
    cube_driver_registry_free(r);
}

void plugin_uses_host_services(void **) {
    cube_driver_registry *r = registry();
    cube_driver *d = open_driver(r, "recorder-v2");
    assert_string_equal(ask(d, "host").c_str(), "abi=2 count=6 first=U step=1 port=/dev/null");
    cube_driver_close(d);
    cube_driver_registry_free(r);
}

void fault_from_the_plugins_record(void **) {
    cube_driver_registry *r = registry();
    cube_driver *d = open_driver(r, "recorder-v2");
    std::vector<cube_driver_command> cmds = two_commands();
    assert_int_equal(cube_driver_configure(d, "fail", "1"), CUBE_OK);
    int32_t s = lc::driver::call_execute(d->entry, d->instance, cmds.data(), 1);
    assert_int_equal(s, CUBE_ERROR_IO);
    lc::driver::record_fault(d, CUBE_FAULT_OTHER, s, 4, CUBE_STOP_HALT);
    cube_driver_fault f;
    assert_int_equal(cube_driver_fault_init(&f), CUBE_OK);
    assert_int_equal(cube_driver_get_fault(d, &f), CUBE_OK);
    assert_int_equal(f.code, CUBE_FAULT_DEVICE);  // the plugin's code wins over the fallback
    assert_int_equal(f.status, CUBE_ERROR_IO);
    assert_int_equal(f.actuator, 1);
    assert_int_equal(f.action_index, 4);
    assert_int_equal(f.device_bits, 0x40);
    assert_int_equal(f.positions_known, 0);
    assert_int_equal(f.stop_level, CUBE_STOP_HALT);
    assert_string_equal(f.text, "motor R stalled");
    lc::driver::clear_fault(d);
    assert_int_equal(cube_driver_get_fault(d, &f), CUBE_OK);
    assert_int_equal(f.code, CUBE_FAULT_NONE);
    assert_string_equal(f.text, "");
    cube_driver_close(d);
    cube_driver_registry_free(r);
}

void fault_of_a_plugin_without_records(void **) {
    cube_driver_registry *r = registry();
    cube_driver *d = open_driver(r, "recorder-v1");
    cube_driver_command bad{sizeof(cube_driver_command), 0, 99, 0, 100, 0, -1, 0};
    int32_t s = lc::driver::call_execute(d->entry, d->instance, &bad, 1);
    assert_int_equal(s, CUBE_ERROR_IO);
    lc::driver::record_fault(d, CUBE_FAULT_REFUSED, s, 0, 0);
    assert_int_equal(d->fault.code, CUBE_FAULT_REFUSED);
    assert_string_equal(d->fault.text.c_str(), "kind 99 refused");
    assert_int_equal(d->fault.positions_known, 1);  // position() still answers for every actuator
    assert_int_equal(d->fault.actuator, -1);
    lc::driver::record_host_fault(d, CUBE_FAULT_TIMEOUT, CUBE_ERROR_TIMEOUT, "step took too long", 2, 1, false);
    cube_driver_fault f;
    assert_int_equal(cube_driver_fault_init(&f), CUBE_OK);
    assert_int_equal(cube_driver_get_fault(d, &f), CUBE_OK);
    assert_int_equal(f.code, CUBE_FAULT_TIMEOUT);
    assert_int_equal(f.status, CUBE_ERROR_TIMEOUT);
    assert_int_equal(f.positions_known, 0);
    assert_string_equal(f.text, "step took too long");
    cube_driver_close(d);
    cube_driver_registry_free(r);
}

void hung_driver_is_not_called_and_abandoned(void **) {
    cube_driver_registry *r = registry();
    cube_driver *d = open_driver(r, "recorder-v2");
    d->hung = true;
    lc::driver::record_fault(d, CUBE_FAULT_HUNG, CUBE_ERROR_TIMEOUT, 3, CUBE_STOP_HALT);
    assert_int_equal(d->fault.code, CUBE_FAULT_HUNG);
    assert_int_equal(d->fault.positions_known, 0);
    char buffer[64];
    int32_t positions[6];
    cube_driver_status status;
    assert_int_equal(cube_driver_status_init(&status), CUBE_OK);
    assert_int_equal(cube_driver_query(d, "calls", buffer, sizeof buffer, nullptr), CUBE_ERROR_IO);
    assert_non_null(std::strstr(cube_last_error(), "driver recorder-v2 hung"));
    assert_int_equal(cube_driver_configure(d, "robot", "six-motor"), CUBE_ERROR_IO);
    assert_int_equal(cube_driver_prepare(d), CUBE_ERROR_IO);
    assert_int_equal(cube_driver_rest(d), CUBE_ERROR_IO);
    assert_int_equal(cube_driver_stop(d, CUBE_STOP_HALT), CUBE_ERROR_IO);
    assert_int_equal(cube_driver_get_status(d, &status), CUBE_ERROR_IO);
    assert_int_equal(cube_driver_positions(d, positions, 6, nullptr), CUBE_ERROR_IO);
    assert_null(cube_driver_robot_spec(d));
    // What the host knows still answers.
    assert_string_equal(cube_driver_name(d), "recorder-v2");
    cube_driver_fault f;
    assert_int_equal(cube_driver_fault_init(&f), CUBE_OK);
    assert_int_equal(cube_driver_get_fault(d, &f), CUBE_OK);
    assert_int_equal(f.code, CUBE_FAULT_HUNG);
    // Close abandons it: the plugin is not called, the handle is no longer valid.
    cube_driver_close(d);
    assert_int_equal(d->tag.magic, 0u);
    assert_null(cube_driver_name(d));
    cube_driver_registry_free(r);
    assert_int_equal(d->instance != nullptr, 1);  // the plugin never closed it
    d->entry.api.close(d->instance);               // only so that leak checkers stay quiet
    delete d;
}

// A log that keeps the messages it gets, one "level driver: message" line each.
void keep_line(void *user_data, int32_t level, const char *driver, const char *message) {
    static_cast<std::vector<std::string> *>(user_data)->push_back(std::to_string(level) + " " + driver + ": " +
                                                                  message);
}

void host_table_forwards_and_logs(void **) {
    auto sink = std::make_shared<lc::driver::LogSink>();
    std::vector<std::string> lines;
    sink->fn = keep_line;
    sink->user_data = &lines;
    sink->max_level = CUBE_LOG_INFO;
    auto host = lc::driver::make_host("tester", sink);
    const cube_driver_host &h = host->table;
    assert_int_equal(h.struct_size, sizeof(cube_driver_host));
    assert_int_equal(h.abi_version, CUBE_DRIVER_ABI_VERSION);
    assert_ptr_equal(h.last_error, cube_last_error);
    assert_ptr_equal(h.robot_parse, cube_robot_parse);
    h.log(h.context, CUBE_LOG_WARNING, "two\nlines");
    h.log(h.context, CUBE_LOG_DEBUG, "dropped");
    h.log(h.context, 99, "dropped as debug");
    h.log(h.context, -5, "kept as an error");
    h.log(h.context, CUBE_LOG_INFO, nullptr);
    assert_int_equal(lines.size(), 2);
    assert_string_equal(lines[0].c_str(), "2 tester: two lines");
    assert_string_equal(lines[1].c_str(), "1 tester: kept as an error");
    // No sink: messages go nowhere.
    auto quiet = lc::driver::make_host("quiet", nullptr);
    quiet->table.log(quiet->table.context, CUBE_LOG_ERROR, "nobody listens");
}

void host_robot_step(void **) {
    auto host = lc::driver::make_host("tester", nullptr);
    const cube_driver_host &h = host->table;
    cube_robot *robot = nullptr;
    assert_int_equal(h.robot_parse("six-motor", &robot), CUBE_OK);
    int32_t at[6] = {0, 0, 0, 0, 0, 0}, next[6] = {9, 9, 9, 9, 9, 9};
    char facelets[] = "UUUUUUUUURRRRRRRRRFFFFFFFFFDDDDDDDDDLLLLLLLLLBBBBBBBBB";
    // A version-1 command (its struct_size covers only the first fields) and a version-2 one.
    cube_driver_command u{CUBE_DRIVER_COMMAND_SIZE_V1, 0, CUBE_ACTION_TURN, 1, 0, 0, 0, 0};
    cube_driver_command d{sizeof(cube_driver_command), 3, CUBE_ACTION_TURN, 2, 0, 0, 0, 0};
    const cube_driver_command *step[2] = {&u, &d};
    assert_int_equal(h.robot_step(robot, at, step, 2, next, facelets), CUBE_OK);
    assert_int_equal(next[0], 1);
    assert_int_equal(next[3], 2);
    assert_int_equal(next[1], 0);
    assert_string_not_equal(facelets, "UUUUUUUUURRRRRRRRRFFFFFFFFFDDDDDDDDDLLLLLLLLLBBBBBBBBB");
    assert_memory_equal(facelets, "UUUUUUUUU", 9);  // U and D turns keep the U face

    cube_driver_command small = u, far = u, odd = u, huge = u;
    small.struct_size = 8;
    far.actuator = 6;
    odd.kind = 9;
    huge.param = 300;
    struct {
        const cube_driver_command *cmd;
        const char *why;
    } bad[] = {{&small, "struct_size 8"}, {&far, "actuator 6 of 6"}, {&odd, "kind 9"}, {&huge, "param 300"},
               {nullptr, "command 0 is NULL"}};
    for (const auto &b : bad) {
        const cube_driver_command *one[1] = {b.cmd};
        assert_int_equal(h.robot_step(robot, at, one, 1, next, nullptr), CUBE_ERROR_INVALID_ARGUMENT);
        if (!std::strstr(h.last_error(), b.why)) print_error("\"%s\" lacks \"%s\"\n", h.last_error(), b.why);
        assert_non_null(std::strstr(h.last_error(), b.why));
    }
    assert_int_equal(h.robot_step(robot, at, step, 0, next, nullptr), CUBE_ERROR_INVALID_ARGUMENT);
    assert_int_equal(h.robot_step(robot, at, step, 4, next, nullptr), CUBE_ERROR_INVALID_ARGUMENT);
    assert_int_equal(h.robot_step(robot, nullptr, step, 1, next, nullptr), CUBE_ERROR_INVALID_ARGUMENT);
    assert_int_equal(h.robot_step(robot, at, nullptr, 1, next, nullptr), CUBE_ERROR_INVALID_ARGUMENT);
    assert_int_equal(h.robot_step(robot, at, step, 1, nullptr, nullptr), CUBE_ERROR_INVALID_ARGUMENT);
    assert_int_equal(h.robot_step(nullptr, at, step, 1, next, nullptr), CUBE_ERROR_INVALID_ARGUMENT);
    char short_cube[] = "UUU";
    assert_int_equal(h.robot_step(robot, at, step, 1, next, short_cube), CUBE_ERROR_INVALID_ARGUMENT);
    // The physics refuses what the robot cannot do: a six-motor robot has no grip.
    cube_driver_command grip{sizeof(cube_driver_command), 0, CUBE_ACTION_GRIP, 1, 0, 0, 0, 0};
    const cube_driver_command *grip_step[1] = {&grip};
    assert_int_equal(h.robot_step(robot, at, grip_step, 1, next, nullptr), CUBE_ERROR_INVALID_ARGUMENT);
    h.robot_free(robot);
}

// The timeline services: the planner's rules for launches, a tolerance for late clock reads, bad input.
void host_timeline(void **) {
    auto host = lc::driver::make_host("tester", nullptr);
    const cube_driver_host &h = host->table;
    assert_true(h.struct_size >= CUBE_DRIVER_HOST_SIZE_V2);
    cube_robot *robot = nullptr;
    assert_int_equal(h.robot_parse("six-motor,overlap=0.3", &robot), CUBE_OK);
    const int32_t at[6] = {0, 0, 0, 0, 0, 0};
    cube_driver_timeline *t = nullptr;
    assert_int_equal(h.timeline_new(robot, at, &t), CUBE_OK);
    cube_driver_command u{sizeof(cube_driver_command), 0, CUBE_ACTION_TURN, 1, 100000, 0, 0, 0};
    cube_driver_command r{sizeof(cube_driver_command), 1, CUBE_ACTION_TURN, 1, 100000, 0, 1, 1};
    cube_driver_command u2{sizeof(cube_driver_command), 0, CUBE_ACTION_TURN, 1, 100000, 0, 2, 2};
    const cube_driver_command *step_u[1] = {&u};
    const cube_driver_command *step_r[1] = {&r};
    const cube_driver_command *step_u2[1] = {&u2};
    assert_int_equal(h.timeline_launch(t, 0, 0, step_u, 1), CUBE_OK);
    // R is adjacent to U: not before U has done 70% of its time (70 ms), unless the start was read late.
    assert_int_equal(h.timeline_launch(t, 69000, 0, step_r, 1), CUBE_ERROR_INVALID_ARGUMENT);
    assert_non_null(std::strstr(h.last_error(), "70% of its time"));
    assert_int_equal(h.timeline_launch(t, 69000, 1000, step_r, 1), CUBE_OK);
    // U is busy until 100 ms; then it waits for 70% of R (69 + 70 ms).
    assert_int_equal(h.timeline_launch(t, 90000, 0, step_u2, 1), CUBE_ERROR_INVALID_ARGUMENT);
    assert_non_null(std::strstr(h.last_error(), "still busy"));
    assert_int_equal(h.timeline_launch(t, 100000, 0, step_u2, 1), CUBE_ERROR_INVALID_ARGUMENT);
    assert_int_equal(h.timeline_launch(t, 139000, 0, step_u2, 1), CUBE_OK);
    // Bad input.
    assert_int_equal(h.timeline_launch(t, 200000, -1, step_u, 1), CUBE_ERROR_INVALID_ARGUMENT);
    assert_int_equal(h.timeline_launch(t, 200000, 0, step_u, 0), CUBE_ERROR_INVALID_ARGUMENT);
    assert_int_equal(h.timeline_launch(t, 200000, 0, nullptr, 1), CUBE_ERROR_INVALID_ARGUMENT);
    assert_int_equal(h.timeline_launch(nullptr, 200000, 0, step_u, 1), CUBE_ERROR_INVALID_ARGUMENT);
    h.timeline_free(t);
    cube_driver_timeline *none = t;
    assert_int_equal(h.timeline_new(robot, nullptr, &none), CUBE_ERROR_INVALID_ARGUMENT);
    assert_null(none);  // a failed timeline_new clears its out
    assert_int_equal(h.timeline_new(nullptr, at, &none), CUBE_ERROR_INVALID_ARGUMENT);
    assert_int_equal(h.timeline_new(robot, at, nullptr), CUBE_ERROR_INVALID_ARGUMENT);
    h.timeline_free(nullptr);
    h.robot_free(robot);
}

}  // namespace

int main(int argc, char **argv) {
    if (argc < 2) {
        print_error("usage: test_registry PLUGIN_FOLDER\n");
        return 2;
    }
    plugin_folder = argv[1];
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(refused_plugins_say_why),
        cmocka_unit_test(version_1_table_keeps_later_fields_zero),
        cmocka_unit_test(version_1_plugin_receives_version_1_commands),
        cmocka_unit_test(version_2_plugin_receives_pointers_and_levels),
        cmocka_unit_test(plugin_uses_host_services),
        cmocka_unit_test(fault_from_the_plugins_record),
        cmocka_unit_test(fault_of_a_plugin_without_records),
        cmocka_unit_test(hung_driver_is_not_called_and_abandoned),
        cmocka_unit_test(host_table_forwards_and_logs),
        cmocka_unit_test(host_robot_step),
        cmocka_unit_test(host_timeline),
    };
    return cmocka_run_group_tests(tests, nullptr, nullptr);
}
