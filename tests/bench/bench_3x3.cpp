// Benchmark of the 3x3 two-phase solver: N uniformly random states (fixed seed) solved at max
// length 20, at 21, and with a 10 ms budget and min_effort. Prints time per solve (wall clock and
// thread CPU time: other processes on the machine inflate the first), solution lengths, and the
// table build (with --build), load and memory figures.
//   bench_3x3 [--input FILE|-] [--count N] [--seed S] [--dir TABLE_DIR] [--build] [--only 20|21|effort]
//             [--passes N]
// With --input, the states are facelet strings, one per line (e.g. from `cube random --seed S --count N`).
#include <time.h>

#include <algorithm>
#include <chrono>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <string>
#include <vector>

#include <fstream>
#include <iostream>

#include "../twophase/helpers.hpp"
#include "facelets.hpp"
#include "error.hpp"
#include "twophase/twophase.hpp"
#include "../twophase/probe.hpp"

using namespace lc;

namespace {

double now_ms() {
    return std::chrono::duration<double, std::milli>(std::chrono::steady_clock::now().time_since_epoch()).count();
}

double cpu_ms() {
    timespec ts;
    clock_gettime(CLOCK_THREAD_CPUTIME_ID, &ts);
    return ts.tv_sec * 1e3 + ts.tv_nsec * 1e-6;
}

void summary(const char *what, std::vector<double> v) {
    std::sort(v.begin(), v.end());
    double sum = 0;
    for (double x : v) sum += x;
    size_t n = v.size();
    printf("  %-5s mean %7.3f ms  median %7.3f  p99 %7.3f  max %7.3f\n", what, sum / n, v[n / 2],
           v[std::min(n - 1, n * 99 / 100)], v.back());
}

// Solves every state; a state without an answer (only possible with a timeout) is counted, not fatal.
// With passes > 1 (runs without a time limit only), every state is timed once per pass over the
// whole set and its fastest time is kept: the ~1000 solves in between evict its table lines from the
// caches, so this filters out slow spells of a shared machine, not cold-cache costs.
bool run(const twophase::Tables &t, const std::vector<CubieCube> &states, const char *name, const twophase::Options &o,
         int passes) {
    if (o.timeout_us > 0) passes = 1;
    std::vector<double> wall(states.size(), 1e300), cpu(states.size(), 1e300);
    int max_len = 0, unsolved = 0;
    double sum_len = 0;
    for (int pass = 0; pass < passes; ++pass)
        for (size_t i = 0; i < states.size(); ++i) {
            const CubieCube &c = states[i];
            MoveList out;
            double w0 = now_ms(), c0 = cpu_ms();
            cube_status st = tp_test::solve_status(t, c, CubieCube::solved(), o, out);
            double c1 = cpu_ms(), w1 = now_ms();
            wall[i] = std::min(wall[i], w1 - w0), cpu[i] = std::min(cpu[i], c1 - c0);
            if (pass > 0) continue;
            if (st == CUBE_ERROR_TIMEOUT) {
                ++unsolved;
                continue;
            }
            if (st != CUBE_OK || tp_test::apply_moves(c, out) != CubieCube::solved()) {
                printf("%s: solve failed: %s\n", name, cube_last_error());
                return false;
            }
            max_len = std::max<int>(max_len, static_cast<int>(out.size()));
            sum_len += out.size();
        }
    size_t solved = states.size() - unsolved;
    printf("%s (%zu states", name, states.size());
    if (passes > 1) printf(", fastest of %d passes", passes);
    printf("): length mean %.2f max %d", solved ? sum_len / solved : 0.0, max_len);
    if (unsolved) printf("; %d found nothing of at most %d moves in time", unsolved, o.max_length);
    printf("\n");
    summary("wall", wall);
    summary("cpu", cpu);
    return true;
}

// Prints the notices of a table load (e.g. that the file is missing and is being built).
int32_t print_notice(void *, const cube_progress *p) {
    if (p->event == CUBE_PROGRESS_NOTICE) printf("%s\n", p->stage);
    return 0;
}

// Reads one facelet string per line; false (with a message) on the first bad line.
bool read_states(std::istream &in, std::vector<CubieCube> &states) {
    std::string line;
    for (int n = 1; std::getline(in, line); ++n) {
        if (line.empty()) continue;
        try {
            states.push_back(cubies_of(3, parse_facelets(line.c_str(), 3).letters));
        } catch (const Error &e) {
            fprintf(stderr, "line %d: %s\n", n, e.what());
            return false;
        }
    }
    return true;
}

}  // namespace

