// Stops that tell the truth (issue 34) on the fake Maestro: a cancel token and a Ctrl-C
// (cube_driver_cancel from another thread, as the CLI's signal thread does) before, during and after a
// servo move, and a Maestro that stops answering during one. For each, the positions the driver reports
// (and "positions known" in the fault) must match the fake's own servo pulses, and the retry either
// recovers (recover=undo, then the rest of the plan from the driver's positions) or is refused with a
// message naming the servo and the recovery. Each case prints one row of the table.
// Usage: test_maestro_stops PLUGIN_FILE
#include <atomic>
#include <chrono>
#include <cstdio>
#include <cstdlib>
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

const char *const kMoves = "R' F R2 L";

// Slow servos: 500 us of pulse (2000 quarter-us) at 100 quarter-us per 10 ms take 200 ms.
Setup slow_setup() {
    Setup s;
    s.speed = 100;
    return s;
}

enum class When { kBefore, kDuring, kAfter };
enum class How { kToken, kCtrlC, kSilence };

const char *when_text(When w) {
    return w == When::kBefore ? "before a move" : w == When::kDuring ? "during a move" : "after the last move";
}
const char *how_text(How h) {
    return h == How::kToken ? "cancel token" : h == How::kCtrlC ? "Ctrl-C" : "the Maestro stops answering";
}

// The named position of actuator `a` at pulse `qus`, or -99 when it is at none.
int named_at(const Rig &rig, int a, int qus) {
    for (int p = -1; p <= 1; ++p)
        if (rig.pulse(a, p) == qus && (rig.turns(a) || p >= 0)) return p;
    return -99;
}

// A servo mid-move: moving and at least 100 quarter-us from every named pulse.
bool mid_move(Rig &rig, int a) {
    if (!rig.fake->moving(a)) return false;
    const int at = rig.fake->position(a);
    for (int p = -1; p <= 1; ++p)
        if (std::abs(at - rig.pulse(a, p)) < 100) return false;
    return true;
}

// The report against the fake: known only when every servo is at a named pulse, and the same one.
bool check_truth(Rig &rig, bool check_fault, std::string &reported) {
    cube_driver_fault f = rig.fault();
    std::vector<int32_t> at(size_t(rig.actuators()), 0);
    int32_t n = 0;
    cube_status st = cube_driver_positions(rig.driver, at.data(), int32_t(at.size()), &n);
    bool fake_known = true;
    std::string fake;
    for (int a = 0; a < rig.actuators(); ++a) {
        const int p = named_at(rig, a, rig.fake->position(a));
        fake_known = fake_known && p != -99;
        fake += (a ? " " : "") + std::to_string(rig.fake->position(a)) + (p == -99 ? "*" : "");
    }
    if (st == CUBE_OK) {
        for (int a = 0; a < rig.actuators(); ++a) assert_int_equal(rig.pulse(a, at[size_t(a)]), rig.fake->position(a));
        reported = "known";
    } else {
        const std::string why = cube_last_error();
        const bool between = why.find("between positions") != std::string::npos;
        if (between) assert_true(why.find("recover=") != std::string::npos);
        assert_true(between || why.find("not known") != std::string::npos);
        reported = between ? "between positions" : "not known";
        // Every servo well away from its named pulses is named, not only the first.
        for (int a = 0; a < rig.actuators(); ++a) {
            bool far = true;
            for (int p = -1; p <= 1; ++p) far = far && std::abs(rig.fake->position(a) - rig.pulse(a, p)) >= 100;
            if (far) assert_true(why.find("actuator " + std::to_string(a) + ": ") != std::string::npos);
        }
    }
    if (st == CUBE_OK) assert_true(fake_known);  // never "known" where the fake disagrees
    if (check_fault && f.code != CUBE_FAULT_NONE) assert_int_equal(f.positions_known, st == CUBE_OK);
    std::printf("#   fake pulses (quarter-us, * between named positions): %s\n", fake.c_str());
    return st == CUBE_OK;
}

