// Colour-scan resolution against the naive nearest-colour classifier, on simulated scans:
// bench_scan [SCANS_PER_LEVEL] [NOISE ...]. For each noise level (sRGB units per channel) prints the
// share exactly right of both, the share of our wrong answers flagged low-confidence, the share of our
// right answers flagged, and the mean and p99 time per resolve.
#include <cube/cube.h>

#include <algorithm>
#include <chrono>
#include <cstdio>
#include <cstdlib>
#include <vector>

#include "scan_sim.hpp"

namespace {

struct LevelReport {
    long naive_right = 0;
    long ours_right = 0;
    long ours_wrong_flagged = 0;
    long ours_right_flagged = 0;
    long capped = 0;  // searches that stopped at their limit of permutations
    std::vector<double> micros;
    std::vector<double> right_confidence, wrong_confidence;
};

// Thresholds the flag shares are also shown for (a wrong or right answer is flagged if its cube
// confidence is below; the default cube_scan_options threshold is the first).
constexpr double kThresholds[] = {0.9999, 0.999, 0.99, 0.97};

LevelReport run_level(double noise, long scans) {
    scan_sim::SimOptions options;
    options.seed = 17000 + static_cast<uint64_t>(noise * 100);
    options.noise = noise;
    scan_sim::ScanSimulator sim(options);
    LevelReport report;
    cube_scan_input *input = nullptr;
    if (cube_scan_input_new(3, CUBE_SCAN_SRGB, &input) != CUBE_OK) std::abort();
    for (long n = 0; n < scans; ++n) {
        scan_sim::SimScan scan = sim.next();
        report.naive_right += scan_sim::naive_classify(scan) == scan.truth;
        for (int i = 0; i < 54; ++i) {
            const lc::Vec3 &c = scan.srgb[static_cast<size_t>(i)];
            cube_scan_input_set(input, i, c[0], c[1], c[2], 1.0);
        }
        auto start = std::chrono::steady_clock::now();
        cube_scan_result *result = nullptr;
        if (cube_scan_resolve(input, nullptr, &result) != CUBE_OK) {
            std::fprintf(stderr, "resolve failed: %s\n", cube_last_error());
            std::abort();
        }
        auto stop = std::chrono::steady_clock::now();
        report.micros.push_back(std::chrono::duration<double, std::micro>(stop - start).count());
        double confidence = 0;
        int32_t low = 0;
        cube_scan_result_confidence(result, &confidence, &low);
        int32_t complete = 1;
        cube_scan_result_search_complete(result, &complete);
        report.capped += !complete;
        bool right = scan.truth == cube_scan_result_facelets(result);
        report.ours_right += right;
        report.ours_wrong_flagged += !right && low;
        report.ours_right_flagged += right && low;
        (right ? report.right_confidence : report.wrong_confidence).push_back(confidence);
        cube_scan_result_free(result);
    }
    cube_scan_input_free(input);
    return report;
}

double percent(long part, long whole) { return whole ? 100.0 * static_cast<double>(part) / static_cast<double>(whole) : 0.0; }

}  // namespace

int main(int argc, char **argv) {
    long scans = argc > 1 ? std::strtol(argv[1], nullptr, 10) : 10000;
    std::vector<double> levels;
    for (int i = 2; i < argc; ++i) levels.push_back(std::strtod(argv[i], nullptr));
    if (levels.empty()) levels = {2, 4, 6, 8, 10, 12, 14};
    std::printf("%ld simulated scans per noise level (seeded; glare in 10%% of scans, 2700-6500 K, +-0.5 stops)\n",
                scans);
    std::printf("noise | naive right | ours right | ours wrong flagged | ours right flagged | mean ms | p99 ms\n");
    for (double noise : levels) {
        LevelReport r = run_level(noise, scans);
        long wrong = scans - r.ours_right;
        std::sort(r.micros.begin(), r.micros.end());
        double mean = 0;
        for (double m : r.micros) mean += m;
        mean /= static_cast<double>(r.micros.size());
        double p99 = r.micros[static_cast<size_t>(0.99 * static_cast<double>(r.micros.size() - 1))];
        std::printf("%5.1f | %10.2f%% | %9.2f%% | %11.1f%% (%ld/%ld) | %17.2f%% | %7.3f | %6.3f\n", noise,
                    percent(r.naive_right, scans), percent(r.ours_right, scans), percent(r.ours_wrong_flagged, wrong),
                    r.ours_wrong_flagged, wrong, percent(r.ours_right_flagged, r.ours_right), mean / 1000, p99 / 1000);
        std::printf("      searches stopped at their limit: %ld\n", r.capped);
        for (double t : kThresholds) {
            long wrong_below = 0, right_below = 0;
            for (double c : r.wrong_confidence) wrong_below += c < t;
            for (double c : r.right_confidence) right_below += c < t;
            std::printf("      threshold %.4f: wrong flagged %.1f%%, right flagged %.2f%%\n", t,
                        percent(wrong_below, wrong), percent(right_below, r.ours_right));
        }
        std::fflush(stdout);
    }
    return 0;
}
