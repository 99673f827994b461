#include "twophase/build_progress.hpp"

#include <algorithm>

#include "error.hpp"
#include "progress.hpp"

namespace lc::twophase {
namespace {

struct StageInfo {
    const char *name;
    double weight;  // share of a whole build (percent), as measured on 2 threads (about 18 s in all)
};

constexpr StageInfo kStages[static_cast<int>(Stage::kCount)] = {
    {"checking table file", 0.5},
    {"move tables", 0.5},
    {"symmetry classes", 0.5},
    {"corner-slice and near-graph tables", 8.5},
    {"corner distance table", 3.0},
    {"phase-1 pruning table", 22.0},
    {"phase-1 move hints", 33.0},
    {"phase-2 pruning table", 25.0},
    {"writing table file", 7.0},
};

// Share of the whole job done when stage s is `fraction` done.
double overall(Stage s, double fraction) {
    double before = 0, total = 0;
    for (int i = 0; i < static_cast<int>(Stage::kCount); ++i) {
        if (i < static_cast<int>(s)) before += kStages[i].weight;
        total += kStages[i].weight;
    }
    return (before + kStages[static_cast<int>(s)].weight * fraction) / total;
}

}  // namespace

Reporter::Reporter(const Progress &progress)
    : progress_(progress), stop_(progress.stop ? progress.stop : &own_), start_(Clock::now()), last_(start_) {}

bool Reporter::report(Stage s, double fraction) {
    if (!progress_.fn) return stopped();
    Clock::time_point now = Clock::now();
    bool first = s != current_, last = fraction >= 1.0;
    if (!first && !last && now - last_ < kInterval) return stopped();
    // Estimates within a stage may overshoot: the fraction never goes back.
    stage_fraction_ = first ? fraction : std::max(stage_fraction_, std::min(fraction, 1.0));
    current_ = s;
    last_ = now;
    fraction_ = overall(s, stage_fraction_);
    send(CUBE_PROGRESS_STAGE, kStages[static_cast<int>(s)].name, stage_fraction_, fraction_);
    return stopped();
}

void Reporter::stage(Stage s, double fraction) {
    report(s, fraction);
    check();
}

void Reporter::done() { send(CUBE_PROGRESS_STAGE, "done", 1.0, 1.0); }

void Reporter::notice(const std::string &text) { send(CUBE_PROGRESS_NOTICE, text.c_str(), 0.0, fraction_); }

void Reporter::check() const {
    if (stopped()) throw Error(CUBE_ERROR_CANCELLED, "loading the 3x3 tables was cancelled");
}

void Reporter::send(int32_t event, const char *text, double stage_fraction, double fraction) {
    if (send_progress(progress_.fn, progress_.user, event, text, stage_fraction, fraction, start_) != 0) stop_->stop();
}

}  // namespace lc::twophase
