// The sim running steps concurrently (it opts in at a speed above 0): a command for an actuator still
// moving is refused, and so is a launch the robot's timeline refuses at that moment (an adjacent turn
// before the overlap allows it); what the timeline allows runs, and the cube ends as one after another.
// Steps are fed straight through the sim's table, from two threads.
// Usage: test_sim_concurrent SIM_PLUGIN_FILE
#include <chrono>
#include <cstdio>
#include <thread>

#include "sim_fixture.hpp"

#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <setjmp.h>
extern "C" {
#include <cmocka.h>
}

namespace {

using sim_test::command;
using sim_test::Sim;

enum { kU = 0, kR = 1, kD = 3 };  // six-motor actuators, in libcube's order

// Runs `first` on a thread of its own, then `second` on this one after `delay_ms`; returns both statuses.
std::pair<int32_t, int32_t> overlapped(Sim &sim, cube_driver_command first, int delay_ms,
                                       cube_driver_command second) {
    int32_t first_status = CUBE_ERROR_INTERNAL;
    std::thread thread([&] { first_status = sim.step({first}); });
    std::this_thread::sleep_for(std::chrono::milliseconds(delay_ms));
    int32_t second_status = sim.step({second});
    thread.join();
    return {first_status, second_status};
}

void assert_says(Sim &sim, const char *part) {
    std::string error = sim.last_error();
    if (error.find(part) == std::string::npos) print_error("message \"%s\" lacks \"%s\"\n", error.c_str(), part);
    assert_true(error.find(part) != std::string::npos);
}

void the_sim_opts_in_above_speed_0(void **) {
    Sim real(sim_test::builtin_table(), "model=six-motor,speed=1");
    assert_string_equal(real.query(CUBE_DRIVER_QUERY_CONCURRENT_STEPS).c_str(), "yes");
    assert_string_equal(real.query(CUBE_DRIVER_QUERY_SPEED).c_str(), "1");
    Sim fast(sim_test::plugin_table(), "model=six-motor,speed=2.5");
    assert_string_equal(fast.query(CUBE_DRIVER_QUERY_CONCURRENT_STEPS).c_str(), "yes");
    assert_string_equal(fast.query(CUBE_DRIVER_QUERY_SPEED).c_str(), "2.5");
    Sim instant(sim_test::builtin_table(), "model=six-motor,speed=0");
    assert_string_equal(instant.query(CUBE_DRIVER_QUERY_CONCURRENT_STEPS).c_str(), "no");
    Sim told(sim_test::builtin_table(), "model=six-motor,speed=1,concurrent=0");
    assert_string_equal(told.query(CUBE_DRIVER_QUERY_CONCURRENT_STEPS).c_str(), "no");
    // A host without the timeline services (libcube 1.2): no opt-in.
    cube_driver_host old = real.host();
    old.struct_size = CUBE_DRIVER_HOST_SIZE_V1;
    void *instance = nullptr;
    char err[128];
    assert_int_equal(real.api->open_host(&old, "model=six-motor,speed=1", &instance, err, sizeof err), CUBE_OK);
    char answer[16];
    assert_int_equal(real.api->query(instance, CUBE_DRIVER_QUERY_CONCURRENT_STEPS, answer, sizeof answer, nullptr),
                     CUBE_OK);
    assert_string_equal(answer, "no");
    real.api->close(instance);
}

void a_command_for_a_moving_actuator_is_refused(void **) {
    Sim sim(sim_test::builtin_table(), "model=six-motor,speed=1");
    auto [first, second] = overlapped(sim, command(kU, CUBE_ACTION_TURN, 1, 300000, 0), 50,
                                      command(kU, CUBE_ACTION_TURN, 1, 20000, 1));
    assert_int_equal(second, CUBE_ERROR_INVALID_ARGUMENT);
    assert_int_equal(first, CUBE_OK);  // the refused step moved nothing and stopped nothing
    assert_says(sim, "U is still moving");
    cube_driver_fault f = sim.fault();
    assert_int_equal(f.code, CUBE_FAULT_REFUSED);
    assert_int_equal(f.actuator, kU);
    assert_int_equal(f.action_index, 1);
    assert_int_equal(sim.positions()[kU], 1);
}

void an_adjacent_turn_waits_for_the_overlap(void **) {
    // Overlap 0 (the default): R is adjacent to U and may not start while U turns.
    Sim strict(sim_test::builtin_table(), "model=six-motor,speed=1");
    auto [u, r] = overlapped(strict, command(kU, CUBE_ACTION_TURN, 1, 200000, 0), 20,
                             command(kR, CUBE_ACTION_TURN, 1, 20000, 1));
    assert_int_equal(u, CUBE_OK);
    assert_int_equal(r, CUBE_ERROR_INVALID_ARGUMENT);
    assert_says(strict, "timeline");
    assert_int_equal(strict.fault().action_index, 1);
    // Overlap 0.3: not at 10% of U's time, yes at 80%.
    Sim early(sim_test::builtin_table(), "model=six-motor,overlap=0.3,speed=1");
    std::tie(u, r) = overlapped(early, command(kU, CUBE_ACTION_TURN, 1, 200000, 0), 20,
                                command(kR, CUBE_ACTION_TURN, 1, 20000, 1));
    assert_int_equal(r, CUBE_ERROR_INVALID_ARGUMENT);
    assert_says(early, "70% of its time");
    Sim late(sim_test::builtin_table(), "model=six-motor,overlap=0.3,speed=1");
    std::tie(u, r) = overlapped(late, command(kU, CUBE_ACTION_TURN, 1, 200000, 0), 160,
                                command(kR, CUBE_ACTION_TURN, 1, 20000, 1));
    assert_int_equal(u, CUBE_OK);
    assert_int_equal(r, CUBE_OK);
    // The cube is as after U then R, one after the other.
    Sim one_by_one(sim_test::builtin_table(), "model=six-motor,speed=0");
    one_by_one.step_ok({command(kU, CUBE_ACTION_TURN, 1, 20000)});
    one_by_one.step_ok({command(kR, CUBE_ACTION_TURN, 1, 20000)});
    assert_string_equal(late.query("cube").c_str(), one_by_one.query("cube").c_str());
    assert_string_equal(late.query("positions").c_str(), one_by_one.query("positions").c_str());
    assert_string_equal(late.query("time_us").c_str(), "200000");
    assert_string_equal(one_by_one.query("time_us").c_str(), "40000");
}

void opposite_faces_turn_together(void **) {
    Sim sim(sim_test::plugin_table(), "model=six-motor,speed=1");
    auto [u, d] = overlapped(sim, command(kU, CUBE_ACTION_TURN, 1, 200000, 0), 20,
                             command(kD, CUBE_ACTION_TURN, -1, 20000, 1));
    assert_int_equal(u, CUBE_OK);
    assert_int_equal(d, CUBE_OK);
    assert_int_equal(sim.state(), CUBE_DRIVER_IDLE);
    assert_int_equal(sim.commands_done(), 2);
    assert_string_equal(sim.query("time_us").c_str(), "200000");  // D turned while U did: counted once
    Sim one_by_one(sim_test::builtin_table(), "model=six-motor,speed=0");
    one_by_one.step_ok({command(kU, CUBE_ACTION_TURN, 1, 20000)});
    one_by_one.step_ok({command(kD, CUBE_ACTION_TURN, -1, 20000)});
    assert_string_equal(sim.query("cube").c_str(), one_by_one.query("cube").c_str());
}

// A stop with two steps in flight: both return CUBE_ERROR_CANCELLED and neither moved.
void a_stop_interrupts_every_step_in_flight(void **) {
    Sim sim(sim_test::builtin_table(), "model=six-motor,speed=1");
    const std::string cube = sim.query("cube");
    int32_t u = CUBE_ERROR_INTERNAL;
    int32_t d = CUBE_ERROR_INTERNAL;
    std::thread first([&] { u = sim.step({command(kU, CUBE_ACTION_TURN, 1, 2000000, 0)}); });
    std::this_thread::sleep_for(std::chrono::milliseconds(20));
    std::thread second([&] { d = sim.step({command(kD, CUBE_ACTION_TURN, 1, 2000000, 1)}); });
    std::this_thread::sleep_for(std::chrono::milliseconds(20));
    assert_int_equal(sim.api->stop_level(sim.instance, CUBE_STOP_HALT), CUBE_OK);
    first.join();
    second.join();
    assert_int_equal(u, CUBE_ERROR_CANCELLED);
    assert_int_equal(d, CUBE_ERROR_CANCELLED);
    assert_string_equal(sim.query("cube").c_str(), cube.c_str());
    assert_string_equal(sim.query("positions").c_str(), "0,0,0,0,0,0");
    assert_int_equal(sim.commands_done(), 0);
    assert_int_equal(sim.state(), CUBE_DRIVER_STOPPED);
}

}  // namespace

int main(int argc, char **argv) {
    if (argc < 2) {
        std::fprintf(stderr, "usage: test_sim_concurrent SIM_PLUGIN_FILE\n");
        return 2;
    }
    sim_test::set_plugin_file(argv[1]);
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(the_sim_opts_in_above_speed_0),
        cmocka_unit_test(a_command_for_a_moving_actuator_is_refused),
        cmocka_unit_test(an_adjacent_turn_waits_for_the_overlap),
        cmocka_unit_test(opposite_faces_turn_together),
        cmocka_unit_test(a_stop_interrupts_every_step_in_flight),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
