// The Maestro driver's cost per step against the fake Maestro on a pseudo-terminal (tests/driver/maestro):
// a four-arm solve with the fastest servo speed and no settle time, so that what is left beside the moves
// is the executor's hand-off, the round trips of the targets, get-positions and get-errors, and the re-reads.
// Then concurrent steps against one step at a time (concurrent=0), in alternating runs (the machine's speed
// drifts): a four-arm plan with steps in flight together (rare in four-arm plans: this one has one pair),
// at the default test speed; each run's wall-clock time and the ratio of the medians.
// Usage: bench_maestro PLUGIN_FILE [RUNS]   (default 5 runs)
#include <algorithm>
#include <cstdio>
#include <cstdlib>
#include <vector>

#include "../driver/maestro/maestro_rig.hpp"

using namespace maestro_test;

namespace {

double median(std::vector<double> v) {
    std::sort(v.begin(), v.end());
    size_t n = v.size();
    return n % 2 ? v[n / 2] : (v[n / 2 - 1] + v[n / 2]) / 2;
}

// One run of `moves` on a new rig; the wall-clock ms of the run (prepare and rest included), or -1.
double run_ms(const char *uri_tail, const char *moves, double &plan_ms) {
    Rig rig{Setup{}};
    rig.open(uri_tail);
    cube_plan *plan = rig.plan(moves);
    cube_run_report report;
    cube_run_report_init(&report);
    cube_status st = cube_driver_run_plan(rig.driver, plan, nullptr, &report);
    cube_plan_free(plan);
    if (st != CUBE_OK) {
        std::fprintf(stderr, "run: %s\n", cube_last_error());
        return -1;
    }
    plan_ms = report.plan_time_us / 1e3;
    return report.elapsed_us / 1e3;
}

bool compare_modes(int runs) {
    const char *moves = "R' F R2 L R L F' R U L2 U2 L";
    std::vector<double> concurrent, one_by_one;
    double plan_ms = 0;
    for (int r = 0; r < runs; ++r) {
        concurrent.push_back(run_ms("", moves, plan_ms));
        one_by_one.push_back(run_ms("&concurrent=0", moves, plan_ms));
        if (concurrent.back() < 0 || one_by_one.back() < 0) return false;
        std::printf("  run %d: concurrent %7.1f ms, one step at a time %7.1f ms\n", r, concurrent.back(),
                    one_by_one.back());
    }
    double c = median(concurrent), o = median(one_by_one);
    std::printf("maestro four-arm, plan %.1f ms: medians concurrent %.1f ms, one step at a time %.1f ms: ratio %.3f\n",
                plan_ms, c, o, c / o);
    return true;
}

}  // namespace

int main(int argc, char **argv) {
    if (argc < 2) {
        std::fprintf(stderr, "usage: %s PLUGIN_FILE [RUNS]\n", argv[0]);
        return 2;
    }
    set_plugin_folder(argv[1]);
    const int runs = argc > 2 ? std::atoi(argv[2]) : 5;
    Setup s;
    s.speed = 16383;
    s.settle_ms = 0;
    std::printf("%4s %6s %10s %12s %12s\n", "run", "steps", "run ms", "move ms", "us per step");
    for (int run = 0; run < runs; ++run) {
        Rig rig(s);
        rig.open();
        if (cube_driver_prepare(rig.driver) != CUBE_OK) {
            std::fprintf(stderr, "prepare: %s\n", cube_last_error());
            return 1;
        }
        cube_plan *plan = rig.plan("B L' D2 F U' R'");
        int32_t actions = 0;
        cube_plan_action_count(plan, &actions);
        int32_t steps = 0;
        int32_t last_start = -1;
        int64_t move_us = 0;
        for (int32_t i = 0; i < actions; ++i) {
            cube_action a;
            cube_action_init(&a);
            cube_plan_get_action(plan, i, &a);
            if (a.start_us == last_start) continue;
            ++steps;
            // The fake's move time at speed 16383: 2000 us per twist quarter, 2400 us per slide.
            move_us += (rig.turns(a.actuator) ? 2000 * std::abs(a.param) : 2400) * 10000 / 16383;
            last_start = a.start_us;
        }
        cube_run_report report;
        cube_run_report_init(&report);
        if (cube_driver_run_plan(rig.driver, plan, nullptr, &report) != CUBE_OK) {
            std::fprintf(stderr, "run: %s\n", cube_last_error());
            return 1;
        }
        std::printf("%4d %6d %10.1f %12.1f %12.1f\n", run, steps, report.elapsed_us / 1e3, move_us / 1e3,
                    double(report.elapsed_us - move_us) / steps);
        cube_plan_free(plan);
    }
    return compare_modes(runs) ? 0 : 1;
}
