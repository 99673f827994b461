#include "driver/run_plan.hpp"

#include <algorithm>
#include <chrono>
#include <mutex>

#include "driver/calls.hpp"
#include "driver/driver_handles.hpp"
#include "driver/faults.hpp"
#include "driver/run_checks.hpp"
#include "driver/worker.hpp"
#include "notation.hpp"
#include "robot/positions.hpp"

namespace lc::driver {
namespace {

using Clock = std::chrono::steady_clock;

// How long execute() may take to return after a stop before the driver counts as hung.
constexpr auto kGraceAfterStop = std::chrono::seconds(2);
// The margin of a driver that names none: 1 s plus half the step.
constexpr int64_t kDefaultMarginUs = 1000000;
// The least margin a driver's own may give: threads of a busy host can be late by tens of milliseconds.
constexpr int64_t kLeastDriverMarginUs = 250000;

// The margin of every step: the caller's, else the driver's (at least kLeastDriverMarginUs), else -1
// (the default, which depends on the step).
int64_t margin_of(const RunSettings &s, cube_driver *d) {
    if (s.margin_us >= 0) return s.margin_us;
    int64_t driver = call_margin_us(d->entry, d->instance);
    return driver < 0 ? -1 : std::max(driver, kLeastDriverMarginUs);
}

// A plugin's status as a cube_status: odd values become CUBE_ERROR_IO.
cube_status status_of(int32_t s) {
    return (s >= 0 || s < CUBE_ERROR_INTERNAL) ? CUBE_ERROR_IO : cube_status(s);
}

// The fault code of a plugin's failure when the plugin gives no record of its own.
int32_t code_of_status(cube_status status) {
    switch (status) {
        case CUBE_ERROR_INVALID_ARGUMENT:
            return CUBE_FAULT_REFUSED;
        case CUBE_ERROR_IO:
            return CUBE_FAULT_COMMUNICATION;
        case CUBE_ERROR_TIMEOUT:
            return CUBE_FAULT_TIMEOUT;
        case CUBE_ERROR_CANCELLED:
            return CUBE_FAULT_CANCELLED;
        default:
            return CUBE_FAULT_OTHER;
    }
}

class Run {
  public:
    Run(cube_driver *d, const robot::Plan &plan, const RunSettings &s, RunProgress &progress)
        : d_(d), plan_(plan), s_(s), progress_(progress) {
        progress_.action_count = int32_t(plan.actions.size());
    }

    cube_status go() {
        cube_status st = check_before_moving();
        if (st == CUBE_OK && cancelled()) st = cancel(-1);  // cancelled before anything was asked of the robot
        if (st == CUBE_OK) st = configure_and_prepare();
        if (st == CUBE_OK) st = check_start_positions();
        if (st == CUBE_OK) st = run_steps();
        if (st == CUBE_OK) st = finish();
        return st;
    }

  private:
    // (1) The plan must fit the driver's robot: refused before anything moves.
    cube_status check_before_moving() {
        const char *spec = d_->entry.api.robot_spec(d_->instance);
        if (!spec || !*spec) {
            int32_t s = d_->entry.api.configure(d_->instance, "robot", plan_.robot->spec().c_str());
            if (s != CUBE_OK && s != CUBE_ERROR_UNSUPPORTED) return driver_error(s, -1, "configure \"robot\"");
            told_robot_ = true;
            spec = d_->entry.api.robot_spec(d_->instance);
        }
        try {
            robot_ = robot_of_spec(spec, plan_);
        } catch (const Error &e) {
            return refuse(e.what());
        }
        std::string why = plan_misfit(d_, plan_, *robot_);
        return why.empty() ? CUBE_OK : refuse(why);
    }

