// The sim's options at open, configure ("robot", "scramble"), its answers (queries, positions, status,
// fault) and its deadline margin, and how it refuses bad input to each. Through its table.
// Usage: test_sim_setup SIM_PLUGIN_FILE
#include <cstdio>
#include <cstring>

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

bool mentions(const std::string &text, const char *part) {
    if (text.find(part) != std::string::npos) return true;
    print_error("\"%s\" lacks \"%s\"\n", text.c_str(), part);
    return false;
}

void bad_options_are_refused_at_open(void **) {
    Sim any(sim_test::builtin_table(), "");
    const cube_driver_host *host = &any.host();
    std::string error;
    for (const char *options : {"speed=1e-300", "speed=0.0009", "speed=2e6", "speed=-1", "speed=nan", "speed=fast", "speed="}) {
        assert_int_equal(Sim::try_open(any.api, host, options, error), CUBE_ERROR_INVALID_ARGUMENT);
        assert_true(mentions(error, "0.001 to 1000000"));
    }
    for (const char *options : {"fail_after=-1", "fail_after=x", "fail_after=99999999999999999999"}) {
        assert_int_equal(Sim::try_open(any.api, host, options, error), CUBE_ERROR_INVALID_ARGUMENT);
        assert_true(mentions(error, "expected a count >= 0"));
    }
    assert_int_equal(Sim::try_open(any.api, host, "turn90=200", error), CUBE_ERROR_INVALID_ARGUMENT);
    assert_true(mentions(error, "without model=FAMILY"));
    assert_int_equal(Sim::try_open(any.api, host, "model=nine-arm", error), CUBE_ERROR_PARSE);
    assert_true(mentions(error, "nine-arm"));
    assert_int_equal(Sim::try_open(any.api, host, "model=six-motor,hang=1", error), CUBE_ERROR_PARSE);
    for (const char *options : {"speed=0.001", "speed=1000000", "speed=0,fail_after=0", "model=four-arm,turn90=200,range=2", ""})
        assert_int_equal(Sim::try_open(any.api, host, options, error), CUBE_OK);
    assert_int_equal(Sim::try_open(any.api, host, nullptr, error), CUBE_OK);
}

void a_missing_or_old_host_is_refused(void **) {
    Sim any(sim_test::builtin_table(), "");
    std::string error;
    assert_int_equal(Sim::try_open(any.api, nullptr, "", error), CUBE_ERROR_INVALID_ARGUMENT);
    assert_true(mentions(error, "host"));
    cube_driver_host old = any.host();
    old.struct_size = CUBE_DRIVER_HOST_SIZE_V1 - 8;
    assert_int_equal(Sim::try_open(any.api, &old, "", error), CUBE_ERROR_INVALID_ARGUMENT);
    cube_driver_host no_step = any.host();
    no_step.robot_step = nullptr;
    assert_int_equal(Sim::try_open(any.api, &no_step, "", error), CUBE_ERROR_INVALID_ARGUMENT);
    char err[64];
    assert_int_equal(any.api->open_host(&any.host(), "", nullptr, err, sizeof err), CUBE_ERROR_INVALID_ARGUMENT);
}

void without_a_model_the_sim_adopts_the_robot_it_is_told(void **) {
    Sim sim(sim_test::builtin_table(), "speed=0");
    assert_string_equal(sim.api->robot_spec(sim.instance), "");
    assert_int_equal(sim.api->actuator_count(sim.instance), 0);
    assert_null(sim.api->actuator_name(sim.instance, 0));
    assert_string_equal(sim.query("positions").c_str(), "");
    int32_t value = 0;
    assert_int_equal(sim.api->position(sim.instance, 0, &value), CUBE_ERROR_INVALID_ARGUMENT);
    assert_int_equal(sim.step({command(0, CUBE_ACTION_TURN, 1, 1000000)}), CUBE_ERROR_INVALID_ARGUMENT);
    assert_true(mentions(sim.last_error(), "no robot"));
    assert_int_equal(sim.fault().code, CUBE_FAULT_REFUSED);
    assert_int_equal(sim.api->prepare(sim.instance), CUBE_OK);

    assert_int_equal(sim.configure("robot", "four-arm:range=2"), CUBE_OK);
    assert_true(mentions(sim.api->robot_spec(sim.instance), "four-arm:"));
    assert_int_equal(sim.api->actuator_count(sim.instance), 8);
    assert_string_equal(sim.api->actuator_name(sim.instance, 1), "L.slide");
    assert_null(sim.api->actuator_name(sim.instance, 8));
    assert_string_equal(sim.query("positions").c_str(), "0,1,0,1,0,1,0,1");  // rest: engaged at neutral
    // The same family keeps the positions (a resumed run configures the robot again) ...
    sim.step_ok({command(0, CUBE_ACTION_TURN, 2, 400000)});
    assert_int_equal(sim.configure("robot", "four-arm:range=2,turn90=100"), CUBE_OK);
    assert_string_equal(sim.query("positions").c_str(), "2,1,0,1,0,1,0,1");
    // ... another family starts at its rest.
    assert_int_equal(sim.configure("robot", "turntable-flipper"), CUBE_OK);
    assert_string_equal(sim.query("positions").c_str(), "0,0,0");
    assert_int_equal(sim.configure("robot", "nine-arm"), CUBE_ERROR_PARSE);
    assert_true(mentions(sim.last_error(), "nine-arm"));
    assert_true(mentions(sim.api->robot_spec(sim.instance), "turntable-flipper"));
}