int main(int argc, char **argv) {
    int count = 1000;
    uint64_t seed = 20251130;
    std::string dir = twophase::default_table_dir();
    bool build = false;
    const char *input = nullptr;
    std::string only;  // one of the three runs, or all
    int passes = 1;
    for (int i = 1; i < argc; ++i) {
        if (!std::strcmp(argv[i], "--count") && i + 1 < argc) count = std::atoi(argv[++i]);
        else if (!std::strcmp(argv[i], "--seed") && i + 1 < argc) seed = std::strtoull(argv[++i], nullptr, 10);
        else if (!std::strcmp(argv[i], "--dir") && i + 1 < argc) dir = argv[++i];
        else if (!std::strcmp(argv[i], "--build")) build = true;
        else if (!std::strcmp(argv[i], "--input") && i + 1 < argc) input = argv[++i];
        else if (!std::strcmp(argv[i], "--only") && i + 1 < argc) only = argv[++i];
        else if (!std::strcmp(argv[i], "--passes") && i + 1 < argc) passes = std::max(1, std::atoi(argv[++i]));
        else {
            fprintf(stderr, "usage: %s [--input FILE|-] [--count N] [--seed S] [--dir TABLE_DIR] [--build] [--only 20|21|effort] [--passes N]\n",
                    argv[0]);
            return 2;
        }
    }
    if (build) {
        double t0 = now_ms();
        auto built = twophase::build_in_memory();
        printf("table build (in memory, 2 threads): %.0f ms\n", now_ms() - t0);
    }
    double t0 = now_ms();
    twophase::Progress notices;
    notices.fn = print_notice;
    auto first = tp_test::load_or_null(dir, notices);
    double t1 = now_ms();
    if (!first) return printf("tables: %s\n", cube_last_error()), 1;
    printf("first load: %.0f ms\n", t1 - t0);
    first.reset();
    t0 = now_ms();
    auto tables = tp_test::load_or_null(dir, twophase::Progress{});
    t1 = now_ms();
    if (!tables) return printf("tables: %s\n", cube_last_error()), 1;
    printf("table load (map + verify checksums): %.1f ms, %.1f MB, mapped: %s\n", t1 - t0,
           twophase::table_bytes(*tables) / 1e6, twophase::tables_mapped(*tables) ? "yes" : "no");

    std::vector<CubieCube> states;
    if (input) {
        std::ifstream file;
        if (std::strcmp(input, "-") != 0) file.open(input);
        if (std::strcmp(input, "-") != 0 && !file) return printf("cannot read %s\n", input), 1;
        if (!read_states(std::strcmp(input, "-") == 0 ? std::cin : file, states)) return 1;
    } else {
        tp_test::Rng rng{seed};
        for (int i = 0; i < count; ++i) states.push_back(tp_test::random_state(rng));
    }
    twophase::Options o20, o21, effort;
    o21.max_length = 21;
    effort.min_effort = true;
    effort.timeout_us = 10000;
    auto wanted = [&](const char *name) { return only.empty() || only == name; };
    bool ok = (!wanted("20") || run(*tables, states, "max 20", o20, passes)) &&
              (!wanted("21") || run(*tables, states, "max 21", o21, passes)) &&
              (!wanted("effort") || run(*tables, states, "10 ms + min_effort", effort, passes));
    return ok ? 0 : 1;
}