    // (2) and (3): tell the driver the robot and the cube, then ready it.
    cube_status configure_and_prepare() {
        const cube_driver_api &a = d_->entry.api;
        if (!told_robot_) {
            int32_t s = a.configure(d_->instance, "robot", plan_.robot->spec().c_str());
            if (s != CUBE_OK && s != CUBE_ERROR_UNSUPPORTED) return driver_error(s, -1, "configure \"robot\"");
        }
        if (!s_.resume) {
            std::string scramble = format_moves(inverted(plan_.moves));
            int32_t s = a.configure(d_->instance, "scramble", scramble.c_str());
            if (s != CUBE_OK && s != CUBE_ERROR_UNSUPPORTED) return driver_error(s, -1, "configure \"scramble\"");
        }
        int32_t s = call_prepare(d_->entry, d_->instance);
        return s == CUBE_OK ? CUBE_OK : driver_error(s, -1, "prepare");
    }

    // (4) The robot must be where the plan starts (the same mechanical state).
    cube_status check_start_positions() {
        std::vector<int32_t> at;
        int32_t s = driver_positions(d_, at);
        if (s == CUBE_ERROR_UNSUPPORTED) return CUBE_OK;
        if (s != CUBE_OK) return driver_error(s, -1, "positions");
        std::string why;
        try {
            if (robot::mech_of(*robot_, at) != robot::mech_of(*robot_, plan_start(plan_)))
                why = "the robot is at " + positions_text(at) + ", the plan starts at " +
                      positions_text(plan_start(plan_));
        } catch (const Error &e) {
            why = std::string("the driver's positions: ") + e.what();
        }
        if (why.empty()) return CUBE_OK;
        stop_robot();
        return host_fault(CUBE_FAULT_MISMATCH, CUBE_ERROR_INVALID_ARGUMENT, -1, why, s_.stop_level,
                          "the plan does not start where the robot is");
    }

    // (5) Every step (the actions with one start time) on the worker thread, each with its deadline, in
    // start order. An event-driven plan may start a step before the one before it ends; a plugin runs
    // one execute at a time, so the step goes as soon as the driver returns: later than planned, which
    // every timeline rule allows.
    cube_status run_steps() {
        int64_t margin = margin_of(s_, d_);
        const std::vector<robot::Action> &acts = plan_.actions;
        for (size_t i = 0; i < acts.size();) {
            if (cancelled()) return cancel(int32_t(i));
            size_t end = i;
            while (end < acts.size() && acts[end].start_us == acts[i].start_us) ++end;
            cube_status st = run_step(i, end, margin);
            if (st != CUBE_OK) return st;
            progress_.actions_done = int32_t(end);
            for (size_t k = i; k < end; ++k)
                progress_.plan_time_us = std::max<int64_t>(progress_.plan_time_us, acts[k].end_us);
            i = end;
            if (s_.progress && s_.progress(s_.user_data, progress_.actions_done, progress_.action_count,
                                           progress_.plan_time_us) != 0)
                progress_stop_ = true;
        }
        return cancelled() ? cancel(-1) : CUBE_OK;
    }

    // One step: actions [first, end).
    cube_status run_step(size_t first, size_t end, int64_t margin) {
        cube_driver_command cmds[3];
        int32_t n = 0;
        int64_t longest = 0;
        for (size_t k = first; k < end; ++k) {  // at most 3: plan_misfit() refuses larger steps
            const robot::Action &x = plan_.actions[k];
            cmds[n++] = cube_driver_command{sizeof(cube_driver_command), x.actuator, x.kind, x.param,
                                            x.end_us - x.start_us, x.start_us, x.move_index, int32_t(k)};
            longest = std::max<int64_t>(longest, x.end_us - x.start_us);
        }
        if (margin < 0) margin = kDefaultMarginUs + longest / 2;
        if (!d_->worker) d_->worker = std::make_shared<Worker>(d_->entry, d_->instance);
        Worker &w = *d_->worker;
        w.start(cmds, n);
        auto deadline = Clock::now() + std::chrono::microseconds(longest + margin);
        Worker::Wait waited = w.wait(deadline, [this] { return cancelled(); });
        int32_t action = int32_t(first);
        if (waited == Worker::Wait::kDone) {
            int32_t s = w.result();
            if (s == CUBE_OK) return CUBE_OK;
            if (cancelled()) return cancel(action);
            return driver_error(s, action, describe_action(plan_, first));
        }
        stop_robot();
        if (w.wait(Clock::now() + kGraceAfterStop, nullptr) != Worker::Wait::kDone) return hung(action);
        if (waited == Worker::Wait::kWoken) return cancel(action);
        std::string text = "the step did not finish within " + std::to_string((longest + margin) / 1000) +
                           " ms (its plan time plus the margin); the robot was stopped";
        return host_fault(CUBE_FAULT_TIMEOUT, CUBE_ERROR_TIMEOUT, action, text, s_.stop_level,
                          describe_action(plan_, first));
    }