void with_a_model_the_sim_keeps_its_own_robot(void **) {
    Sim sim(sim_test::builtin_table(), "model=six-motor,turn90=50,turn180=80,speed=0");
    std::string spec = sim.api->robot_spec(sim.instance);
    assert_true(mentions(spec, "turn90=50"));
    assert_int_equal(sim.configure("robot", "four-arm"), CUBE_ERROR_INVALID_ARGUMENT);
    assert_true(mentions(sim.last_error(), "this sim is a six-motor, not a four-arm"));
    // The same family with other times is accepted, but the sim's own times rule.
    assert_int_equal(sim.configure("robot", "six-motor:turn90=20"), CUBE_OK);
    assert_string_equal(sim.api->robot_spec(sim.instance), spec.c_str());
    assert_int_equal(sim.step({command(0, CUBE_ACTION_TURN, 1, 30000)}), CUBE_ERROR_INVALID_ARGUMENT);
    assert_true(mentions(sim.last_error(), "U needs 50000 us"));
}

void configure_sets_the_cube_and_refuses_the_unknown(void **) {
    Sim sim(sim_test::builtin_table(), "model=six-motor,speed=0");
    assert_string_equal(sim.query("cube").c_str(), "UUUUUUUUURRRRRRRRRFFFFFFFFFDDDDDDDDDLLLLLLLLLBBBBBBBBB");
    assert_int_equal(sim.configure("scramble", "R"), CUBE_OK);
    assert_string_equal(sim.query("solved").c_str(), "0");
    sim.step_ok({command(1, CUBE_ACTION_TURN, -1, 20000)});  // R'
    assert_string_equal(sim.query("solved").c_str(), "1");
    assert_int_equal(sim.configure("scramble", "R Q"), CUBE_ERROR_PARSE);
    assert_true(mentions(sim.last_error(), "scramble"));
    assert_string_equal(sim.query("solved").c_str(), "1");  // unchanged
    assert_int_equal(sim.configure("scramble", ""), CUBE_OK);
    assert_int_equal(sim.configure("colour", "red"), CUBE_ERROR_UNSUPPORTED);
    assert_true(mentions(sim.last_error(), "colour"));
    assert_int_equal(sim.configure(nullptr, "x"), CUBE_ERROR_INVALID_ARGUMENT);
    assert_int_equal(sim.configure("robot", nullptr), CUBE_ERROR_INVALID_ARGUMENT);
}

void queries_answer_or_refuse(void **) {
    Sim sim(sim_test::builtin_table(), "model=two-gripper,speed=0");
    assert_string_equal(sim.query("positions").c_str(), "0,1,0,1");
    assert_string_equal(sim.query("time_us").c_str(), "0");
    assert_string_equal(sim.query("solved").c_str(), "1");
    char buffer[8];
    int32_t length = -1;
    assert_int_equal(sim.api->query(sim.instance, "cube", buffer, sizeof buffer, &length), CUBE_ERROR_BUFFER_TOO_SMALL);
    assert_int_equal(length, 54);
    assert_true(mentions(sim.last_error(), "cannot hold 54"));
    length = -1;
    assert_int_equal(sim.api->query(sim.instance, "solved", nullptr, 0, &length), CUBE_ERROR_BUFFER_TOO_SMALL);
    assert_int_equal(length, 1);
    assert_int_equal(sim.api->query(sim.instance, "solved", buffer, 2, nullptr), CUBE_OK);
    assert_string_equal(buffer, "1");
    assert_int_equal(sim.api->query(sim.instance, "solved", nullptr, 4, nullptr), CUBE_ERROR_INVALID_ARGUMENT);
    assert_int_equal(sim.api->query(sim.instance, "solved", buffer, -1, nullptr), CUBE_ERROR_INVALID_ARGUMENT);
    assert_int_equal(sim.api->query(sim.instance, "weather", buffer, sizeof buffer, nullptr), CUBE_ERROR_UNSUPPORTED);
    assert_true(mentions(sim.last_error(), "weather"));
    assert_int_equal(sim.api->query(sim.instance, nullptr, buffer, sizeof buffer, nullptr), CUBE_ERROR_INVALID_ARGUMENT);
}

