// The same sim source built into libcube ("sim") and as a plugin ("sim-plugin") runs a short plan of each
// family to the same solved cube; steps wait their time at the sim's speed and a stop from another thread
// interrupts one. Plans are fed step by step through the tables, as an executor would.
// Usage: test_sim_plans SIM_PLUGIN_FILE
#include <dlfcn.h>

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

const char *const kMoves = "R U F' D2 L B' U2";

cube_plan *plan_for(const char *robot_spec, const char *moves) {
    cube_robot *robot = nullptr;
    cube_moves *m = nullptr;
    cube_plan *plan = nullptr;
    assert_int_equal(cube_robot_parse(robot_spec, &robot), CUBE_OK);
    assert_int_equal(cube_moves_parse(moves, 3, &m), CUBE_OK);
    assert_int_equal(cube_plan_new(robot, m, nullptr, &plan), CUBE_OK);
    cube_moves_free(m);
    cube_robot_free(robot);
    return plan;
}

std::string inverse_of(const char *moves) {
    cube_moves *m = nullptr;
    assert_int_equal(cube_moves_parse(moves, 3, &m), CUBE_OK);
    assert_int_equal(cube_moves_invert(m), CUBE_OK);
    const char *text = nullptr;
    assert_int_equal(cube_moves_text(m, &text), CUBE_OK);
    std::string inverse = text;
    cube_moves_free(m);
    return inverse;
}

// Sends the plan's actions, those that start together as one step, each with the time the plan gives it.
void run_plan(Sim &sim, const cube_plan *plan) {
    int32_t count = 0;
    assert_int_equal(cube_plan_action_count(plan, &count), CUBE_OK);
    std::vector<cube_driver_command> step;
    for (int32_t i = 0; i <= count; ++i) {
        cube_action a;
        cube_action_init(&a);
        if (i < count) assert_int_equal(cube_plan_get_action(plan, i, &a), CUBE_OK);
        int32_t step_start = step.empty() ? -1 : step[0].start_us;
        if (!step.empty() && (i == count || a.start_us != step_start)) {
            int32_t status = sim.step(step);
            if (status != CUBE_OK) print_error("action %d: %s\n", step[0].action_index, sim.last_error().c_str());
            assert_int_equal(status, CUBE_OK);
            step.clear();
        }
        if (i == count) break;
        cube_driver_command c = command(a.actuator, a.kind, a.param, a.end_us - a.start_us, i);
        c.start_us = a.start_us;
        c.move_index = a.move_index;
        step.push_back(c);
    }
}

// What a sim ends with, to compare the two builds.
struct Outcome {
    std::string cube, positions, time_us, solved;
    int32_t commands_done;
};

Outcome solve_on(const cube_driver_api *api, const char *family, const cube_plan *plan) {
    Sim sim(api, (std::string("speed=0,model=") + family).c_str());
    assert_int_equal(sim.configure("scramble", inverse_of(kMoves).c_str()), CUBE_OK);
    assert_string_equal(sim.query("solved").c_str(), "0");
    run_plan(sim, plan);
    assert_int_equal(sim.state(), CUBE_DRIVER_IDLE);
    assert_int_equal(sim.api->rest(sim.instance), CUBE_OK);  // plans end at rest
    assert_int_equal(sim.fault().code, CUBE_FAULT_NONE);
    return Outcome{sim.query("cube"), sim.query("positions"), sim.query("time_us"), sim.query("solved"),
                   sim.commands_done()};
}

void builtin_and_plugin_solve_alike_in_every_family(void **) {
    for (const char *family : {"six-motor", "four-arm", "two-gripper", "turntable-flipper", "hold-and-flip"}) {
        cube_plan *plan = plan_for(family, kMoves);
        int64_t total = 0;
        int32_t actions = 0;
        assert_int_equal(cube_plan_total_us(plan, &total), CUBE_OK);
        assert_int_equal(cube_plan_action_count(plan, &actions), CUBE_OK);
        Outcome builtin = solve_on(sim_test::builtin_table(), family, plan);
        Outcome plugin = solve_on(sim_test::plugin_table(), family, plan);
        assert_string_equal(builtin.solved.c_str(), "1");
        assert_string_equal(builtin.time_us.c_str(), std::to_string(total).c_str());
        assert_int_equal(builtin.commands_done, actions);
        assert_string_equal(plugin.cube.c_str(), builtin.cube.c_str());
        assert_string_equal(plugin.positions.c_str(), builtin.positions.c_str());
        assert_string_equal(plugin.time_us.c_str(), builtin.time_us.c_str());
        assert_string_equal(plugin.solved.c_str(), "1");
        assert_int_equal(plugin.commands_done, builtin.commands_done);
        cube_plan_free(plan);
    }
}

