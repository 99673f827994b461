// Benchmark of the optimal 2x2 solver (run on demand): table build time per metric (min and
// median of several fresh builds), table memory, and single-thread optimal solves per second
// over uniformly random positions. Usage: bench_2x2 [builds=9] [positions=1000000]
#include <algorithm>
#include <chrono>
#include <cstdio>
#include <cstdlib>
#include <vector>

#include "solve2/bfs.hpp"
#include "solve2/coord.hpp"
#include "random.hpp"
#include "solve2/solve2.hpp"

using namespace lc;
using namespace lc::solve2;

namespace {

double seconds_since(std::chrono::steady_clock::time_point t0) {
    return std::chrono::duration<double>(std::chrono::steady_clock::now() - t0).count();
}

double median(std::vector<double> v) {
    std::sort(v.begin(), v.end());
    return v.size() % 2 ? v[v.size() / 2] : (v[v.size() / 2 - 1] + v[v.size() / 2]) / 2;
}

}  // namespace

int main(int argc, char **argv) {
    int builds = argc > 1 ? std::atoi(argv[1]) : 9;
    long positions = argc > 2 ? std::atol(argv[2]) : 1000000;
    if (builds < 1 || positions < 1) {
        std::fprintf(stderr, "usage: bench_2x2 [builds>=1] [positions>=1]\n");
        return 2;
    }

    lc::Rng rng{0x2b2b2b2b};  // fixed seed: the same positions on every run
    std::vector<CubieCube> cubes(positions);
    for (CubieCube &c : cubes)
        c = corners_from_index(static_cast<int32_t>(rng.below(kPositions)));

    const char *names[] = {"HTM", "QTM"};
    int failures = 0;
    for (Metric metric : {Metric::kHtm, Metric::kQtm}) {
        const char *name = names[metric == Metric::kQtm];
        std::vector<double> times;
        for (int i = 0; i < builds; i++) {
            const auto start = std::chrono::steady_clock::now();
            auto t = build_tables(metric);
            const std::chrono::duration<double> took = std::chrono::steady_clock::now() - start;
            times.push_back(took.count());
        }
        std::printf("%s build: min %.1f ms, median %.1f ms over %d builds (single thread)\n", name,
                    *std::min_element(times.begin(), times.end()) * 1e3, median(times) * 1e3, builds);

        const Tables &t = tables(metric);
        std::printf("%s tables: %zu bytes (%.2f MiB) kept; %zu more bytes while building\n", name,
                    memory_bytes(t), memory_bytes(t) / 1048576.0, bfs_scratch_bytes(metric == Metric::kHtm ? 9 : 6));

        std::vector<double> rates;
        int64_t moves = 0;
        for (int run = 0; run < 3; run++) {
            moves = 0;
            auto t0 = std::chrono::steady_clock::now();
            for (const CubieCube &c : cubes) moves += static_cast<int64_t>(solve(t, c).size());
            rates.push_back(positions / seconds_since(t0));
        }
        int64_t want = 0;
        for (const CubieCube &c : cubes) want += distance(t, c);
        failures += moves != want;
        std::printf("%s solve: %.2f M solves/s best, %.2f M median of 3 runs over %ld random positions"
                    " (mean length %.3f, %s)\n",
                    name, *std::max_element(rates.begin(), rates.end()) / 1e6, median(rates) / 1e6, positions,
                    static_cast<double>(moves) / positions, moves == want ? "= table distances" : "MISMATCH");
    }
    return failures ? 1 : 0;
}
