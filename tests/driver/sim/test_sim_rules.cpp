// The sim enforces every rule of a step before anything moves (count, actuator, command, duration,
// range, parallel steps, the held cube), and its state machine: a refused step or an injected failure
// is a fault, a stop is sticky, prepare clears both. Steps are fed straight through the sim's table.
// Usage: test_sim_rules SIM_PLUGIN_FILE
#include <cstdio>
#include <functional>

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

// Actuators of the families, in libcube's order.
enum { kU = 0, kR = 1, kD = 3 };               // six-motor
enum { kLTwist = 0, kLSlide = 1 };             // four-arm
enum { kTable = 0, kFlipper = 1, kHolder = 2 };  // turntable-flipper
// The default times of each family (cube_robot_desc_init).
constexpr int32_t kSixQuarter = 20000;
constexpr int32_t kArmQuarter = 250000;
constexpr int32_t kArmHalf = 400000;

// What a refused step must leave as it was.
struct Snapshot {
    std::vector<int32_t> positions;
    std::string cube;
    int32_t commands_done;
};

Snapshot snapshot(Sim &sim) {
    return Snapshot{sim.positions(), sim.query("cube"), sim.commands_done()};
}

// Asserts that `call` (a step) is refused as a fault with `why` in the message and that nothing moved; then
// that the sim refuses steps until prepare clears the fault.
void assert_refuses(Sim &sim, const std::function<int32_t()> &call, const char *why) {
    Snapshot before = snapshot(sim);
    assert_int_equal(call(), CUBE_ERROR_INVALID_ARGUMENT);
    if (sim.last_error().find(why) == std::string::npos)
        print_error("message \"%s\" lacks \"%s\"\n", sim.last_error().c_str(), why);
    assert_true(sim.last_error().find(why) != std::string::npos);
    assert_int_equal(sim.state(), CUBE_DRIVER_FAULT);
    cube_driver_fault f = sim.fault();
    assert_int_equal(f.code, CUBE_FAULT_REFUSED);
    assert_int_equal(f.status, CUBE_ERROR_INVALID_ARGUMENT);
    assert_int_equal(f.positions_known, 1);
    assert_string_equal(f.text, sim.last_error().c_str());
    assert_true(sim.positions() == before.positions);
    assert_string_equal(sim.query("cube").c_str(), before.cube.c_str());
    assert_int_equal(sim.commands_done(), before.commands_done);
    assert_int_equal(sim.step({command(0, CUBE_ACTION_TURN, 1, 10000000)}), CUBE_ERROR_INVALID_ARGUMENT);
    assert_true(sim.last_error().find("call prepare") != std::string::npos);
    assert_int_equal(sim.api->prepare(sim.instance), CUBE_OK);
    assert_int_equal(sim.state(), CUBE_DRIVER_IDLE);
    assert_int_equal(sim.fault().code, CUBE_FAULT_NONE);
}

void assert_refuses(Sim &sim, const std::vector<cube_driver_command> &step, const char *why) {
    assert_refuses(sim, [&] { return sim.step(step); }, why);
}

void a_command_shorter_than_the_robot_allows_is_refused(void **) {
    Sim sim(sim_test::builtin_table(), "model=six-motor,speed=0");
    assert_refuses(sim, {command(kR, CUBE_ACTION_TURN, 1, kSixQuarter - 1, 7)}, "R needs 20000 us for turn 1, given 19999");
    sim.step_ok({command(kR, CUBE_ACTION_TURN, -1, kSixQuarter, 7)});
    assert_int_equal(sim.positions()[kR], -1);
    // A half turn needs the half-turn time.
    assert_refuses(sim, {command(kU, CUBE_ACTION_TURN, 2, kSixQuarter)}, "U needs 35000");
}

