// How quickly a robot could solve a random cube with the best possible solution, by counting: the
// number N(T) of distinct canonical face-turn sequences (no face twice in a row, opposite faces in one
// order) that the robot performs within time T (each timed exactly, as SequenceCost and the planner
// do). A random cube has about N(T) / |G| solutions within T, so the best time for most cubes lies
// where N(T) passes |G| = 4.3e19. Calibrated on moves alone (the same count with every move costing
// one): N(<=16) / |G| = 0.035, 0.46 and 6.2 for 16, 17 and 18 moves, where 2.8%, 30% and 96.5% of
// cubes need at most that many; P(best <= T) = 1 - exp(-0.78 N(<=T) / |G|) fits all three, and
// gives the estimated mean and median best time.
// Usage: bench_robot_count [FAMILY=turntable-flipper] [MAX_MOVES=23] [NAIVE_MS] ; with NAIVE_MS (the
// mean naive plan of bench_robot's (a)), each T is also shown as a saving against it.
#include <algorithm>
#include <cmath>
#include <cstdio>
#include <cstdlib>
#include <map>
#include <string>
#include <vector>

#include "robot/normalize.hpp"
#include "robot/orient.hpp"
#include "robot/robot.hpp"
#include "robot/sequence_cost.hpp"

using namespace lc::robot;

namespace {

constexpr double kCubeStates = 43252003274489856000.0;
constexpr size_t kMaxClasses = 50000;  // robots with richer state are refused (memory)
constexpr double kFit = 0.78;      // P(best <= T) = 1 - exp(-kFit N(<=T) / |G|), fitted on moves alone

bool may_follow(int prev, int m) {
    return prev < 0 || (m / 3 != prev / 3 && m / 3 != prev / 3 - 3);
}

// What decides the cost of everything that may follow a prefix: the last move, the robot states
// after it (times relative to the least), and the states before it when its opposite face may still
// come (the pair may go in either order). `base` is the least time after the prefix.
struct Klass {
    int last = -1;
    SequenceCost::Frontier now, before;
    bool operator<(const Klass &o) const {
        if (last != o.last) return last < o.last;
        if (now != o.now) return now < o.now;
        return before < o.before;
    }
};

int64_t normalize(SequenceCost::Frontier &f) {
    std::sort(f.begin(), f.end());
    int64_t least = SequenceCost::kNever;
    for (const auto &e : f) least = std::min(least, e.second);
    for (auto &e : f) e.second -= least;
    return least;
}

}  // namespace

int main(int argc, char **argv) {
    const std::string family_text = argc > 1 ? argv[1] : "turntable-flipper";
    const int max_moves = argc > 2 ? std::atoi(argv[2]) : 23;
    const double naive_ms = argc > 3 ? std::atof(argv[3]) : 0;
    Family family;
    if (!family_from_name(family_text, family)) {
        std::fprintf(stderr, "unknown family %s\n", family_text.c_str());
        return 1;
    }
    const Robot robot(default_params(family));
    const SequenceCost cost(robot);
    if (!cost.supported()) {
        std::fprintf(stderr, "SequenceCost does not support %s\n", family_text.c_str());
        return 1;
    }
    std::fprintf(stderr, "%s: %u live mechanical states\n", family_text.c_str(), robot.live_count());
    // Times are counted in bins of the robot's time quantum, up to three times the least turn per move.
    const int64_t kBinUs = robot.time_quantum();
    const int kBins = int(std::min<int64_t>(200000, (max_moves + 1) * 3 * cost.least_turn() / kBinUs + 1));
    // classes[k] -> counts by bin of the least time so far (the bins hold base times).
    std::map<Klass, std::vector<double>> layer;
    Klass root;
    cost.begin(root.now);
    layer[root] = std::vector<double>(kBins, 0.0);
    layer[root][0] = 1;
    std::vector<double> total(kBins, 0.0);  // sequences of any length by their whole time
    for (int n = 0; n <= max_moves; ++n) {
        for (const auto &[k, counts] : layer) {
            if (n == 0) continue;
            const int64_t finish = cost.finish(k.now);
            for (int b = 0; b < kBins; ++b) {
                if (counts[b] == 0) continue;
                const int64_t bin = b + finish / kBinUs;
                if (bin < kBins) total[size_t(bin)] += counts[b];
            }
        }
        if (n == max_moves) break;
        std::map<Klass, std::vector<double>> next;
        for (const auto &[k, counts] : layer) {
            for (int m = 0; m < 18; ++m) {
                if (!may_follow(k.last, m)) continue;
                const FaceTurn t{uint8_t(m / 3), uint8_t(m % 3 + 1), 0};
                Klass c;
                c.last = m;
                if (k.last >= 0 && t.face == kOpposite[k.last / 3]) {
                    const FaceTurn p{uint8_t(k.last / 3), uint8_t(k.last % 3 + 1), 0};
                    cost.then_pair(k.before, p, t, SequenceCost::kNever, c.now);
                } else {
                    cost.then(k.now, t.face, t.amount, SequenceCost::kNever, c.now);
                }
                if (c.now.empty()) continue;
                if (t.face < 3) c.before = k.now;
                const int64_t shift = normalize(c.now);
                for (auto &e : c.before) e.second -= shift;
                auto &dst = next.try_emplace(c, std::vector<double>(kBins, 0.0)).first->second;
                const int64_t s = shift / kBinUs;
                for (int b = 0; b + s < kBins; ++b) dst[size_t(b + s)] += counts[b];
            }
        }
        layer.swap(next);
        std::fprintf(stderr, "%d moves: %zu classes\n", n + 1, layer.size());
        if (layer.size() > kMaxClasses) {
            std::fprintf(stderr, "more than %zu classes: this robot's state is too rich to count\n", kMaxClasses);
            return 1;
        }
    }
    std::printf("%s: canonical sequences of at most %d moves by their least robot time\n", family_text.c_str(),
                max_moves);
    std::printf("%9s %12s %10s %12s %s\n", "T (s)", "N(<=T)", "N/|G|", "P(best<=T)",
                naive_ms > 0 ? "saving vs naive" : "");
    double cum = 0, mean_s = 0, median_s = 0;
    for (int b = 0; b < kBins; ++b) {
        cum += total[size_t(b)];
        const double ratio = cum / kCubeStates;
        const double p = 1 - std::exp(-kFit * ratio);
        const double t = b * kBinUs / 1e6;
        mean_s += (1 - p) * kBinUs / 1e6;  // E[best] = integral of P(best > T) dT
        if (median_s == 0 && p >= 0.5) median_s = t;
        if (ratio < 1e-4 || ratio > 1e4 || b % std::max<int64_t>(1, 250000 / kBinUs) != 0) continue;
        std::printf("%9.2f %12.3g %10.3g %12.3f", t, cum, ratio, p);
        if (naive_ms > 0) std::printf(" %6.1f%%", 100 * (1 - t * 1000 / naive_ms));
        std::printf("\n");
    }
    std::printf("estimated best time of a random cube: mean %.2f s, median %.2f s", mean_s, median_s);
    if (naive_ms > 0)
        std::printf(" (%.1f%% and %.1f%% below naive %.2f s)", 100 * (1 - mean_s * 1000 / naive_ms),
                    100 * (1 - median_s * 1000 / naive_ms), naive_ms / 1000);
    std::printf("\n");
    return 0;
}