void the_plugin_wants_a_version_2_host_and_exports_its_entry_only(void **) {
    cube_driver_entry_fn entry = sim_test::plugin_entry();
    assert_null(entry(1));
    const cube_driver_api *api = entry(CUBE_DRIVER_ABI_VERSION);
    assert_non_null(api);
    assert_true(entry(CUBE_DRIVER_ABI_VERSION + 1) == api);  // a newer host reads the fields it knows
    assert_string_equal(api->name, "sim-plugin");
    assert_int_equal(api->abi_version, 2);
    assert_int_equal(api->struct_size, sizeof(cube_driver_api));
    assert_null(api->open);  // version-2 functions only
    assert_null(api->execute);
    assert_null(api->stop);
    assert_null(api->list_devices);
    assert_non_null(api->open_host);
    assert_non_null(api->execute_steps);
    assert_non_null(api->stop_level);
    assert_non_null(api->prepare);
    assert_non_null(api->rest);
    assert_non_null(api->fault);
    assert_non_null(api->margin_us);
    assert_null(dlsym(sim_test::plugin_handle(), "lc_sim_driver_table"));  // hidden
    const cube_driver_api *builtin = sim_test::builtin_table();
    assert_string_equal(builtin->name, "sim");
    assert_true(builtin->execute_steps != api->execute_steps);  // two copies of the code
}

void a_step_lasts_its_time_at_the_speed(void **) {
    // 400 ms of robot time at 4 times real time: never less than 100 ms.
    Sim sim(sim_test::builtin_table(), "model=four-arm,range=2,speed=4");
    auto t0 = std::chrono::steady_clock::now();
    sim.step_ok({command(0, CUBE_ACTION_TURN, 2, 400000)});
    double seconds = std::chrono::duration<double>(std::chrono::steady_clock::now() - t0).count();
    if (seconds < 0.1) print_error("took %.3f s, expected at least 0.1 s\n", seconds);
    assert_true(seconds >= 0.1);
    assert_string_equal(sim.query("time_us").c_str(), "400000");
}

void a_stop_from_another_thread_interrupts_a_step(void **) {
    for (const cube_driver_api *api : {sim_test::builtin_table(), sim_test::plugin_table()}) {
        Sim sim(api, "model=six-motor,speed=1");
        std::string cube = sim.query("cube");
        std::thread stopper([&] {
            // Once the step is under way (it logs before it waits), stop it.
            while (!sim.log.contains(CUBE_LOG_DEBUG, "step: U turn 1")) std::this_thread::sleep_for(std::chrono::milliseconds(5));
            sim.api->stop_level(sim.instance, CUBE_STOP_HALT);
        });
        auto t0 = std::chrono::steady_clock::now();
        int32_t status = sim.step({command(0, CUBE_ACTION_TURN, 1, 30000000)});  // 30 s
        double seconds = std::chrono::duration<double>(std::chrono::steady_clock::now() - t0).count();
        stopper.join();
        assert_int_equal(status, CUBE_ERROR_CANCELLED);
        assert_true(seconds < 20);
        assert_int_equal(sim.state(), CUBE_DRIVER_STOPPED);
        assert_int_equal(sim.positions()[0], 0);  // a stopped step did not move
        assert_string_equal(sim.query("cube").c_str(), cube.c_str());
        assert_int_equal(sim.commands_done(), 0);
        assert_string_equal(sim.query("time_us").c_str(), "0");
        assert_int_equal(sim.fault().stop_level, CUBE_STOP_HALT);
    }
}

}  // namespace

int main(int argc, char **argv) {
    if (argc < 2) {
        std::fprintf(stderr, "usage: test_sim_plans SIM_PLUGIN_FILE\n");
        return 2;
    }
    sim_test::set_plugin_file(argv[1]);
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(builtin_and_plugin_solve_alike_in_every_family),
        cmocka_unit_test(the_plugin_wants_a_version_2_host_and_exports_its_entry_only),
        cmocka_unit_test(a_step_lasts_its_time_at_the_speed),
        cmocka_unit_test(a_stop_from_another_thread_interrupts_a_step),
    };
    return cmocka_run_group_tests(tests, nullptr, nullptr);
}