void run_rest(Rig &rig, const cube_plan *plan, int32_t done) {
    cube_robot *robot = nullptr;
    cube_moves *left = nullptr;
    cube_plan *rest = nullptr;
    std::vector<int32_t> at(size_t(rig.actuators()), 0);
    int32_t n = 0;
    assert_int_equal(cube_robot_parse(cube_driver_robot_spec(rig.driver), &robot), CUBE_OK);
    assert_int_equal(cube_plan_remaining(plan, done, &left), CUBE_OK);
    assert_int_equal(cube_driver_positions(rig.driver, at.data(), int32_t(at.size()), &n), CUBE_OK);
    cube_plan_options o;
    assert_int_equal(cube_plan_options_init(&o), CUBE_OK);
    o.start_positions = at.data();
    o.start_position_count = n;
    assert_int_equal(cube_plan_new(robot, left, &o, &rest), CUBE_OK);
    cube_run_options ro;
    assert_int_equal(cube_run_options_init(&ro), CUBE_OK);
    ro.resume = 1;
    cube_status st = cube_driver_run_plan(rig.driver, rest, &ro, nullptr);
    if (st != CUBE_OK) std::printf("# rest of the plan: %s\n", cube_last_error());
    assert_int_equal(st, CUBE_OK);
    cube_plan_free(rest);
    cube_moves_free(left);
    cube_robot_free(robot);
}

int32_t stop_at_end(void *, int32_t done, int32_t count, int64_t) {
    return done == count;
}

void stop_case(How how, When when) {
    Rig rig(slow_setup());
    rig.open();
    cube_plan *plan = rig.plan(kMoves);
    cube_cancel *token = nullptr;
    assert_int_equal(cube_cancel_new(&token), CUBE_OK);
    cube_run_options o;
    assert_int_equal(cube_run_options_init(&o), CUBE_OK);
    o.cancel = token;
    if (when == When::kAfter) o.progress = stop_at_end;
    if (when == When::kBefore) assert_int_equal(cube_cancel_trigger(token), CUBE_OK);
    std::atomic<bool> done{false};
    std::atomic<int> acted{-1};
    std::thread watcher;
    if (when == When::kDuring) {
        watcher = std::thread([&] {
            // Past prepare (its rest pulses confirm at once): a servo on its way between named positions.
            while (!done && acted < 0) {
                for (int a = 0; a < rig.actuators() && acted < 0; ++a) {
                    if (!mid_move(rig, a)) continue;
                    if (how == How::kToken) cube_cancel_trigger(token);
                    if (how == How::kCtrlC) cube_driver_cancel(rig.driver);
                    if (how == How::kSilence) rig.fake->misbehave(Misbehave::kSilence, 0);
                    acted = a;
                }
                std::this_thread::sleep_for(std::chrono::microseconds(300));
            }
        });
    }
    cube_run_report rep;
    assert_int_equal(cube_run_report_init(&rep), CUBE_OK);
    cube_status st = cube_driver_run_plan(rig.driver, plan, &o, &rep);
    done = true;
    if (watcher.joinable()) watcher.join();
    if (when == When::kDuring) assert_true(acted >= 0);
    assert_int_not_equal(st, CUBE_OK);
    std::this_thread::sleep_for(std::chrono::milliseconds(20));  // the fake must agree a moment later too
    std::string reported;
    const bool known = check_truth(rig, true, reported);
    std::string retry;
    if (known) {
        run_rest(rig, plan, rep.actions_done);
        retry = "resumed from the reported positions: the rest of the plan ran";
    } else if (how == How::kSilence) {
        assert_int_not_equal(cube_driver_prepare(rig.driver), CUBE_OK);
        retry = std::string("refused: ") + (reported == "between positions" ? "prepare names the servo between "
                                                                               "positions" : "the Maestro does not answer");
    } else if (reported == "not known") {  // stopped before prepare: nothing was ever sent, nothing is known
        assert_int_equal(rep.actions_done, 0);
        assert_int_equal(cube_driver_prepare(rig.driver), CUBE_OK);
        run_rest(rig, plan, 0);
        retry = "prepare took the robot to rest (nothing had moved); the whole plan ran";
    } else {
        assert_int_equal(cube_driver_prepare(rig.driver), CUBE_ERROR_IO);
        assert_non_null(std::strstr(cube_last_error(), "recover="));
        assert_int_equal(cube_driver_configure(rig.driver, "recover", "undo"), CUBE_OK);
        std::string after;
        assert_true(check_truth(rig, false, after));
        run_rest(rig, plan, rep.actions_done);
        retry = "refused, then recover=undo moved the servo back; the rest of the plan ran";
    }
    std::printf("# table | %s %s | maestro | reported %s | fake agrees | %s\n", how_text(how), when_text(when),
                reported.c_str(), retry.c_str());
    cube_plan_free(plan);
    cube_cancel_free(token);
}