    // (6) Rest after the last step, when the plan ends there; a success clears the fault.
    cube_status finish() {
        if (s_.rest_at_end && plan_.finish_rest) {
            int32_t s = call_rest(d_->entry, d_->instance);
            if (s != CUBE_OK) return driver_error(s, -1, "rest");
        }
        clear_fault(d_);
        return CUBE_OK;
    }

    bool cancelled() const {
        return progress_stop_ || d_->cancel.load() || (s_.stop && s_.stop->stopped());
    }

    void stop_robot() {
        std::lock_guard<std::mutex> lock(d_->stop_mu);
        call_stop(d_->entry, d_->instance, s_.stop_level);
    }

    // Fails with the fault just recorded.
    cube_status failed(const std::string &where) {
        return fail(cube_status(d_->fault.status), "driver %s: %s: %s", d_->entry.name.c_str(), where.c_str(),
                    d_->fault.text.c_str());
    }

    // A fault the host found after stopping the robot (or, with stop_level 0, before anything moved).
    cube_status host_fault(int32_t code, cube_status status, int32_t action, const std::string &text,
                           int32_t stop_level, const std::string &where) {
        std::vector<int32_t> at;
        bool known = d_->hung ? false : driver_positions(d_, at) == CUBE_OK;
        record_host_fault(d_, code, status, text, action, stop_level, known);
        return failed(where);
    }

    // A plan that does not fit: nothing has moved, so nothing is stopped.
    cube_status refuse(const std::string &why) {
        return host_fault(CUBE_FAULT_MISMATCH, CUBE_ERROR_INVALID_ARGUMENT, -1, why, 0, "the plan does not fit");
    }

    // The driver failed: its own fault record (read before the stop changes it), then the stop.
    cube_status driver_error(int32_t status, int32_t action, const std::string &where) {
        cube_status st = status_of(status);
        record_fault(d_, code_of_status(st), st, action, s_.stop_level);
        stop_robot();
        return failed(where);
    }

    cube_status cancel(int32_t action) {
        stop_robot();
        std::string text = "run cancelled after " + std::to_string(progress_.actions_done) + " of " +
                           std::to_string(progress_.action_count) + " actions; the robot was stopped";
        return host_fault(CUBE_FAULT_CANCELLED, CUBE_ERROR_CANCELLED, action, text, s_.stop_level, "cancel");
    }

    // execute() did not return even after the stop: leave its thread to it and never call the plugin again.
    cube_status hung(int32_t action) {
        d_->hung = true;
        d_->worker->abandon(d_);
        d_->worker.reset();
        std::string text = "execute did not return " + std::to_string(kGraceAfterStop.count()) +
                           " s after stop; the driver is abandoned (close it)";
        return host_fault(CUBE_FAULT_HUNG, CUBE_ERROR_TIMEOUT, action, text, s_.stop_level,
                          describe_action(plan_, size_t(action)));
    }

    static std::string positions_text(const std::vector<int32_t> &p) {
        std::string s = "(";
        for (size_t i = 0; i < p.size(); ++i) s += (i ? " " : "") + std::to_string(p[i]);
        return s + ")";
    }

    cube_driver *d_;
    const robot::Plan &plan_;
    const RunSettings &s_;
    RunProgress &progress_;
    std::shared_ptr<const robot::Robot> robot_;  // the driver's
    bool told_robot_ = false;                    // configure "robot" was called by the checks
    bool progress_stop_ = false;                 // the progress callback asked to stop
};

}  // namespace

cube_status run_plan(cube_driver *d, const robot::Plan &plan, const RunSettings &settings, RunProgress &progress) {
    d->cancel = false;
    return Run(d, plan, settings, progress).go();
}

}  // namespace lc::driver