void the_fault_names_the_actuator_and_action(void **) {
    Sim sim(sim_test::builtin_table(), "model=six-motor,speed=0");
    assert_int_equal(sim.step({command(kU, CUBE_ACTION_TURN, 1, kSixQuarter, 4), command(kD, CUBE_ACTION_TURN, 1, 5, 5)}),
                     CUBE_ERROR_INVALID_ARGUMENT);
    cube_driver_fault f = sim.fault();
    assert_int_equal(f.actuator, kD);
    assert_int_equal(f.action_index, 4);  // the step's first action
    // A version-1 command carries no action index.
    assert_int_equal(sim.api->prepare(sim.instance), CUBE_OK);
    cube_driver_command v1 = command(kU, CUBE_ACTION_TURN, 1, 5, 9);
    v1.struct_size = CUBE_DRIVER_COMMAND_SIZE_V1;
    assert_int_equal(sim.step({v1}), CUBE_ERROR_INVALID_ARGUMENT);
    assert_int_equal(sim.fault().action_index, -1);
    assert_int_equal(sim.fault().actuator, kU);
    // A command smaller than version 1 is refused.
    assert_int_equal(sim.api->prepare(sim.instance), CUBE_OK);
    v1.struct_size = CUBE_DRIVER_COMMAND_SIZE_V1 - 4;
    v1.duration_us = kSixQuarter;
    assert_refuses(sim, {v1}, "smaller than a version-1 command");
}

void steps_of_zero_or_four_commands_and_null_are_refused(void **) {
    Sim sim(sim_test::builtin_table(), "model=six-motor,speed=0");
    assert_refuses(sim, std::vector<cube_driver_command>{}, "1 to 3 commands");
    auto c = command(kU, CUBE_ACTION_TURN, 1, kSixQuarter);
    assert_refuses(sim, {c, c, c, c}, "1 to 3 commands");
    assert_refuses(sim, [&] { return sim.api->execute_steps(sim.instance, nullptr, 1); }, "NULL");
    const cube_driver_command *one_null[1] = {nullptr};
    assert_refuses(sim, [&] { return sim.api->execute_steps(sim.instance, one_null, 1); }, "NULL");
}

void an_unknown_actuator_is_refused(void **) {
    Sim sim(sim_test::builtin_table(), "model=six-motor,speed=0");
    assert_refuses(sim, {command(6, CUBE_ACTION_TURN, 1, kSixQuarter)}, "no actuator 6");
    assert_refuses(sim, {command(-1, CUBE_ACTION_TURN, 1, kSixQuarter)}, "no actuator -1");
}

void a_command_that_does_not_fit_its_actuator_is_refused(void **) {
    Sim six(sim_test::builtin_table(), "model=six-motor,speed=0");
    assert_refuses(six, {command(kU, CUBE_ACTION_GRIP, 1, 1000000)}, "U cannot do grip 1");
    assert_refuses(six, {command(kU, CUBE_ACTION_TURN, 3, 1000000)}, "U cannot do turn 3");
    assert_refuses(six, {command(kU, CUBE_ACTION_TURN, 0, 1000000)}, "U cannot do turn 0");
    assert_refuses(six, {command(kU, 99, 1, 1000000)}, "U cannot do unknown command 1");
    Sim table(sim_test::builtin_table(), "model=turntable-flipper,speed=0");
    assert_refuses(table, {command(kFlipper, CUBE_ACTION_TURN, 1, 1000000)}, "flipper cannot");
    assert_refuses(table, {command(kFlipper, CUBE_ACTION_FLIP, -1, 1000000)}, "flipper cannot");
    assert_refuses(table, {command(kHolder, CUBE_ACTION_FLIP, 1, 1000000)}, "holder cannot");
    assert_refuses(table, {command(kHolder, CUBE_ACTION_GRIP, 2, 1000000)}, "holder cannot");
    assert_refuses(table, {command(kTable, CUBE_ACTION_GRIP, 1, 1000000)}, "table cannot");
}

void a_twist_past_its_range_is_refused(void **) {
    Sim sim(sim_test::builtin_table(), "model=four-arm,range=1,speed=0");
    sim.step_ok({command(kLTwist, CUBE_ACTION_TURN, 1, kArmQuarter)});
    auto twisted = sim.positions();
    assert_int_equal(twisted[kLTwist], 1);
    assert_refuses(sim, {command(kLTwist, CUBE_ACTION_TURN, 1, kArmQuarter)}, "end stop");
    assert_refuses(sim, {command(kLTwist, CUBE_ACTION_TURN, 2, kArmHalf)}, "end stop");
    sim.step_ok({command(kLTwist, CUBE_ACTION_TURN, -1, kArmQuarter)});
}