// A servo an earlier process left between positions (pulses on, still) is found at the first prepare:
// refused naming it; undo is refused (its start is not known); nearest moves it; then prepare goes on.
// A servo at a named position, or limp (no pulses), is no reason to refuse.
void left_between_by_an_earlier_process(void **) {
    Rig rig(Setup{});
    rig.open();
    const int between = rig.pulse(0, 0) + 3 * (rig.pulse(0, 1) - rig.pulse(0, 0)) / 4;
    rig.fake->set_position(0, between);
    rig.fake->set_position(1, rig.pulse(1, rig.rest()[1]));
    assert_int_equal(cube_driver_prepare(rig.driver), CUBE_ERROR_IO);
    const std::string why = cube_last_error();
    std::printf("# refusal: %s\n", why.c_str());
    assert_true(why.find("is between positions: at " + std::to_string(between)) != std::string::npos);
    assert_true(why.find("recover=") != std::string::npos);
    assert_true(why.find(rig.names[1]) == std::string::npos);
    std::string reported;
    assert_false(check_truth(rig, false, reported));
    assert_int_equal(cube_driver_configure(rig.driver, "recover", "undo"), CUBE_ERROR_INVALID_ARGUMENT);
    assert_non_null(std::strstr(cube_last_error(), "already between positions when this driver opened"));
    assert_int_equal(cube_driver_configure(rig.driver, "recover", "nearest"), CUBE_OK);
    const int at = rig.fake->position(0);
    assert_int_equal(at, rig.pulse(0, 1));
    assert_int_equal(cube_driver_prepare(rig.driver), CUBE_OK);
    assert_true(check_truth(rig, false, reported));
    std::printf("# table | an earlier process left a servo between positions | maestro | prepare refused, naming it "
                "| fake agrees | undo refused; recover=nearest, then prepare went on\n");
}

void token_before(void **) { stop_case(How::kToken, When::kBefore); }
void token_during(void **) { stop_case(How::kToken, When::kDuring); }
void token_after(void **) { stop_case(How::kToken, When::kAfter); }
void ctrl_c_during(void **) { stop_case(How::kCtrlC, When::kDuring); }
void silence_during(void **) { stop_case(How::kSilence, When::kDuring); }

}  // namespace

int main(int argc, char **argv) {
    if (argc < 2) {
        std::fprintf(stderr, "usage: %s PLUGIN_FILE\n", argv[0]);
        return 2;
    }
    set_plugin_folder(argv[1]);
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(token_before),  cmocka_unit_test(token_during),   cmocka_unit_test(token_after),
        cmocka_unit_test(ctrl_c_during), cmocka_unit_test(silence_during),
        cmocka_unit_test(left_between_by_an_earlier_process),
    };
    return cmocka_run_group_tests(tests, nullptr, nullptr);
}
