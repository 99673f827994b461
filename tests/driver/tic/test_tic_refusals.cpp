// The Tic driver's refusals of steps the executor never sends, through its plugin table with the host's
// services, against six emulated boards: a command for a board a step in flight still moves, a second
// step in flight with concurrent=0, and a bad concurrent value. Nothing is sent for a refused step and the
// step in flight ends as it would have.
// Usage (under umockdev-wrapper): test_tic_refusals PLUGIN_FOLDER
#include <dlfcn.h>

#include <atomic>
#include <chrono>
#include <cstdio>
#include <cstring>
#include <memory>
#include <string>
#include <thread>

#include <umockdev.h>  // C++-aware: before the extern "C" block below

#include "driver/host.hpp"

extern "C" {
#include "fake_tic.h"
#include "tic_fixture.h"
}

#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <setjmp.h>
extern "C" {
#include <cmocka.h>
}

namespace {

using Clock = std::chrono::steady_clock;

// Quarter turns of 50 ms (as test_tic_concurrent.c).
const char kSlow[] = ",speed=10000,accel=1000000";

std::string plugin_folder;

const cube_driver_api *plugin_table() {
    static void *handle = dlopen((plugin_folder + "/cube-driver-tic.so").c_str(), RTLD_NOW | RTLD_LOCAL);
    if (!handle) print_error("dlopen: %s\n", dlerror());
    assert_non_null(handle);
    auto entry = reinterpret_cast<cube_driver_entry_fn>(dlsym(handle, CUBE_DRIVER_ENTRY_SYMBOL));
    assert_non_null(entry);
    return entry(CUBE_DRIVER_ABI_VERSION);
}

// An open instance on `bus` with `extra` options; null when the open failed (the message in `error`).
struct Instance {
    const cube_driver_api *api = plugin_table();
    std::unique_ptr<lc::driver::Host> host = lc::driver::make_host("tic", nullptr);
    void *handle = nullptr;
    std::string error;
    Instance(const fake_bus *bus, const char *extra) {
        char err[512] = "";
        const std::string options = std::string(tic_uri(bus, extra)).substr(std::strlen("tic:"));
        if (api->open_host(&host->table, options.c_str(), &handle, err, sizeof err) != CUBE_OK) error = err;
    }
    ~Instance() {
        if (handle) api->close(handle);
    }
};

cube_driver_command turn(int32_t actuator) {
    return cube_driver_command{sizeof(cube_driver_command), actuator, CUBE_ACTION_TURN, 1, 50000, 0, -1, 0};
}

void refused_while_a_step_is_in_flight(const char *extra, int32_t second_actuator, const char *why) {
    fake_bus *bus = fake_bus_new(6);
    {
        Instance d(bus, extra);
        assert_non_null(d.handle);
        assert_int_equal(d.api->prepare(d.handle), CUBE_OK);
        const cube_driver_command first = turn(0);  // U
        const cube_driver_command *first_step[] = {&first};
        std::atomic<int32_t> first_status{1};
        std::thread in_flight([&] { first_status = d.api->execute_steps(d.handle, first_step, 1); });
        const auto until = Clock::now() + std::chrono::seconds(2);
        while (!fake_tic_moving(bus, 0) && Clock::now() < until) std::this_thread::sleep_for(std::chrono::microseconds(200));
        assert_true(fake_tic_moving(bus, 0));
        const int motions = bus->motion_count;
        const cube_driver_command second = turn(second_actuator);
        const cube_driver_command *second_step[] = {&second};
        assert_int_equal(d.api->execute_steps(d.handle, second_step, 1), CUBE_ERROR_INVALID_ARGUMENT);
        const std::string error = d.api->last_error(d.handle);
        if (error.find(why) == std::string::npos) print_error("\"%s\" does not say \"%s\"\n", error.c_str(), why);
        assert_true(error.find(why) != std::string::npos);
        cube_driver_fault f;
        assert_int_equal(cube_driver_fault_init(&f), CUBE_OK);
        assert_int_equal(d.api->fault(d.handle, &f), CUBE_OK);
        assert_int_equal(f.code, CUBE_FAULT_REFUSED);
        in_flight.join();
        assert_int_equal(first_status.load(), CUBE_OK);
        assert_int_equal(bus->motion_count, motions);  // nothing moved for the refused step
        assert_int_equal(fake_tic_position(bus, 0), TIC_STEPS_PER_QUARTER);  // U went on to its target
        d.api->stop_level(d.handle, CUBE_STOP_DEENERGIZE);
    }
    fake_bus_free(bus);
}

void a_command_for_a_moving_board_is_refused(void **) {
    refused_while_a_step_is_in_flight(kSlow, 0, "U is still moving");
}

void concurrent_0_refuses_a_second_step_in_flight(void **) {
    std::string extra = std::string(kSlow) + ",concurrent=0";
    refused_while_a_step_is_in_flight(extra.c_str(), 1, "one step at a time (concurrent=0)");
}

void a_bad_concurrent_value_is_refused(void **) {
    fake_bus *bus = fake_bus_new(6);
    {
        Instance d(bus, ",concurrent=2");
        assert_null(d.handle);
        if (d.error.find("concurrent") == std::string::npos) print_error("error: %s\n", d.error.c_str());
        assert_true(d.error.find("concurrent") != std::string::npos);
    }
    fake_bus_free(bus);
}

}  // namespace

int main(int argc, char **argv) {
    tic_skip_unless_emulated();
    if (argc < 2) {
        std::fprintf(stderr, "usage: %s PLUGIN_FOLDER\n", argv[0]);
        return 2;
    }
    plugin_folder = argv[1];
    tic_set_plugin_folder(argv[1]);
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(a_command_for_a_moving_board_is_refused),
        cmocka_unit_test(concurrent_0_refuses_a_second_step_in_flight),
        cmocka_unit_test(a_bad_concurrent_value_is_refused),
    };
    return cmocka_run_group_tests(tests, nullptr, nullptr);
}