void a_parallel_step_is_refused_when_the_robot_has_none(void **) {
    // The sim takes the robot the host configures; parallel=0 makes opposite motors wait for each other.
    Sim sim(sim_test::builtin_table(), "speed=0");
    assert_int_equal(sim.configure("robot", "six-motor:parallel=0"), CUBE_OK);
    auto u = command(kU, CUBE_ACTION_TURN, 1, kSixQuarter);
    auto d = command(kD, CUBE_ACTION_TURN, 1, kSixQuarter);
    assert_refuses(sim, {u, d}, "turns one face at a time");
    assert_int_equal(sim.configure("robot", "six-motor:parallel=1"), CUBE_OK);
    sim.step_ok({u, d});
    // Two commands for one actuator are never a step.
    assert_refuses(sim, {u, u}, "not opposite");
}

void the_physics_of_grips_is_enforced(void **) {
    // A grip must change something, and the cube must stay held.
    Sim arms(sim_test::builtin_table(), "model=four-arm,speed=0");
    arms.step_ok({command(kLSlide, CUBE_ACTION_GRIP, 0, 150000)});
    assert_refuses(arms, {command(kLSlide, CUBE_ACTION_GRIP, 0, 150000)}, "already retracted");
    Sim grippers(sim_test::builtin_table(), "model=two-gripper,speed=0");
    grippers.step_ok({command(1, CUBE_ACTION_GRIP, 0, 150000)});  // D opens
    assert_refuses(grippers, {command(3, CUBE_ACTION_GRIP, 0, 150000)}, "would not be held");  // L too
}

void fail_after_fails_one_command_once(void **) {
    Sim sim(sim_test::builtin_table(), "model=six-motor,speed=0,fail_after=3");
    auto u = command(kU, CUBE_ACTION_TURN, 1, kSixQuarter, 0);
    auto d = command(kD, CUBE_ACTION_TURN, 1, kSixQuarter, 1);
    sim.step_ok({u});
    sim.step_ok({u, d});
    auto before = sim.positions();
    // The 4th command is the R of this step: the step fails before moving.
    assert_int_equal(sim.step({command(kR, CUBE_ACTION_TURN, 1, kSixQuarter, 3)}), CUBE_ERROR_IO);
    assert_true(sim.last_error().find("injected failure after 3 commands") != std::string::npos);
    assert_int_equal(sim.state(), CUBE_DRIVER_FAULT);
    cube_driver_fault f = sim.fault();
    assert_int_equal(f.code, CUBE_FAULT_DEVICE);
    assert_int_equal(f.status, CUBE_ERROR_IO);
    assert_int_equal(f.actuator, kR);
    assert_int_equal(f.action_index, 3);
    assert_int_equal(f.device_bits, 1);
    assert_int_equal(f.positions_known, 1);
    assert_true(sim.positions() == before);
    assert_int_equal(sim.commands_done(), 3);
    assert_int_equal(sim.step({u}), CUBE_ERROR_INVALID_ARGUMENT);  // until prepare
    assert_int_equal(sim.api->prepare(sim.instance), CUBE_OK);
    for (int i = 0; i < 4; ++i)
        sim.step_ok({u, d});
    assert_int_equal(sim.commands_done(), 11);
}

void fail_after_names_the_failing_command_of_a_step(void **) {
    Sim sim(sim_test::builtin_table(), "model=six-motor,speed=0,fail_after=1");
    assert_int_equal(sim.step({command(kU, CUBE_ACTION_TURN, 1, kSixQuarter), command(kD, CUBE_ACTION_TURN, 1, kSixQuarter)}),
                     CUBE_ERROR_IO);
    assert_int_equal(sim.fault().actuator, kD);
}

