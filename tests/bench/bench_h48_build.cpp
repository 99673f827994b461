// Builds the H48 table (libcube/src/optimal/h48_table.hpp): h0, the near set and the h7 sweep, with the time of
// each step and the codes' distribution; with OUT_DIR the table file saved there (optimal3x3-h48-v1.tbl).
// --classes N / --near-depth D build only the first N classes / another budget (not saved). --load DIR only
// loads the table file from DIR (mapped and checked, then copied into huge pages: $CUBE_OPTIMAL_TABLE_MEMORY)
// and says how long that took.
// usage: bench_h48_build [--threads N] [--near-depth D] [--classes N] [OUT_DIR] | --load DIR
//        (memory: /usr/bin/time -v)
#include <chrono>
#include <ctime>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <string>

#include "error.hpp"
#include "optimal/h48_table.hpp"

namespace {

int load(const char *dir) {
    using namespace lc::optimal::h48;
    const auto start = std::chrono::steady_clock::now();
    const std::clock_t cpu = std::clock();
    std::string why;
    const auto table = find_h48({dir}, kH48Layout, why);
    if (!table) {
        std::fprintf(stderr, "%s\n", why.c_str());
        return 1;
    }
    std::printf("loaded in %.2f s wall, %.2f s cpu (%s); the solved cube's bound: %d\n",
                std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count(),
                double(std::clock() - cpu) / CLOCKS_PER_SEC,
                table->blob().mapped_from_file() ? "the file's mapping" : "a copy in anonymous memory",
                table->bound(lc::CubieCube::solved()));
    return 0;
}

}  // namespace

int main(int argc, char **argv) {
    using namespace lc::optimal::h48;
    H48Layout layout = kH48Layout;
    int threads = 2;
    const char *out = nullptr;
    if (argc == 3 && std::strcmp(argv[1], "--load") == 0) return load(argv[2]);
    for (int i = 1; i < argc; ++i) {
        if (std::strcmp(argv[i], "--threads") == 0 && i + 1 < argc) threads = std::atoi(argv[++i]);
        else if (std::strcmp(argv[i], "--near-depth") == 0 && i + 1 < argc) layout.near_depth = std::atoi(argv[++i]);
        else if (std::strcmp(argv[i], "--classes") == 0 && i + 1 < argc) layout.classes = uint32_t(std::atoi(argv[++i]));
        else out = argv[i];
    }
    const bool whole = layout.classes == kH48Layout.classes && layout.near_depth == kH48Layout.near_depth;
    if (threads < 1 || layout.near_depth < 1 || layout.near_depth > 13 || layout.classes < 1 ||
        layout.classes > kCornerClasses || (out && !whole)) {
        std::fprintf(stderr, "usage: bench_h48_build [--threads N] [--near-depth D] [--classes N] [OUT_DIR]\n"
                             "(OUT_DIR only for the whole table)\n");
        return 2;
    }
    using Clock = std::chrono::steady_clock;
    const auto start = Clock::now();
    auto seconds = [&] { return std::chrono::duration<double>(Clock::now() - start).count(); };
    const char *steps[] = {"", "h0", "the near set", "h7"};
    try {
        int step = 0;
        double reported = 0;
        auto table = build_h48(layout, threads, [&](double fraction, int at) {
            if (at != step) {
                if (step) std::printf("%7.1f s  %s done\n", seconds(), steps[step]);
                step = at;
            }
            if (fraction >= reported + 0.05) {
                reported = fraction;
                std::printf("%7.1f s  %.0f%%\n", seconds(), fraction * 100);
            }
            std::fflush(stdout);
            return false;
        });
        std::printf("%7.1f s  h7 of %u classes done\n", seconds(), layout.classes);
        uint64_t counts[4] = {0, 0, 0, 0};
        const uint64_t bytes = layout.code_bytes();
        for (uint64_t i = 0; i < bytes; ++i)
            for (int k = 0; k < 4; ++k) ++counts[table->h7_bytes()[i] >> 2 * k & 3];
        const double total = double(bytes) * 4;
        const int budget = layout.budget();
        std::printf("codes: at most %d %.4f, %d %.4f, %d %.4f, more %.4f\n", budget - 2, counts[0] / total, budget - 1,
                    counts[1] / total, budget, counts[2] / total, counts[3] / total);
        if (out) {
            save_h48(*table, std::string(out) + "/" + layout.file_name, {});
            std::printf("%7.1f s  written to %s/%s\n", seconds(), out, layout.file_name);
        }
    } catch (const lc::Error &e) {
        std::fprintf(stderr, "%s\n", e.what());
        return 1;
    }
    return 0;
}
