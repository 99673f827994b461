// Builds the optimal solver's standard table (or, with --phase1, its small test layout) from the two-phase
// tables in $CUBE_TABLE_DIR and saves it in the folder given: the build time, levels and entries found.
// usage: bench_optimal_build [--phase1] [--threads N] OUT_DIR   (measure memory with /usr/bin/time -v)
#include <chrono>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <string>

#include "error.hpp"
#include "optimal/std_table.hpp"
#include "twophase/twophase.hpp"

int main(int argc, char **argv) {
    const lc::optimal::Layout *layout = &lc::optimal::kStdLayout;
    int threads = 2;
    const char *out = nullptr;
    for (int i = 1; i < argc; ++i) {
        if (std::strcmp(argv[i], "--phase1") == 0) layout = &lc::optimal::kPhase1Layout;
        else if (std::strcmp(argv[i], "--threads") == 0 && i + 1 < argc) threads = std::atoi(argv[++i]);
        else out = argv[i];
    }
    const char *dir = std::getenv("CUBE_TABLE_DIR");
    if (!out || !dir || threads < 1) {
        std::fprintf(stderr, "usage: CUBE_TABLE_DIR=DIR bench_optimal_build [--phase1] [--threads N] OUT_DIR\n");
        return 2;
    }
    auto tables = lc::twophase::load_or_build(dir, {});
    if (!tables) {
        std::fprintf(stderr, "no two-phase tables in %s\n", dir);
        return 1;
    }
    using Clock = std::chrono::steady_clock;
    auto start = Clock::now();
    int last_level = 0;
    auto seconds = [&] { return std::chrono::duration<double>(Clock::now() - start).count(); };
    try {
        auto table = lc::optimal::build_std(*tables, *layout, threads, [&](double f, int level) {
            if (level != last_level)
                std::printf("%7.1f s  level %d begins, %.4f of the entries found\n", seconds(), level, f);
            std::fflush(stdout);
            last_level = level;
            return false;
        });
        std::printf("built in %.1f s\n", seconds());
        std::string path = std::string(out) + "/" + layout->file_name;
        lc::optimal::save_std(*table, path, {});
        std::printf("saved %s after %.1f s\n", path.c_str(), seconds());
    } catch (const lc::Error &e) {
        std::fprintf(stderr, "%s\n", e.what());
        return 1;
    }
    return 0;
}