void status_position_and_fault_refuse_bad_arguments(void **) {
    Sim sim(sim_test::builtin_table(), "model=two-gripper,speed=0");
    int32_t value = 7;
    assert_int_equal(sim.api->position(sim.instance, 1, &value), CUBE_OK);
    assert_int_equal(value, 1);
    assert_int_equal(sim.api->position(sim.instance, 4, &value), CUBE_ERROR_INVALID_ARGUMENT);
    assert_true(mentions(sim.last_error(), "no actuator 4"));
    assert_int_equal(sim.api->position(sim.instance, -1, &value), CUBE_ERROR_INVALID_ARGUMENT);
    assert_int_equal(sim.api->position(sim.instance, 0, nullptr), CUBE_ERROR_INVALID_ARGUMENT);
    cube_driver_status status{};
    status.struct_size = CUBE_DRIVER_STATUS_SIZE_V1 - 4;
    assert_int_equal(sim.api->status(sim.instance, &status), CUBE_ERROR_INVALID_ARGUMENT);
    assert_int_equal(sim.api->status(sim.instance, nullptr), CUBE_ERROR_INVALID_ARGUMENT);
    cube_driver_fault fault{};
    fault.struct_size = CUBE_DRIVER_FAULT_SIZE_V1 - 8;
    assert_int_equal(sim.api->fault(sim.instance, &fault), CUBE_ERROR_INVALID_ARGUMENT);
    assert_int_equal(sim.api->fault(sim.instance, nullptr), CUBE_ERROR_INVALID_ARGUMENT);
    fault = sim.fault();
    assert_int_equal(fault.code, CUBE_FAULT_NONE);
    assert_int_equal(fault.actuator, -1);
    assert_int_equal(fault.action_index, -1);
    assert_string_equal(fault.text, "");
    assert_int_equal(sim.state(), CUBE_DRIVER_IDLE);
    assert_int_equal(sim.commands_done(), 0);
}

void the_margin_follows_the_speed(void **) {
    Sim instant(sim_test::builtin_table(), "model=four-arm,speed=0");
    assert_int_equal(instant.api->margin_us(instant.instance), 0);
    Sim real(sim_test::builtin_table(), "model=four-arm,speed=1");
    assert_int_equal(real.api->margin_us(real.instance), 200000);
    Sim fast(sim_test::builtin_table(), "model=four-arm,speed=10");
    assert_int_equal(fast.api->margin_us(fast.instance), 200000);
    // At half speed a step takes twice its time: the margin adds the longest command (a 400 ms half twist).
    Sim slow(sim_test::builtin_table(), "model=four-arm,speed=0.5");
    assert_int_equal(slow.api->margin_us(slow.instance), 600000);
    Sim crawl(sim_test::builtin_table(), "model=four-arm,speed=0.001");
    assert_int_equal(crawl.api->margin_us(crawl.instance), 60000000);
}

// Per-actuator keys longer than the uniform times count: a 900 ms R retract at half speed.
void the_margin_counts_per_actuator_times(void **) {
    Sim slow(sim_test::builtin_table(), "model=four-arm,R.slide.open=900,speed=0.5");
    assert_int_equal(slow.api->margin_us(slow.instance), 200000 + 900000);
    Sim held(sim_test::builtin_table(), "model=turntable-flipper,table.turn90=700,table.turn180=800,speed=0.5");
    assert_int_equal(held.api->margin_us(held.instance), 200000 + 800000);
}

}  // namespace

int main(int argc, char **argv) {
    if (argc < 2) {
        std::fprintf(stderr, "usage: test_sim_setup SIM_PLUGIN_FILE\n");
        return 2;
    }
    sim_test::set_plugin_file(argv[1]);
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(bad_options_are_refused_at_open),
        cmocka_unit_test(a_missing_or_old_host_is_refused),
        cmocka_unit_test(without_a_model_the_sim_adopts_the_robot_it_is_told),
        cmocka_unit_test(with_a_model_the_sim_keeps_its_own_robot),
        cmocka_unit_test(configure_sets_the_cube_and_refuses_the_unknown),
        cmocka_unit_test(queries_answer_or_refuse),
        cmocka_unit_test(status_position_and_fault_refuse_bad_arguments),
        cmocka_unit_test(the_margin_follows_the_speed),
        cmocka_unit_test(the_margin_counts_per_actuator_times),
    };
    return cmocka_run_group_tests(tests, nullptr, nullptr);
}
