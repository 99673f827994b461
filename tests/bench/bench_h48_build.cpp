// Builds the H48 tables (libcube/src/optimal/h48_*.hpp): the coordinates' tables, h0, the near set and the
// h7 sweep over every class (or the first --classes N): the time of each step, the codes' distribution, and
// with OUT_FILE the h7 entries written there (raw: 32 bytes per h0 entry, class-major).
// usage: bench_h48_build [--threads N] [--near-depth D] [--classes N] [OUT_FILE]   (memory: /usr/bin/time -v)
#include <chrono>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <vector>

#include "error.hpp"
#include "optimal/h48_coord.hpp"
#include "optimal/h48_h0.hpp"
#include "optimal/h48_h7.hpp"
#include "optimal/h48_near.hpp"

int main(int argc, char **argv) {
    using namespace lc::optimal::h48;
    int threads = 2, depth = 9, classes = -1;
    const char *out = nullptr;
    for (int i = 1; i < argc; ++i) {
        if (std::strcmp(argv[i], "--threads") == 0 && i + 1 < argc) threads = std::atoi(argv[++i]);
        else if (std::strcmp(argv[i], "--near-depth") == 0 && i + 1 < argc) depth = std::atoi(argv[++i]);
        else if (std::strcmp(argv[i], "--classes") == 0 && i + 1 < argc) classes = std::atoi(argv[++i]);
        else out = argv[i];
    }
    if (threads < 1 || depth < 1 || depth > 13) {
        std::fprintf(stderr, "usage: bench_h48_build [--threads N] [--near-depth D] [--classes N] [OUT_FILE]\n");
        return 2;
    }
    using Clock = std::chrono::steady_clock;
    const auto start = Clock::now();
    auto seconds = [&] { return std::chrono::duration<double>(Clock::now() - start).count(); };
    try {
        const Coords &t = coords();
        std::printf("%7.1f s  coordinate tables, %d classes\n", seconds(), t.classes);
        const H0Table h0 = H0Table::build(t, threads, {});
        std::printf("%7.1f s  h0\n", seconds());
        const NearSet near = NearSet::build(t, depth, threads, {});
        std::printf("%7.1f s  near set to depth %d: %llu cosets\n", seconds(), depth, static_cast<unsigned long long>(near.size()));
        std::fflush(stdout);
        const uint32_t end = classes < 0 ? uint32_t(t.classes) : uint32_t(classes);
        std::vector<uint8_t> h7(size_t(end) * kEsep * kH7BytesPerEntry);
        build_h7(t, h0, near, 0, end, h7.data(), threads, [&](uint32_t done) {
            if (done % 100 == 0) {
                std::printf("%7.1f s  %u of %u classes\n", seconds(), done, end);
                std::fflush(stdout);
            }
            return false;
        });
        std::printf("%7.1f s  h7 of %u classes\n", seconds(), end);
        uint64_t counts[4] = {0, 0, 0, 0};
        for (uint8_t byte : h7)
            for (int k = 0; k < 4; ++k) ++counts[byte >> 2 * k & 3];
        const double total = double(h7.size()) * 4;
        const int budget = depth + 2;
        std::printf("codes: at most %d %.4f, %d %.4f, %d %.4f, more %.4f\n", budget - 2, counts[0] / total, budget - 1,
                    counts[1] / total, budget, counts[2] / total, counts[3] / total);
        if (out) {
            FILE *f = std::fopen(out, "wb");
            if (!f || std::fwrite(h7.data(), 1, h7.size(), f) != h7.size() || std::fclose(f) != 0) {
                std::fprintf(stderr, "cannot write %s\n", out);
                return 1;
            }
            std::printf("%7.1f s  written to %s\n", seconds(), out);
        }
    } catch (const lc::Error &e) {
        std::fprintf(stderr, "%s\n", e.what());
        return 1;
    }
    return 0;
}
