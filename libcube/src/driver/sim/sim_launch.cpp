// The sim's steps in flight: with concurrent steps several run at once, so the sim checks each launch
// against the actuators still moving and the robot's timeline (the host's timeline services, the rules
// the planner lays plans out with), and settles the cube when the last step in flight ends.
#include <algorithm>
#include <climits>
#include <cmath>

#include "sim.hpp"
#include "sim_cube.hpp"

namespace cube_sim {
namespace {

// How late, in wall time, the sim may read a launch's moment after the host read it (thread switches
// on a busy machine: 11 ms seen under the address sanitizer beside other test runs on 2 cores): within
// this a launch counts as on time.
constexpr int64_t kClockToleranceUs = 20000;
// The most robot time the host's timeline_launch takes as a tolerance.
constexpr double kMostToleranceUs = 60e6;

// The robot time from `origin` to `at` at `speed`, rounded up so that a step launched once another has
// waited its whole time never looks earlier than that one's end.
int64_t robot_us(std::chrono::steady_clock::time_point origin, std::chrono::steady_clock::time_point at, double speed) {
    const double ns = double(std::chrono::duration_cast<std::chrono::nanoseconds>(at - origin).count());
    return int64_t(std::ceil(ns * speed / 1000));
}

}  // namespace

// The robot time in which some step that ended was moving: steps on the timeline by their starts (in
// launch order, so overlaps are counted once), steps without a start one after another.
int64_t Sim::moving_time_us(const std::vector<Launched> &launches) {
    int64_t total = 0;
    int64_t covered_until = INT64_MIN;
    for (const Launched &x : launches) {
        if (!x.done) continue;
        if (x.start_us < 0) {
            total += x.longest_us;
            continue;
        }
        const int64_t end = x.start_us + x.longest_us;
        total += std::max<int64_t>(0, end - std::max(x.start_us, covered_until));
        covered_until = std::max(covered_until, end);
    }
    return total;
}

bool Sim::concurrent() const {
    const bool services = host_.struct_size >= CUBE_DRIVER_HOST_SIZE_V2 && host_.timeline_new &&
                          host_.timeline_launch && host_.timeline_free;
    return options_.concurrent && options_.speed > 0 && services;
}

void Sim::forget_timeline_locked() {
    if (timeline_) host_.timeline_free(timeline_);
    timeline_ = nullptr;
    last_launch_us_ = -1;
}

void Sim::settle_if_idle_locked() {
    if (in_flight_ > 0) return;
    // Nothing moves: what the steps so far did is settled, and a new timeline starts at the next launch.
    launched_positions_ = positions_;
    cube_before_launches_ = cube_;
    launches_.clear();
    time_before_launches_us_ = time_us_;
    moving_.assign(positions_.size(), false);
    forget_timeline_locked();
}

std::string Sim::launch_refusal_locked(Clock::time_point at, const cube_driver_command *const *commands,
                                       int32_t count, int32_t &actuator) {
    actuator = -1;
    for (int32_t i = 0; i < count; ++i) {
        const int32_t a = commands[i]->actuator;
        if (moving_[size_t(a)]) {
            actuator = a;
            return std::string(robot_->actuator_name(a)) + " is still moving (a step with it has not ended)";
        }
    }
    if (!concurrent()) return "";
    if (!timeline_) {
        if (host_.timeline_new(robot_->handle(), launched_positions_.data(), &timeline_) != CUBE_OK)
            return std::string("the host's timeline: ") + host_.last_error();
        timeline_origin_ = at;
    }
    int64_t start_us = robot_us(timeline_origin_, at, options_.speed);
    if (start_us <= last_launch_us_) start_us = last_launch_us_ + 1;
    const double tolerance = std::ceil(double(kClockToleranceUs) * options_.speed);
    const int64_t tolerance_us = int64_t(std::min(tolerance, kMostToleranceUs));
    if (host_.timeline_launch(timeline_, start_us, tolerance_us, commands, count) != CUBE_OK)
        return std::string("the robot's timeline refuses it at ") + std::to_string(start_us) + " us: " +
               host_.last_error();
    last_launch_us_ = start_us;
    return "";
}

size_t Sim::launch_locked(const cube_driver_command *const *commands, int32_t count, int32_t longest_us,
                          std::vector<int32_t> next, std::string moves) {
    Launched l;
    l.start_us = timeline_ ? last_launch_us_ : -1;
    l.longest_us = longest_us;
    for (int32_t i = 0; i < count; ++i) {
        l.actuators.push_back(commands[i]->actuator);
        moving_[size_t(commands[i]->actuator)] = true;
    }
    launched_positions_ = next;
    l.next = std::move(next);
    l.moves = std::move(moves);
    launches_.push_back(std::move(l));
    ++in_flight_;
    state_ = CUBE_DRIVER_BUSY;
    return launches_.size() - 1;
}

void Sim::land_locked(size_t index, bool moved_to_end) {
    Launched &l = launches_[index];
    for (int32_t a : l.actuators) {
        moving_[size_t(a)] = false;
        if (moved_to_end) positions_[size_t(a)] = l.next[size_t(a)];
    }
    l.done = moved_to_end;
    // The cube: the steps that ended, in launch order (a stopped one moved nothing).
    std::string cube = cube_before_launches_;
    for (const Launched &x : launches_)
        if (x.done) cube = turned(cube, x.moves);
    cube_ = cube;
    time_us_ = time_before_launches_us_ + moving_time_us(launches_);
    if (--in_flight_ > 0) return;
    bool all_done = true;
    for (const Launched &x : launches_)
        all_done = all_done && x.done;
    // Every step ran to its end: the positions after the last one (a step may move others than its own).
    if (all_done) positions_ = launched_positions_;
    launched_positions_ = positions_;
    if (state_ == CUBE_DRIVER_BUSY) state_ = CUBE_DRIVER_IDLE;
}

}  // namespace cube_sim