void a_stopped_sim_refuses_steps_until_prepare(void **) {
    Sim sim(sim_test::builtin_table(), "model=six-motor,speed=0");
    auto u = command(kU, CUBE_ACTION_TURN, 1, kSixQuarter);
    assert_int_equal(sim.api->stop_level(sim.instance, CUBE_STOP_HALT), CUBE_OK);
    assert_int_equal(sim.api->stop_level(sim.instance, CUBE_STOP_HALT), CUBE_OK);  // idempotent
    assert_int_equal(sim.state(), CUBE_DRIVER_STOPPED);
    assert_int_equal(sim.step({u}), CUBE_ERROR_CANCELLED);
    assert_true(sim.last_error().find("call prepare") != std::string::npos);
    assert_int_equal(sim.api->rest(sim.instance), CUBE_ERROR_CANCELLED);
    cube_driver_fault f = sim.fault();
    assert_int_equal(f.code, CUBE_FAULT_NONE);  // a stop is not a fault
    assert_int_equal(f.stop_level, CUBE_STOP_HALT);
    assert_int_equal(sim.api->prepare(sim.instance), CUBE_OK);
    assert_int_equal(sim.api->prepare(sim.instance), CUBE_OK);  // idempotent
    assert_int_equal(sim.fault().stop_level, 0);
    sim.step_ok({u});
    assert_int_equal(sim.positions()[kU], 1);
    // Unknown levels still stop: below halt as halt, above de-energize as de-energize.
    assert_int_equal(sim.api->stop_level(sim.instance, 0), CUBE_OK);
    assert_int_equal(sim.fault().stop_level, CUBE_STOP_HALT);
    assert_int_equal(sim.api->stop_level(sim.instance, 7), CUBE_OK);
    assert_int_equal(sim.fault().stop_level, CUBE_STOP_DEENERGIZE);
    assert_int_equal(sim.state(), CUBE_DRIVER_STOPPED);
}

void a_stop_keeps_a_fault_visible(void **) {
    Sim sim(sim_test::builtin_table(), "model=six-motor,speed=0");
    assert_int_equal(sim.step({command(kU, CUBE_ACTION_TURN, 1, 1)}), CUBE_ERROR_INVALID_ARGUMENT);
    assert_int_equal(sim.api->stop_level(sim.instance, CUBE_STOP_HALT), CUBE_OK);
    assert_int_equal(sim.state(), CUBE_DRIVER_FAULT);
    assert_int_equal(sim.fault().code, CUBE_FAULT_REFUSED);
    assert_int_equal(sim.fault().stop_level, CUBE_STOP_HALT);
}

void deenergized_arms_lose_their_positions_until_prepare(void **) {
    Sim arms(sim_test::builtin_table(), "model=two-gripper,speed=0");
    arms.step_ok({command(0, CUBE_ACTION_TURN, 1, 300000)});
    auto before = arms.positions();
    assert_int_equal(arms.api->stop_level(arms.instance, CUBE_STOP_DEENERGIZE), CUBE_OK);
    int32_t value = 0;
    assert_int_equal(arms.api->position(arms.instance, 0, &value), CUBE_ERROR_IO);
    assert_true(arms.last_error().find("call prepare") != std::string::npos);
    char buffer[64];
    assert_int_equal(arms.api->query(arms.instance, "positions", buffer, sizeof buffer, nullptr), CUBE_ERROR_IO);
    cube_driver_fault f = arms.fault();
    assert_int_equal(f.positions_known, 0);
    assert_int_equal(f.stop_level, CUBE_STOP_DEENERGIZE);
    // A halt after it does not bring them back; prepare homes them where they were.
    assert_int_equal(arms.api->stop_level(arms.instance, CUBE_STOP_HALT), CUBE_OK);
    assert_int_equal(arms.fault().stop_level, CUBE_STOP_DEENERGIZE);
    assert_int_equal(arms.api->prepare(arms.instance), CUBE_OK);
    assert_true(arms.positions() == before);
    assert_int_equal(arms.fault().positions_known, 1);

    // Motors of a six-motor robot keep their angles.
    Sim six(sim_test::builtin_table(), "model=six-motor,speed=0");
    assert_int_equal(six.api->stop_level(six.instance, CUBE_STOP_DEENERGIZE), CUBE_OK);
    assert_int_equal(six.positions().size(), 6);
    assert_int_equal(six.fault().positions_known, 1);
}

