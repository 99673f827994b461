// The Maestro driver with concurrent steps against the fake Maestro on a pseudo-terminal: a four-arm plan
// has steps on other channels moving at once (one serial port shared, each exchange whole); error bits
// while two steps are in flight give one fault and one safe pose; a cancel while two are in flight stops
// every servo; concurrent=0 runs one step at a time. A watcher thread reads the fake's history as the plan
// runs to see two steps in flight.
// Usage: test_maestro_concurrent PLUGIN_FILE
#include <dlfcn.h>

#include <atomic>
#include <chrono>
#include <cstdio>
#include <cstring>
#include <string>
#include <thread>

#include "driver/host.hpp"
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

// Four-arm plans rarely have steps in flight together (their search starts independent commands in one
// step); this one has one pair: R.slide and, 1 us later, L.slide (actions 9 and 10, 62 ms each). Found by
// planning random 12-move lists on the rig's robot; a planner change may move the pair, then find another.
const char *const kMoves = "R' F R2 L R L F' R U L2 U2 L";
const char *const kScramble = "L' U2 L2 U' R' F L' R' L' R2 F' R";  // the inverse: the moves solve it

// Slow servos (twists 50 ms, slides 60 ms, plus 2 ms): long against the thread hand-offs of a loaded
// machine or of TSan.
Setup slow_setup() {
    Setup s;
    s.speed = 400;
    return s;
}

enum class Mode { kWatch, kErrorBits, kCancel };

// Watches the fake's history while a plan runs. Each step's targets reach the fake together (one hold of
// the port) and the step ends with its get-errors, so a step's targets arriving while another step's
// get-errors has not come yet are two steps in flight.
class Watcher {
  public:
    Watcher(Rig &rig, const cube_plan *plan, Mode mode) : rig_(rig), mode_(mode) {
        int32_t count = 0;
        cube_plan_action_count(plan, &count);
        int32_t last_start = -1;
        for (int32_t i = 0; i < count; ++i) {
            cube_action a;
            cube_action_init(&a);
            cube_plan_get_action(plan, i, &a);
            if (a.start_us != last_start) step_sizes_.push_back(0);
            ++step_sizes_.back();
            last_start = a.start_us;
        }
        thread_ = std::thread([this] { watch(); });
    }
    ~Watcher() { finish(); }
    void finish() {
        done_ = true;
        if (thread_.joinable()) thread_.join();
    }

    int most_in_flight = 0;  // read after finish()
    bool acted = false;

  private:
    // The most steps in flight at once in `history` by the plan's steps, after prepare (a get-errors,
    // the rest targets, a get-errors).
    int in_flight_at_most(const std::vector<Event> &history) const {
        size_t step = 0;
        int targets = 0;
        int in_flight = 0;
        int most = 0;
        int prepare_reads = 0;
        for (const Event &e : history) {
            if (prepare_reads < 2) {
                prepare_reads += e.channel < 0;
                continue;
            }
            if (e.channel < 0) {
                --in_flight;
                continue;
            }
            if (step >= step_sizes_.size()) break;  // rest's targets
            if (++targets < step_sizes_[step]) continue;
            targets = 0;
            ++step;
            most = std::max(most, ++in_flight);
        }
        return most;
    }
    void watch() {
        while (!done_) {
            most_in_flight = std::max(most_in_flight, in_flight_at_most(rig_.fake->history()));
            if (most_in_flight >= 2 && !acted) {
                if (mode_ == Mode::kErrorBits) rig_.fake->error_bits(0x0008, 0);
                if (mode_ == Mode::kCancel) assert_int_equal(cube_driver_cancel(rig_.driver), CUBE_OK);
                acted = mode_ != Mode::kWatch;
            }
            std::this_thread::sleep_for(std::chrono::microseconds(300));
        }
    }

    Rig &rig_;
    Mode mode_;
    std::vector<int> step_sizes_;
    std::atomic<bool> done_{false};
    std::thread thread_;
};

struct Outcome {
    cube_status status;
    double ms;
    int most_in_flight;
    bool acted;
};

Outcome run_watched(Rig &rig, Mode mode) {
    cube_plan *plan = rig.plan(kMoves);
    Watcher w(rig, plan, mode);
    auto start = Clock::now();
    Outcome o{};
    o.status = cube_driver_run_plan(rig.driver, plan, nullptr, nullptr);
    o.ms = std::chrono::duration<double, std::milli>(Clock::now() - start).count();
    w.finish();
    o.most_in_flight = w.most_in_flight;
    o.acted = w.acted;
    cube_plan_free(plan);
    return o;
}

