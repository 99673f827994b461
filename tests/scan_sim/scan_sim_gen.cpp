// Writes simulated scans as `cube scan` reads them: scan_sim_gen [--seed N] [--noise X] [--count N]
// [--truth]. Scans are separated by a blank line; --truth puts each cube's facelets first as a comment.
#include <cstdio>
#include <cstdlib>
#include <cstring>

#include "scan_sim.hpp"

int main(int argc, char **argv) {
    scan_sim::SimOptions options;
    long count = 1;
    bool truth = false;
    for (int i = 1; i < argc; ++i) {
        bool has_value = i + 1 < argc;
        if (!std::strcmp(argv[i], "--seed") && has_value) {
            options.seed = std::strtoull(argv[++i], nullptr, 10);
        } else if (!std::strcmp(argv[i], "--noise") && has_value) {
            options.noise = std::strtod(argv[++i], nullptr);
        } else if (!std::strcmp(argv[i], "--glare") && has_value) {
            options.glare_probability = std::strtod(argv[++i], nullptr);
        } else if (!std::strcmp(argv[i], "--count") && has_value) {
            count = std::strtol(argv[++i], nullptr, 10);
        } else if (!std::strcmp(argv[i], "--truth")) {
            truth = true;
        } else {
            std::fprintf(stderr,
                         "usage: scan_sim_gen [--seed N] [--noise X] [--glare P] [--count N] [--truth]\n");
            return 2;
        }
    }
    scan_sim::ScanSimulator sim(options);
    for (long n = 0; n < count; ++n) {
        scan_sim::SimScan scan = sim.next();
        if (n > 0) std::printf("\n");
        if (truth) std::printf("# %s\n", scan.truth.c_str());
        std::fputs(scan_sim::to_hex_lines(scan).c_str(), stdout);
    }
    return 0;
}
