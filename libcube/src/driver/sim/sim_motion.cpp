// The sim's motion and state machine: execute (rules, physics, injected failure, the wait), stop,
// prepare and rest.
#include <chrono>
#include <cmath>
#include <cstring>

#include "sim.hpp"
#include "sim_cube.hpp"
#include "sim_step.hpp"

namespace cube_sim {

int32_t Sim::check_ready_locked(const char *what) {
    if (state_ == CUBE_DRIVER_STOPPED)
        return fail(CUBE_ERROR_CANCELLED, std::string(what) + ": the sim is stopped: call prepare first");
    if (state_ == CUBE_DRIVER_FAULT)
        return fail(CUBE_ERROR_INVALID_ARGUMENT,
                    std::string(what) + ": the sim is in a fault (" + fault_.text + "): call prepare first");
    return CUBE_OK;
}

int32_t Sim::fault_locked(int32_t code, int32_t status, int32_t actuator, int32_t action_index, uint32_t device_bits,
                          const std::string &text) {
    fault_ = Fault{};
    fault_.code = code;
    fault_.status = status;
    fault_.actuator = actuator;
    fault_.action_index = action_index;
    fault_.device_bits = device_bits;
    fault_.text = text;
    state_ = CUBE_DRIVER_FAULT;
    return fail(status, text);
}

bool Sim::wait_locked(std::unique_lock<std::mutex> &lock, int64_t us, uint64_t stops) {
    if (options_.speed > 0 && us > 0) {
        // Rounded up: the step never ends before its robot time has passed (sim_launch.cpp relies on it).
        auto wall = std::chrono::nanoseconds(int64_t(std::ceil(double(us) * 1000 / options_.speed)));
        stopped_.wait_for(lock, wall, [&] { return stops_ != stops; });
    }
    return stops_ == stops;
}

// Every rule is checked before anything moves; a refused step leaves positions and cube as they were.
// With concurrent steps, others may be moving: the step must not need an actuator they use, and the
// robot's timeline must accept it at this moment.
int32_t Sim::execute(const cube_driver_command *const *commands, int32_t count) {
    const Clock::time_point entered = Clock::now();  // the launch's moment, read before waiting for the lock
    Step step;
    size_t launch = 0;
    uint64_t stops = 0;
    {
        std::lock_guard<std::mutex> lock(mu_);
        if (int32_t ready = check_ready_locked("execute")) return ready;
        if (!robot_)
            return fault_locked(CUBE_FAULT_REFUSED, CUBE_ERROR_INVALID_ARGUMENT, -1, -1,
                                0, "no robot: give model= or configure \"robot\" first");
        settle_if_idle_locked();
        Refusal refusal;
        if (!check_step(*robot_, launched_positions_, commands, count, step, refusal))
            return fault_locked(CUBE_FAULT_REFUSED, CUBE_ERROR_INVALID_ARGUMENT, refusal.actuator, refusal.action_index,
                                0, refusal.why);
        std::vector<int32_t> next(launched_positions_.size());
        std::string moves = labelled_cube();
        if (host_.robot_step(robot_->handle(), launched_positions_.data(), commands, count, next.data(), &moves[0]) !=
            CUBE_OK)
            return fault_locked(CUBE_FAULT_REFUSED, CUBE_ERROR_INVALID_ARGUMENT, -1, step.action_index, 0,
                                host_.last_error());
        int32_t busy = -1;
        std::string why = launch_refusal_locked(entered, commands, count, busy);
        if (!why.empty())
            return fault_locked(CUBE_FAULT_REFUSED, CUBE_ERROR_INVALID_ARGUMENT, busy, step.action_index, 0, why);
        int64_t failing = options_.fail_after - commands_done_;  // index in this step of the command that fails
        if (!failure_injected_ && options_.fail_after >= 0 && failing < count) {
            failure_injected_ = true;
            return fault_locked(CUBE_FAULT_DEVICE, CUBE_ERROR_IO, commands[failing]->actuator, step.action_index, 1,
                                "injected failure after " + std::to_string(options_.fail_after) + " commands");
        }
        launch = launch_locked(commands, count, step.longest_us, std::move(next), std::move(moves));
        commands_done_ += count;
        stops = stops_;
    }
    log(CUBE_LOG_DEBUG, "step: " + step.text);
    std::unique_lock<std::mutex> lock(mu_);
    const bool moved = wait_locked(lock, step.longest_us, stops);
    land_locked(launch, moved);
    if (!moved) {
        commands_done_ -= count;
        return fail(CUBE_ERROR_CANCELLED, "stopped during a step: nothing moved");
    }
    return CUBE_OK;
}

// Levels above de-energize count as de-energize, below halt as halt: a stop always stops.
int32_t Sim::stop(int32_t level) {
    const int32_t known = level >= CUBE_STOP_DEENERGIZE ? CUBE_STOP_DEENERGIZE : CUBE_STOP_HALT;
    {
        std::lock_guard<std::mutex> lock(mu_);
        if (known > stop_level_) stop_level_ = known;
        if (known == CUBE_STOP_DEENERGIZE && robot_ && robot_->has_arms()) positions_lost_ = true;
        if (state_ != CUBE_DRIVER_FAULT) state_ = CUBE_DRIVER_STOPPED;  // a fault stays visible until prepare
        ++stops_;
    }
    stopped_.notify_all();
    log(CUBE_LOG_INFO, known == CUBE_STOP_DEENERGIZE ? "stop (de-energize)" : "stop (halt)");
    return CUBE_OK;
}

// Homing the sim finds the actuators where they were.
int32_t Sim::prepare() {
    {
        std::lock_guard<std::mutex> lock(mu_);
        state_ = CUBE_DRIVER_IDLE;
        stop_level_ = 0;
        positions_lost_ = false;
        fault_ = Fault{};
    }
    log(CUBE_LOG_INFO, "prepared");
    return CUBE_OK;
}

// The sim does not move by itself: the plan brings it to rest, rest() confirms it is there.
int32_t Sim::rest() {
    {
        std::lock_guard<std::mutex> lock(mu_);
        if (int32_t ready = check_ready_locked("rest")) return ready;
        std::string why;
        if (robot_ && !robot_->at_rest(positions_, why))
            return fail(CUBE_ERROR_INVALID_ARGUMENT, "rest: not at the rest state (" + why + ")");
    }
    log(CUBE_LOG_INFO, "at rest");
    return CUBE_OK;
}

}  // namespace cube_sim
