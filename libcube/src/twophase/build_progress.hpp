// Progress of one table job (map a file, or build, write and map it): named stages weighted by
// their measured share of a build, elapsed time, notices, and the stop flag the build polls.
#pragma once
#include <chrono>
#include <string>

#include "twophase/twophase.hpp"

namespace lc::twophase {

// The steps of a job, in order. A job that finds a good file only checks it.
enum class Stage {
    kChecking,
    kMoveTables,
    kSymmetryClasses,
    kCornSliceAndNearGraph,
    kCornerDistance,
    kPrune1,
    kPrune1Hints,
    kPrune2,
    kWriting,
    kCount
};

class Reporter {
public:
    explicit Reporter(const Progress &progress);
    Reporter(const Reporter &) = delete;
    Reporter &operator=(const Reporter &) = delete;

    // Reports `fraction` (0..1) of stage `s`: the first and last report of a stage always, others at
    // most every kInterval. Never throws; returns whether the job must stop. Only on the job's thread.
    bool report(Stage s, double fraction);
    // report(), then throws lc::Error(CUBE_ERROR_CANCELLED) if the job must stop.
    void stage(Stage s, double fraction);
    // The last report of a job that succeeded: "done", fraction 1.
    void done();
    // A CUBE_PROGRESS_NOTICE, sent before the work it announces.
    void notice(const std::string &text);

    // Whether the job must stop (the caller's flag, or a callback said so). Cheap; any thread.
    bool stopped() const { return stop_->stopped(); }
    // Throws lc::Error(CUBE_ERROR_CANCELLED) if the job must stop.
    void check() const;
    const StopFlag *flag() const { return stop_; }

private:
    using Clock = std::chrono::steady_clock;
    static constexpr auto kInterval = std::chrono::milliseconds(50);

    void send(int32_t event, const char *text, double stage_fraction, double fraction);

    Progress progress_;
    StopFlag own_;  // the flag when the caller gave none
    StopFlag *stop_;
    Clock::time_point start_, last_;
    Stage current_ = Stage::kCount;
    double stage_fraction_ = 0;  // of the current stage, as last reported
    double fraction_ = 0;        // of the whole job, as last reported
};

// The share [from, from + span) of a stage that one loop covers: at(i, n) reports and polls every
// 256 iterations, throwing when the job must stop.
struct StagePart {
    Reporter &r;
    Stage stage;
    double from, span;
    void at(int i, int n) const {
        if ((i & 255) == 0) r.stage(stage, from + span * i / n);
    }
};

}  // namespace lc::twophase
