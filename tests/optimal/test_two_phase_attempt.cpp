// The optimal search's two-phase attempts (libcube/src/optimal/two_phase_attempt.hpp), below the C API:
// the same lengths with and without them, fewer nodes where one finds its depth's solution, and the stop
// flag, the time limit and the progress callback heard while an attempt runs.
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>

#include <atomic>
#include <chrono>
#include <random>
#include <thread>

#include "cancel.hpp"
#include "error.hpp"
#include "internal_fixtures.hpp"
#include "optimal/optimal.hpp"

extern "C" {
#include <cmocka.h>
}

namespace {

using namespace lc;
using namespace lc::optimal;
using namespace optimal_tests;
using Clock = std::chrono::steady_clock;

// The margin a stop has on a loaded machine (the search itself stops within a few milliseconds).
constexpr double kStopMarginSeconds = 5.0;
// Enough two-phase nodes per node of the depth before that an attempt at a depth without a solution
// runs for minutes unless stopped.
constexpr uint64_t kEndless = uint64_t{1} << 30;

double seconds_since(Clock::time_point t) { return std::chrono::duration<double>(Clock::now() - t).count(); }

// Scrambles of 21 random turns (optimal lengths 15 and 16; the two-phase tables alone bound the search): the
// same length with attempts as without, proven, each answer solving its cube, the same answer on two
// threads, and fewer nodes for the cubes whose attempt found the solution.
void attempts_keep_the_length(void **) {
    std::mt19937 rng(35);
    random_cube(rng, 21);  // this seed's first cube: 9e6 nodes without attempts, too slow for the suite
    int fewer = 0;
    for (int k = 0; k < 3; ++k) {
        CubieCube c = random_cube(rng, 21);
        Options with, two_threads, without;
        two_threads.threads = 2;
        without.attempt_nodes_per_node = 0;
        Result a, a2, b;
        solve(*tables(), c, with, a);
        solve(*tables(), c, two_threads, a2);
        solve(*tables(), c, without, b);
        assert_int_equal(a.length, b.length);
        assert_true(a.solutions[0] == a2.solutions[0]);  // the attempts' budgets do not depend on the threads
        assert_true(a.proven_optimal);
        assert_int_equal(static_cast<int>(a.solutions[0].size()), a.length);
        assert_true(applied(c, a.solutions[0]) == CubieCube::solved());
        assert_true(a.nodes <= b.nodes);
        if (a.nodes < b.nodes) ++fewer;
    }
    assert_true(fewer > 0);
}

// A cube of 25 random moves (17 or 18 moves away): its first attempt comes at a depth without a
// solution and, with a budget without end, runs until stopped.
CubieCube far_cube() {
    std::mt19937 rng(32);
    return random_cube(rng, 25);
}

// Solves with endless attempts; the error the search ended with and the time it took.
cube_status solve_stopped(const Options &o, Result &r, double &seconds) {
    auto start = Clock::now();
    cube_status status = CUBE_OK;
    try {
        solve(*tables(), far_cube(), o, r);
    } catch (const Error &e) {
        status = e.status;
    }
    seconds = seconds_since(start);
    return status;
}

void an_attempt_hears_the_time_limit(void **) {
    Options o;
    o.attempt_nodes_per_node = kEndless;
    o.timeout_us = 400000;
    Result r;
    double seconds = 0;
    assert_int_equal(solve_stopped(o, r, seconds), CUBE_ERROR_TIMEOUT);
    assert_true(seconds < 0.4 + kStopMarginSeconds);
    assert_true(r.lower_bound >= 12);
    assert_int_equal(r.length, -1);
}

void an_attempt_hears_the_stop_flag(void **) {
    StopFlag stop;
    Options o;
    o.attempt_nodes_per_node = kEndless;
    o.stop = &stop;
    std::atomic<bool> attempting{false};
    std::atomic<bool> returned{false};  // the solve returned (without an attempt the stopper must not wait)
    // The progress callback says when the attempt has begun: a report while a depth's nodes stand still.
    uint64_t last_nodes = 0;
    o.progress = [&](const Progress &p) {
        if (p.nodes >= 20000 && p.nodes == last_nodes) attempting = true;
        last_nodes = p.nodes;
        return false;
    };
    Clock::time_point stopped_at{};
    std::thread stopper([&] {
        while (!attempting && !returned) std::this_thread::sleep_for(std::chrono::milliseconds(5));
        stopped_at = Clock::now();
        stop.stop();
    });
    Result r;
    double seconds = 0;
    cube_status status = solve_stopped(o, r, seconds);
    returned = true;
    stopper.join();
    assert_true(attempting);
    assert_int_equal(status, CUBE_ERROR_CANCELLED);
    assert_true(seconds_since(stopped_at) < kStopMarginSeconds);
    assert_true(r.lower_bound >= 12);
}

// The progress callback goes on being called while an attempt runs, and its "stop" ends it.
void an_attempt_reports_progress(void **) {
    Options o;
    o.attempt_nodes_per_node = kEndless;
    int reports = 0;
    uint64_t last_nodes = 0;
    int still = 0;  // reports in a row with the same nodes: an attempt running
    o.progress = [&](const Progress &p) {
        ++reports;
        still = p.nodes == last_nodes && p.nodes > 0 ? still + 1 : 0;
        last_nodes = p.nodes;
        return still >= 2;
    };
    Result r;
    double seconds = 0;
    assert_int_equal(solve_stopped(o, r, seconds), CUBE_ERROR_CANCELLED);
    assert_true(still >= 2);
    assert_true(reports >= 3);
}

// Beside the search (two threads), an attempt at a depth without a solution ends when the search has ruled
// the depth out. The far cube with endless attempts and at most 15 moves: every depth to 15 is ruled out in
// about 7 s here, while on one thread the attempt at 15 runs 100 s before its search ends empty.
void a_beside_attempt_ends_with_its_depth(void **) {
    Options o;
    o.threads = 2;
    o.attempt_nodes_per_node = kEndless;
    o.max_length = 15;
    o.timeout_us = 60000000;  // a margin for a loaded machine, and less than one thread needs
    Result r;
    double seconds = 0;
    assert_int_equal(solve_stopped(o, r, seconds), CUBE_ERROR_UNSOLVABLE);
    assert_int_equal(r.lower_bound, 16);
    assert_int_equal(r.length, -1);
}

}  // namespace

int main() {
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(attempts_keep_the_length),
        cmocka_unit_test(an_attempt_hears_the_time_limit),
        cmocka_unit_test(an_attempt_hears_the_stop_flag),
        cmocka_unit_test(an_attempt_reports_progress),
        cmocka_unit_test(a_beside_attempt_ends_with_its_depth),
    };
    return cmocka_run_group_tests(tests, nullptr, nullptr);
}