std::string concurrent_answer(Rig &rig) {
    char text[16] = "";
    assert_int_equal(cube_driver_query(rig.driver, "concurrent-steps", text, sizeof text, nullptr), CUBE_OK);
    return text;
}

int occurrences(const std::string &text, const char *part) {
    int n = 0;
    for (size_t at = text.find(part); at != std::string::npos; at = text.find(part, at + 1)) ++n;
    return n;
}

// The last targets the fake got hold every channel where it is, and none moves.
void assert_held(Rig &rig) {
    const size_t n = size_t(rig.actuators());
    const auto until = Clock::now() + std::chrono::seconds(2);
    auto held = [&] {
        std::vector<Event> h = rig.fake->history();
        if (h.size() < n) return false;
        std::vector<bool> seen(n, false);
        for (size_t i = h.size() - n; i < h.size(); ++i) {
            if (h[i].channel < 0 || size_t(h[i].channel) >= n || h[i].target <= 0) return false;
            seen[size_t(h[i].channel)] = true;
        }
        for (bool s : seen)
            if (!s) return false;
        return true;
    };
    while (!held() && Clock::now() < until) std::this_thread::sleep_for(std::chrono::milliseconds(10));
    assert_true(held());
    for (int ch = 0; ch < int(n); ++ch) assert_false(rig.fake->moving(ch));
}

void steps_on_other_channels_run_at_once(void **) {
    Rig rig(slow_setup());
    rig.open();
    assert_string_equal(concurrent_answer(rig).c_str(), "yes");
    Outcome o = run_watched(rig, Mode::kWatch);
    if (o.status != CUBE_OK) print_error("run: %s\n", cube_last_error());
    assert_int_equal(o.status, CUBE_OK);
    assert_int_equal(o.most_in_flight, 2);
    std::vector<int32_t> rest = rig.rest();  // the plan ends at rest
    for (int ch = 0; ch < rig.actuators(); ++ch)
        assert_int_equal(rig.fake->position(ch), rig.pulse(ch, rest[size_t(ch)]));
    assert_int_equal(rig.fake->errors(), 0);
    std::printf("# concurrent: run %.0f ms with prepare and rest\n", o.ms);
}

void concurrent_0_runs_one_step_at_a_time(void **) {
    Rig rig(slow_setup());
    rig.open("&concurrent=0");
    assert_string_equal(concurrent_answer(rig).c_str(), "no");
    Outcome o = run_watched(rig, Mode::kWatch);
    if (o.status != CUBE_OK) print_error("run: %s\n", cube_last_error());
    assert_int_equal(o.status, CUBE_OK);
    assert_int_equal(o.most_in_flight, 1);
    std::string why = rig.replay(kScramble);  // each step's targets, then its get-errors
    if (!why.empty()) print_error("replay: %s\n", why.c_str());
    assert_true(why.empty());
    std::printf("# one step at a time: run %.0f ms with prepare and rest\n", o.ms);
}

void error_bits_with_two_steps_in_flight_give_one_fault(void **) {
    Rig rig(slow_setup());
    rig.open();
    Outcome o = run_watched(rig, Mode::kErrorBits);
    assert_true(o.acted);
    assert_int_equal(o.status, CUBE_ERROR_IO);
    assert_true(o.ms < 5000);  // no deadlock, every wait bounded
    cube_driver_fault f = rig.fault();
    std::printf("# fault %s (%.0f ms): %s\n", cube_fault_name(f.code), o.ms, f.text);
    assert_int_equal(f.code, CUBE_FAULT_DEVICE);
    assert_int_equal(f.device_bits, 0x0008);
    assert_int_equal(occurrences(f.text, "serial CRC error (bit 3)"), 1);
    assert_int_equal(occurrences(f.text, "hold their pose"), 1);
    assert_held(rig);
}

void a_cancel_with_two_steps_in_flight_stops_every_servo(void **) {
    Rig rig(slow_setup());
    rig.open();
    Outcome o = run_watched(rig, Mode::kCancel);
    assert_true(o.acted);
    assert_int_equal(o.status, CUBE_ERROR_CANCELLED);
    assert_true(o.ms < 5000);
    cube_driver_fault f = rig.fault();
    std::printf("# fault %s (%.0f ms): %s\n", cube_fault_name(f.code), o.ms, f.text);
    assert_int_equal(f.code, CUBE_FAULT_CANCELLED);
    assert_held(rig);
}

void a_bad_concurrent_value_is_refused(void **) {
    Rig rig(slow_setup());
    std::string error;
    assert_int_not_equal(rig.try_open(rig.uri() + "&concurrent=2", error), CUBE_OK);
    if (error.find("concurrent") == std::string::npos) print_error("error: %s\n", error.c_str());
    assert_true(error.find("concurrent") != std::string::npos);
}

