// The optimal search with the H48 table (libcube/src/optimal/h48_search.hpp), or with the standard table
// (--standard) for a side-by-side run, on the cubes read from standard input as facelet strings (one a line,
// as `cube random --seed S --count N` prints them): per cube its length, nodes, CPU time and solution, then
// the mean CPU time. The two-phase tables from $CUBE_TABLE_DIR; the table from DIR (table search path rules
// and memory policy as the library's).
// --max-length L: every length to L ruled out and no more (a fixed amount of work per cube).
// --attempts N: the two-phase attempts' budget, in their nodes for each node of the depth before (16).
// usage: cube random --seed 7 --count 10 | bench_h48_search [--standard] [--threads T] [--no-attempts]
//        [--attempts N] [--max-length L] DIR
#include <chrono>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <ctime>
#include <iostream>
#include <memory>
#include <string>

#include "error.hpp"
#include "facelets.hpp"
#include "optimal/h48_table.hpp"
#include "optimal/optimal.hpp"
#include "optimal/std_table.hpp"
#include "twophase/twophase.hpp"

namespace {

std::string text_of(const lc::MoveList &moves) {
    std::string s;
    for (const lc::Move &m : moves) {
        s += "URFDLB"[m.kind];
        s += m.amount == 1 ? "" : m.amount == 2 ? "2" : "'";
        s += ' ';
    }
    return s;
}

double cpu_seconds() {
    timespec t{};
    clock_gettime(CLOCK_PROCESS_CPUTIME_ID, &t);
    return double(t.tv_sec) + double(t.tv_nsec) * 1e-9;
}

}  // namespace

int main(int argc, char **argv) {
    using namespace lc;
    bool standard = false;
    int threads = 1;
    int max_length = 0;
    uint64_t attempts = 16;
    const char *dir = nullptr;
    for (int i = 1; i < argc; ++i) {
        if (std::strcmp(argv[i], "--standard") == 0) standard = true;
        else if (std::strcmp(argv[i], "--threads") == 0 && i + 1 < argc) threads = std::atoi(argv[++i]);
        else if (std::strcmp(argv[i], "--no-attempts") == 0) attempts = 0;
        else if (std::strcmp(argv[i], "--attempts") == 0 && i + 1 < argc)
            attempts = std::strtoull(argv[++i], nullptr, 10);
        else if (std::strcmp(argv[i], "--max-length") == 0 && i + 1 < argc) max_length = std::atoi(argv[++i]);
        else dir = argv[i];
    }
    if (!dir || threads < 1) {
        std::fprintf(stderr, "usage: bench_h48_search [--standard] [--threads T] [--no-attempts] [--attempts N]"
                             " [--max-length L] DIR < cubes\n");
        return 2;
    }
    try {
        auto tables = twophase::load_or_build(std::getenv("CUBE_TABLE_DIR"), {});
        const double load_from = cpu_seconds();
        std::string why;
        std::shared_ptr<const optimal::StdTable> std_table;
        std::shared_ptr<const optimal::h48::H48Table> h48_table;
        if (standard)
            std_table = optimal::find_std({dir}, optimal::kStdLayout, why);
        else
            h48_table = optimal::h48::find_h48({dir}, optimal::h48::kH48Layout, why);
        if (!std_table && !h48_table) {
            std::fprintf(stderr, "%s\n", why.c_str());
            return 1;
        }
        std::printf("%s table loaded in %.2f s cpu\n", standard ? "standard" : "H48", cpu_seconds() - load_from);
        optimal::Options options;
        options.table = std_table.get();
        options.h48 = h48_table.get();
        options.threads = threads;
        options.attempt_nodes_per_node = attempts;
        if (max_length > 0) options.max_length = max_length;
        std::string line;
        int n = 0;
        double total = 0;
        while (std::getline(std::cin, line)) {
            if (line.empty()) continue;
            const Facelets f = parse_facelets(line.c_str(), 3);
            const CubieCube cube = cubies_of(3, f.letters);
            optimal::Result r;
            const double start = cpu_seconds();
            try {
                optimal::solve(*tables, cube, options, r);
            } catch (const Error &e) {
                if (e.status != CUBE_ERROR_UNSOLVABLE) throw;
                const double used = cpu_seconds() - start;
                total += used;
                std::printf("cube %d: none of at most %d moves  %.3e nodes  %.2f s cpu\n", n++, max_length,
                            double(r.nodes), used);
                std::fflush(stdout);
                continue;
            }
            const double used = cpu_seconds() - start;
            total += used;
            std::printf("cube %d: %d moves  %.3e nodes  %.2f s cpu  %s\n", n++, r.length, double(r.nodes), used,
                        text_of(r.solutions.at(0)).c_str());
            std::fflush(stdout);
        }
        if (n) std::printf("mean over %d cube(s): %.3f s cpu\n", n, total / n);
    } catch (const Error &e) {
        std::fprintf(stderr, "%s\n", e.what());
        return 1;
    }
    return 0;
}