void rest_confirms_the_rest_state(void **) {
    Sim arms(sim_test::builtin_table(), "model=four-arm,speed=0");
    assert_int_equal(arms.api->rest(arms.instance), CUBE_OK);
    assert_int_equal(arms.api->rest(arms.instance), CUBE_OK);
    arms.step_ok({command(kLTwist, CUBE_ACTION_TURN, 1, kArmQuarter)});
    assert_int_equal(arms.api->rest(arms.instance), CUBE_ERROR_INVALID_ARGUMENT);
    assert_true(arms.last_error().find("L.twist is at 1, rest is 0") != std::string::npos);
    assert_int_equal(arms.state(), CUBE_DRIVER_IDLE);  // nothing moved, nothing broke
    arms.step_ok({command(kLTwist, CUBE_ACTION_TURN, -1, kArmQuarter)});
    assert_int_equal(arms.api->rest(arms.instance), CUBE_OK);

    // Motors and the turntable rest at any angle; the holder must be released.
    Sim six(sim_test::builtin_table(), "model=six-motor,speed=0");
    six.step_ok({command(kU, CUBE_ACTION_TURN, 1, kSixQuarter)});
    assert_int_equal(six.api->rest(six.instance), CUBE_OK);
    Sim table(sim_test::builtin_table(), "model=turntable-flipper,speed=0");
    table.step_ok({command(kTable, CUBE_ACTION_TURN, 1, 350000)});
    assert_int_equal(table.api->rest(table.instance), CUBE_OK);
    table.step_ok({command(kHolder, CUBE_ACTION_GRIP, 1, 250000)});
    assert_int_equal(table.api->rest(table.instance), CUBE_ERROR_INVALID_ARGUMENT);
    assert_true(table.last_error().find("holder") != std::string::npos);
}

void steps_prepare_rest_and_stop_are_logged(void **) {
    Sim sim(sim_test::builtin_table(), "model=six-motor,speed=0");
    sim.step_ok({command(kU, CUBE_ACTION_TURN, 1, kSixQuarter)});
    assert_true(sim.log.has(CUBE_LOG_DEBUG, "U turn 1 in 20000 us"));
    assert_int_equal(sim.api->rest(sim.instance), CUBE_OK);
    assert_true(sim.log.has(CUBE_LOG_INFO, "at rest"));
    assert_int_equal(sim.api->stop_level(sim.instance, CUBE_STOP_DEENERGIZE), CUBE_OK);
    assert_true(sim.log.has(CUBE_LOG_INFO, "stop (de-energize)"));
    assert_int_equal(sim.api->prepare(sim.instance), CUBE_OK);
    assert_true(sim.log.has(CUBE_LOG_INFO, "prepared"));
}

}  // namespace

int main(int argc, char **argv) {
    if (argc < 2) {
        std::fprintf(stderr, "usage: test_sim_rules SIM_PLUGIN_FILE\n");
        return 2;
    }
    sim_test::set_plugin_file(argv[1]);
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(a_command_shorter_than_the_robot_allows_is_refused),
        cmocka_unit_test(the_fault_names_the_actuator_and_action),
        cmocka_unit_test(steps_of_zero_or_four_commands_and_null_are_refused),
        cmocka_unit_test(an_unknown_actuator_is_refused),
        cmocka_unit_test(a_command_that_does_not_fit_its_actuator_is_refused),
        cmocka_unit_test(a_twist_past_its_range_is_refused),
        cmocka_unit_test(a_parallel_step_is_refused_when_the_robot_has_none),
        cmocka_unit_test(the_physics_of_grips_is_enforced),
        cmocka_unit_test(fail_after_fails_one_command_once),
        cmocka_unit_test(fail_after_names_the_failing_command_of_a_step),
        cmocka_unit_test(a_stopped_sim_refuses_steps_until_prepare),
        cmocka_unit_test(a_stop_keeps_a_fault_visible),
        cmocka_unit_test(deenergized_arms_lose_their_positions_until_prepare),
        cmocka_unit_test(rest_confirms_the_rest_state),
        cmocka_unit_test(steps_prepare_rest_and_stop_are_logged),
    };
    return cmocka_run_group_tests(tests, nullptr, nullptr);
}