// The plugin's table, loaded straight (the executor never sends what the tests below send).
std::string plugin_file;

const cube_driver_api *plugin_table() {
    static void *handle = dlopen(plugin_file.c_str(), RTLD_NOW | RTLD_LOCAL);
    if (!handle) print_error("dlopen %s: %s\n", plugin_file.c_str(), dlerror());
    assert_non_null(handle);
    auto entry = reinterpret_cast<cube_driver_entry_fn>(dlsym(handle, CUBE_DRIVER_ENTRY_SYMBOL));
    assert_non_null(entry);
    return entry(CUBE_DRIVER_ABI_VERSION);
}

cube_driver_command grip(int32_t actuator, int32_t position) {
    return cube_driver_command{sizeof(cube_driver_command), actuator, CUBE_ACTION_GRIP, position, 62000, 0, -1, 0};
}

// While a step moves L.slide, a second execute for L.slide is refused (and, with concurrent=0, one for any
// other actuator); nothing of it is sent, and the step in flight ends as it would have.
void refused_while_a_step_is_in_flight(const char *uri_tail, int32_t second_actuator, const char *why) {
    Rig rig(slow_setup());
    const cube_driver_api *api = plugin_table();
    std::unique_ptr<lc::driver::Host> host = lc::driver::make_host("maestro", nullptr);
    void *instance = nullptr;
    char err[256] = "";
    const std::string options = rig.uri().substr(std::strlen("maestro:")) + uri_tail;
    assert_int_equal(api->open_host(&host->table, options.c_str(), &instance, err, sizeof err), CUBE_OK);
    assert_int_equal(api->prepare(instance), CUBE_OK);
    const cube_driver_command first = grip(1, 0);  // L.slide retracts: 60 ms at the slow speed
    const cube_driver_command *first_step[] = {&first};
    std::atomic<int32_t> first_status{1};
    std::thread in_flight([&] { first_status = api->execute_steps(instance, first_step, 1); });
    const auto until = Clock::now() + std::chrono::seconds(2);
    while (!rig.fake->moving(1) && Clock::now() < until) std::this_thread::sleep_for(std::chrono::microseconds(200));
    assert_true(rig.fake->moving(1));
    const size_t targets = rig.fake->history().size();
    const cube_driver_command second = grip(second_actuator, second_actuator == 1 ? 1 : 0);
    const cube_driver_command *second_step[] = {&second};
    assert_int_equal(api->execute_steps(instance, second_step, 1), CUBE_ERROR_INVALID_ARGUMENT);
    const std::string error = api->last_error(instance);
    if (error.find(why) == std::string::npos) print_error("\"%s\" does not say \"%s\"\n", error.c_str(), why);
    assert_true(error.find(why) != std::string::npos);
    cube_driver_fault f;
    assert_int_equal(cube_driver_fault_init(&f), CUBE_OK);
    assert_int_equal(api->fault(instance, &f), CUBE_OK);
    assert_int_equal(f.code, CUBE_FAULT_REFUSED);
    assert_int_equal(rig.fake->history().size(), targets);  // nothing sent for it
    in_flight.join();
    assert_int_equal(first_status.load(), CUBE_OK);
    api->stop_level(instance, CUBE_STOP_HALT);
    api->close(instance);
}

void a_command_for_a_moving_servo_is_refused(void **) {
    refused_while_a_step_is_in_flight("", 1, "L.slide is still moving");
}

void concurrent_0_refuses_a_second_step_in_flight(void **) {
    refused_while_a_step_is_in_flight("&concurrent=0", 3, "one step at a time (concurrent=0)");
}

}  // namespace

int main(int argc, char **argv) {
    if (argc < 2) {
        std::fprintf(stderr, "usage: %s PLUGIN_FILE\n", argv[0]);
        return 2;
    }
    set_plugin_folder(argv[1]);
    plugin_file = argv[1];
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(steps_on_other_channels_run_at_once),
        cmocka_unit_test(concurrent_0_runs_one_step_at_a_time),
        cmocka_unit_test(error_bits_with_two_steps_in_flight_give_one_fault),
        cmocka_unit_test(a_cancel_with_two_steps_in_flight_stops_every_servo),
        cmocka_unit_test(a_bad_concurrent_value_is_refused),
        cmocka_unit_test(a_command_for_a_moving_servo_is_refused),
        cmocka_unit_test(concurrent_0_refuses_a_second_step_in_flight),
    };
    return cmocka_run_group_tests(tests, nullptr, nullptr);
}
