// The Maestro driver (cube-driver-maestro.so, loaded through a registry) against a fake Maestro on a
// pseudo-terminal: full plans of a four-arm robot (compact protocol) and a two-gripper robot (Pololu
// protocol with CRC-7) give the expected bytes and a servo history that solves the cube on the robot's
// physics; each fault (garbage, short reply, silence, unplug, device error bits) gives its fault record,
// sends the safe pose while the port is open, and does not hang.
// Usage: test_maestro PLUGIN_FILE
#include <algorithm>
#include <chrono>
#include <cstdio>
#include <cstring>
#include <string>
#include <thread>

#include "maestro_rig.hpp"

#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <setjmp.h>
extern "C" {
#include <cmocka.h>
}

namespace {

using namespace maestro_test;
using Clock = std::chrono::steady_clock;

const char *const kScramble = "R U F' D2 L B'";
const char *const kSolution = "B L' D2 F U' R'";

std::string hex(const Bytes &b) {
    std::string out;
    char two[4];
    for (size_t i = 0; i < b.size(); ++i) {
        std::snprintf(two, sizeof two, "%02X", b[i]);
        out += (i ? " " : "") + std::string(two);
    }
    return out;
}

void assert_contains(const std::string &text, const char *part) {
    if (text.find(part) == std::string::npos) {
        print_error("\"%s\" does not contain \"%s\"\n", text.c_str(), part);
        fail();
    }
}

// The bytes of the plan's first step: its targets, a get-position per servo, get-errors.
Bytes first_step_bytes(Rig &rig, const cube_plan *plan) {
    Bytes out;
    auto add = [&](const Bytes &b) { out.insert(out.end(), b.begin(), b.end()); };
    std::vector<cube_action> step;
    int32_t count = 0;
    cube_plan_action_count(plan, &count);
    for (int32_t i = 0; i < count; ++i) {
        cube_action a;
        cube_action_init(&a);
        cube_plan_get_action(plan, i, &a);
        if (!step.empty() && a.start_us != step[0].start_us) break;
        step.push_back(a);
    }
    std::vector<int32_t> rest = rig.rest();
    for (const cube_action &a : step) {
        int to = a.kind == CUBE_ACTION_TURN ? rest[size_t(a.actuator)] + a.param : a.param;
        add(rig.target(a.actuator, rig.pulse(a.actuator, to)));
    }
    for (const cube_action &a : step) add(rig.frame(0x90, Bytes{uint8_t(a.actuator)}));
    add(rig.frame(0xA1, {}));
    return out;
}

// get-position is asked again while a servo is still short of its target: on a loaded machine the fake's
// thread may start a move a few ms late (the executor starting its step threads, a sanitizer). Repeats of
// one get-position count once.
Bytes without_repeated_reads(const Rig &rig, Bytes got) {
    for (int ch = 0; ch < rig.actuators(); ++ch) {
        const Bytes read = rig.frame(0x90, Bytes{uint8_t(ch)});
        Bytes twice = read;
        twice.insert(twice.end(), read.begin(), read.end());
        for (auto at = std::search(got.begin(), got.end(), twice.begin(), twice.end()); at != got.end();
             at = std::search(got.begin(), got.end(), twice.begin(), twice.end()))
            got.erase(at, at + long(read.size()));
    }
    return got;
}

void solve_and_check(Rig &rig, const char *expected_spec, const char *literal_start) {
    rig.open();
    assert_string_equal(cube_driver_robot_spec(rig.driver), expected_spec);
    cube_plan *plan = rig.plan(kSolution);
    cube_run_report report;
    cube_run_report_init(&report);
    cube_status st = cube_driver_run_plan(rig.driver, plan, nullptr, &report);
    if (st != CUBE_OK) print_error("run: %s\n", cube_last_error());
    assert_int_equal(st, CUBE_OK);
    Bytes expected = rig.prepare_bytes();
    Bytes step = first_step_bytes(rig, plan);
    expected.insert(expected.end(), step.begin(), step.end());
    Bytes got = without_repeated_reads(rig, rig.fake->stream());
    got.resize(std::min(got.size(), expected.size()));
    assert_string_equal(hex(got).c_str(), hex(expected).c_str());
    assert_int_equal(hex(got).compare(0, std::strlen(literal_start), literal_start), 0);
    std::string why = rig.replay(kScramble);
    if (!why.empty()) print_error("replay: %s\n", why.c_str());
    assert_true(why.empty());
    int64_t total_us = 0;
    cube_plan_total_us(plan, &total_us);
    std::printf("# %s: %d actions, plan %lld ms, run %lld ms, %zu bytes sent\n", rig.setup.model.c_str(),
                report.action_count, (long long)total_us / 1000, (long long)report.elapsed_us / 1000,
                rig.fake->stream().size());
    cube_plan_free(plan);
}

void crc7_matches_pololus_example(void **) {
    assert_int_equal(fake_crc7(Bytes{0xAA, 0x01, 0x10, 0x00}), 0x6B);  // Pololu's forum example
}

void four_arm_compact_solves(void **) {
    Rig rig(Setup{});
    // Twists: 500 us = 2000 quarter-us at 2000 per 10 ms = 10 ms + 2 ms settle; slides 600 us: 12 + 2 ms.
    solve_and_check(rig, "four-arm:turn90=12.000,turn180=22.000,grip=14.000,range=1,parallel=1",
                    "90 00 90 01 90 02");
}

void two_gripper_pololu_crc_solves(void **) {
    Setup s;
    s.model = "two-gripper";
    s.pololu = true;
    s.crc = true;
    Rig rig(s);
    solve_and_check(rig, "two-gripper:turn90=12.000,turn180=22.000,grip=14.000,range=1,parallel=1", "AA 0C 10 00");
    assert_int_equal(rig.fake->errors(), 0);
}

// Runs a plan with the fake misbehaving from its `after`-th reply after prepare; checks the fault.
cube_driver_fault run_with_fault(Rig &rig, Misbehave how, int after, uint16_t bits, int32_t expected_code,
                                 const char *text) {
    rig.open();
    assert_int_equal(cube_driver_prepare(rig.driver), CUBE_OK);
    if (bits) rig.fake->error_bits(bits, after);
    else rig.fake->misbehave(how, after);
    cube_plan *plan = rig.plan(kSolution);
    auto start = Clock::now();
    cube_status st = cube_driver_run_plan(rig.driver, plan, nullptr, nullptr);
    double seconds = std::chrono::duration<double>(Clock::now() - start).count();
    cube_plan_free(plan);
    assert_int_not_equal(st, CUBE_OK);
    assert_true(seconds < 5.0);  // no hang: every read has a limit
    cube_driver_fault f = rig.fault();
    std::printf("# fault %s (status %d, actuator %d, bits 0x%X): %s\n", cube_fault_name(f.code), f.status,
                f.actuator, f.device_bits, f.text);
    assert_int_equal(f.code, expected_code);
    assert_contains(f.text, text);
    return f;
}

// Whether the last targets in `h` are a hold pose on every one of `n` channels.
bool ends_with_hold_pose(const std::vector<Event> &h, size_t n) {
    if (h.size() < n) return false;
    std::vector<bool> seen(n, false);
    for (size_t i = h.size() - n; i < h.size(); ++i) {
        if (h[i].channel < 0 || size_t(h[i].channel) >= n || h[i].target <= 0) return false;
        seen[size_t(h[i].channel)] = true;
    }
    for (bool s : seen)
        if (!s) return false;
    return true;
}

// The last targets the fake got are a hold pose on every channel (the safe pose of stop=hold). The fake
// reads the port on its own thread: give it up to 2 s to take in the driver's last bytes.
void assert_hold_pose_sent(Rig &rig) {
    const size_t n = size_t(rig.actuators());
    const auto until = Clock::now() + std::chrono::seconds(2);
    while (!ends_with_hold_pose(rig.fake->history(), n) && Clock::now() < until)
        std::this_thread::sleep_for(std::chrono::milliseconds(10));
    assert_true(ends_with_hold_pose(rig.fake->history(), n));
}

void garbage_reply_is_a_communication_fault(void **) {
    Rig rig(Setup{});
    cube_driver_fault f = run_with_fault(rig, Misbehave::kGarbage, 3, 0, CUBE_FAULT_COMMUNICATION, "garbage reply FF FF");
    assert_contains(f.text, "hold their pose");
    assert_true(f.actuator >= 0);
    assert_hold_pose_sent(rig);
}

void short_reply_is_a_communication_fault(void **) {
    Setup setup;
    setup.reply_timeout_ms = 100;  // the silence ends the step before its time limit
    Rig rig(setup);
    cube_driver_fault f = run_with_fault(rig, Misbehave::kShort, 2, 0, CUBE_FAULT_COMMUNICATION, "short reply: 1 of 2 bytes");
    assert_contains(f.text, "channel ");
    assert_hold_pose_sent(rig);
}

void silence_is_a_communication_fault(void **) {
    Setup setup;
    setup.reply_timeout_ms = 100;  // the silence ends the step before its time limit
    Rig rig(setup);
    run_with_fault(rig, Misbehave::kSilence, 4, 0, CUBE_FAULT_COMMUNICATION, "no reply within 100 ms (silence)");
    assert_hold_pose_sent(rig);
}

void unplug_is_a_communication_fault(void **) {
    Rig rig(Setup{});
    cube_driver_fault f = run_with_fault(rig, Misbehave::kClose, 3, 0, CUBE_FAULT_COMMUNICATION, "the port closed");
    assert_contains(f.text, "the port is closed: the servos keep their last targets");
    assert_int_equal(f.positions_known, 0);
}

void error_bits_are_a_device_fault(void **) {
    Rig rig(Setup{});
    cube_driver_fault f = run_with_fault(rig, Misbehave::kNone, 2, 0x0008, CUBE_FAULT_DEVICE, "serial CRC error (bit 3)");
    assert_int_equal(f.device_bits, 0x0008);
    assert_contains(f.text, "channel ");
    assert_hold_pose_sent(rig);
}

void stop_off_stops_the_pulses(void **) {
    Setup s;
    s.stop = "off";
    Rig rig(s);
    cube_driver_fault f = run_with_fault(rig, Misbehave::kNone, 1, 0x0010, CUBE_FAULT_DEVICE, "serial protocol error (bit 4)");
    assert_contains(f.text, "pulses were stopped");
    std::vector<Event> h = rig.fake->history();
    assert_int_equal(h.back().target, 0);
}

// The last target the fake got per channel (-1: none), once the fake's thread has read everything.
std::vector<int> last_targets(Rig &rig, size_t events_before) {
    std::vector<int> last(size_t(rig.actuators()), -1);
    std::vector<Event> h = rig.fake->history();
    for (size_t k = events_before; k < h.size(); ++k)
        if (h[k].channel >= 0 && h[k].channel < rig.actuators()) last[size_t(h[k].channel)] = h[k].target;
    return last;
}

// close = off: the close after a good rest stops every pulse.
void close_off_stops_every_pulse(void **) {
    Setup setup;
    setup.extra_device = "close = off\n";
    Rig rig(setup);
    rig.open();
    assert_int_equal(cube_driver_prepare(rig.driver), CUBE_OK);
    assert_int_equal(cube_driver_rest(rig.driver), CUBE_OK);
    size_t before = rig.fake->history().size();
    cube_driver_close(rig.driver);
    rig.driver = nullptr;
    std::vector<int> last;
    for (int tries = 0; tries < 200; ++tries) {  // the fake's thread reads the last bytes a moment after close
        last = last_targets(rig, before);
        if (std::count(last.begin(), last.end(), 0) == rig.actuators()) break;
        std::this_thread::sleep_for(std::chrono::milliseconds(5));
    }
    for (int ch = 0; ch < rig.actuators(); ++ch) assert_int_equal(last[size_t(ch)], 0);
}

// close = hold (the default): the arms go on holding the cube after a good rest; a driver that never
// prepared (cube plan --driver) sends nothing at all.
void close_hold_keeps_the_pulses(void **) {
    Rig rig(Setup{});
    rig.open();
    assert_int_equal(cube_driver_prepare(rig.driver), CUBE_OK);
    assert_int_equal(cube_driver_rest(rig.driver), CUBE_OK);
    size_t before = rig.fake->history().size();
    cube_driver_close(rig.driver);
    rig.driver = nullptr;
    std::this_thread::sleep_for(std::chrono::milliseconds(50));
    for (int ch = 0; ch < rig.actuators(); ++ch) {
        assert_int_equal(last_targets(rig, before)[size_t(ch)], -1);
        assert_int_equal(rig.fake->position(ch), rig.pulse(ch, rig.rest()[size_t(ch)]));
    }

    Rig plan_only(Setup{});
    plan_only.open();
    cube_driver_close(plan_only.driver);
    plan_only.driver = nullptr;
    std::this_thread::sleep_for(std::chrono::milliseconds(50));
    assert_int_equal(int(plan_only.fake->stream().size()), 0);
}

void bad_options_are_refused(void **) {
    Rig rig(Setup{});
    std::string error;
    assert_int_equal(rig.try_open(rig.uri() + "&speed=3", error), CUBE_ERROR_INVALID_ARGUMENT);
    assert_contains(error, "unknown URI option \"speed\"");
    assert_int_equal(rig.try_open("maestro:" + rig.fake->path() + "?config=" + rig.config, error), CUBE_ERROR_INVALID_ARGUMENT);
    assert_contains(error, "no robot model");
    assert_int_equal(rig.try_open(rig.uri() + "&protocol=ascii", error), CUBE_ERROR_INVALID_ARGUMENT);
    assert_contains(error, "expected compact or pololu");
    assert_int_equal(rig.try_open("maestro:/nonexistent/tty?config=" + rig.config + "&model=four-arm", error),
                     CUBE_ERROR_NOT_FOUND);
    Setup typo;
    typo.extra_device = "sped = 3\n";
    Rig rig2(typo);
    assert_int_equal(rig2.try_open(rig2.uri(), error), CUBE_ERROR_INVALID_ARGUMENT);
    assert_contains(error, "[device] has no key \"sped\"");
}

// Per-step overhead: servos so fast that the move time is about 1 ms; the rest is I/O and the host.
}  // namespace

int main(int argc, char **argv) {
    if (argc < 2) {
        std::fprintf(stderr, "usage: %s PLUGIN_FILE\n", argv[0]);
        return 2;
    }
    set_plugin_folder(argv[1]);
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(crc7_matches_pololus_example),
        cmocka_unit_test(four_arm_compact_solves),
        cmocka_unit_test(two_gripper_pololu_crc_solves),
        cmocka_unit_test(garbage_reply_is_a_communication_fault),
        cmocka_unit_test(short_reply_is_a_communication_fault),
        cmocka_unit_test(silence_is_a_communication_fault),
        cmocka_unit_test(unplug_is_a_communication_fault),
        cmocka_unit_test(error_bits_are_a_device_fault),
        cmocka_unit_test(stop_off_stops_the_pulses),
        cmocka_unit_test(close_off_stops_every_pulse),
        cmocka_unit_test(close_hold_keeps_the_pulses),
        cmocka_unit_test(bad_options_are_refused),
    };
    return cmocka_run_group_tests(tests, nullptr, nullptr);
}
