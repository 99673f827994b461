#include "driver/run_plan.hpp"

#include <algorithm>
#include <chrono>
#include <mutex>

#include "driver/calls.hpp"
#include "driver/driver_handles.hpp"
#include "driver/faults.hpp"
#include "driver/run_checks.hpp"
#include "driver/step_pool.hpp"
#include "driver/step_schedule.hpp"
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

    // Each stage throws lc::Error on a failure, the fault recorded and the robot stopped.
    void go() {
        check_before_moving();
        if (cancelled()) cancel(-1);  // cancelled before anything was asked of the robot
        configure_and_prepare();
        check_start_positions();
        run_steps();
        finish();
    }

  private:
    // (1) The plan must fit the driver's robot: refused before anything moves.
    void check_before_moving() {
        const char *spec = d_->entry.api.robot_spec(d_->instance);
        if (!spec || !*spec) {
            int32_t s = d_->entry.api.configure(d_->instance, "robot", plan_.robot->spec().c_str());
            if (s != CUBE_OK && s != CUBE_ERROR_UNSUPPORTED) driver_error(s, -1, "configure \"robot\"");
            told_robot_ = true;
            spec = d_->entry.api.robot_spec(d_->instance);
        }
        try {
            robot_ = robot_of_spec(spec, plan_);
        } catch (const Error &e) {
            refuse(e.what());
        }
        std::string why = plan_misfit(d_, plan_, *robot_);
        if (!why.empty()) refuse(why);
    }

    // (2) and (3): tell the driver the robot and the cube, then ready it.
    void configure_and_prepare() {
        const cube_driver_api &a = d_->entry.api;
        if (!told_robot_) {
            int32_t s = a.configure(d_->instance, "robot", plan_.robot->spec().c_str());
            if (s != CUBE_OK && s != CUBE_ERROR_UNSUPPORTED) driver_error(s, -1, "configure \"robot\"");
        }
        if (!s_.resume) {
            std::string scramble = format_moves(inverted(plan_.moves));
            int32_t s = a.configure(d_->instance, "scramble", scramble.c_str());
            if (s != CUBE_OK && s != CUBE_ERROR_UNSUPPORTED) driver_error(s, -1, "configure \"scramble\"");
        }
        int32_t s = call_prepare(d_->entry, d_->instance);
        if (s != CUBE_OK) driver_error(s, -1, "prepare");
    }

    // (4) The robot must be where the plan starts (the same mechanical state).
    void check_start_positions() {
        std::vector<int32_t> at;
        int32_t s = driver_positions(d_, at);
        if (s == CUBE_ERROR_UNSUPPORTED) return;
        if (s != CUBE_OK) driver_error(s, -1, "positions");
        std::string why;
        try {
            if (robot::mech_of(*robot_, at) != robot::mech_of(*robot_, plan_start(plan_)))
                why = "the robot is at " + positions_text(at) + ", the plan starts at " +
                      positions_text(plan_start(plan_));
        } catch (const Error &e) {
            why = std::string("the driver's positions: ") + e.what();
        }
        if (why.empty()) return;
        stop_robot();
        host_fault(CUBE_FAULT_MISMATCH, CUBE_ERROR_INVALID_ARGUMENT, -1, why, s_.stop_level,
                          "the plan does not start where the robot is");
    }

    // (5) Every step (the actions with one start time) on the worker thread, each with its deadline, in
    // start order. An event-driven plan may start a step before the one before it ends; a plugin that
    // did not opt in to concurrent steps runs one execute at a time, so the step goes as soon as the
    // driver returns: later than planned, which every timeline rule allows.
    void run_steps() {
        double speed = 1;
        if (call_concurrent(d_->entry, d_->instance, speed)) {
            run_steps_concurrently(speed);
            return;
        }
        int64_t margin = margin_of(s_, d_);
        const std::vector<robot::Action> &acts = plan_.actions;
        for (size_t i = 0; i < acts.size();) {
            if (cancelled()) cancel(int32_t(i));
            size_t end = i;
            while (end < acts.size() && acts[end].start_us == acts[i].start_us) ++end;
            run_step(i, end, margin);
            progress_.actions_done = int32_t(end);
            for (size_t k = i; k < end; ++k)
                progress_.plan_time_us = std::max<int64_t>(progress_.plan_time_us, acts[k].end_us);
            i = end;
            if (s_.progress && s_.progress(s_.user_data, progress_.actions_done, progress_.action_count,
                                           progress_.plan_time_us) != 0)
                progress_stop_ = true;
        }
        if (cancelled()) cancel(-1);
    }

    // One step: actions [first, end).
    void run_step(size_t first, size_t end, int64_t margin) {
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
            if (s == CUBE_OK) return;
            if (cancelled()) cancel(action);
            driver_error(s, action, describe_action(plan_, first));
        }
        stop_robot();
        if (w.wait(Clock::now() + kGraceAfterStop, nullptr) != Worker::Wait::kDone) hung(action);
        if (waited == Worker::Wait::kWoken) cancelled_fault(action);  // stopped once, just above
        std::string text = "the step did not finish within " + std::to_string((longest + margin) / 1000) +
                           " ms (its plan time plus the margin); the robot was stopped";
        host_fault(CUBE_FAULT_TIMEOUT, CUBE_ERROR_TIMEOUT, action, text, s_.stop_level, describe_action(plan_, first));
    }

    // (5, for a plugin that opted in to concurrent steps) Each step starts at its plan time after the
    // run's start (paced by the plugin's speed factor), later by as much as earlier steps started late,
    // and only once every step it waits for (step_schedule.hpp) has returned, on a thread of the pool;
    // each has its deadline. Progress is reported in plan order. On an error, a missed deadline or a
    // cancel the robot is stopped once and every execute in flight waited for.
    void run_steps_concurrently(double speed) {
        const int64_t margin = margin_of(s_, d_);
        const std::vector<ScheduledStep> steps = schedule_steps(plan_);
        if (!d_->pool) d_->pool = std::make_shared<StepPool>(d_->entry, d_->instance, CUBE_DRIVER_MAX_CONCURRENT_STEPS);
        StepPool &pool = *d_->pool;
        Flight f(steps.size(), size_t(pool.slots()));
        const auto wall = [speed](int64_t us) {
            const std::chrono::duration<double, std::micro> paced(double(us) / speed);
            return std::chrono::duration_cast<Clock::duration>(paced);
        };
        const Clock::time_point t0 = Clock::now();
        Clock::duration shift{0};  // how late the steps started so far run behind the plan
        size_t next = 0;
        size_t reported = 0;
        for (;;) {
            const uint64_t seen = pool.events();
            for (size_t slot = 0; slot < f.step_in.size(); ++slot) {
                const int32_t k = f.step_in[slot];
                if (k < 0) continue;
                const StepPool::Slot state = pool.slot(int32_t(slot));
                if (state.started && !f.started[size_t(k)]) {
                    f.started[size_t(k)] = true;
                    shift = std::max(shift, state.started_at - (t0 + wall(steps[size_t(k)].start_us)));
                }
                if (!state.done) continue;
                pool.collect(int32_t(slot));
                f.step_in[slot] = -1;
                if (state.result != CUBE_OK) step_failed(pool, f, steps, size_t(k), state.result);
                f.returned[size_t(k)] = true;
                f.returned_at[size_t(k)] = Clock::now();
            }
            while (reported < steps.size() && f.returned[reported]) report_step(steps[reported++]);
            if (reported == steps.size()) break;
            if (cancelled()) cancel_in_flight(pool, f, steps, next);
            const Clock::time_point now = Clock::now();
            Clock::time_point wake = now + std::chrono::hours(1);
            for (size_t slot = 0; slot < f.step_in.size(); ++slot) {
                if (f.step_in[slot] < 0) continue;
                if (now >= f.deadline[slot]) step_timed_out(pool, f, steps, size_t(f.step_in[slot]), margin);
                wake = std::min(wake, f.deadline[slot]);
            }
            if (next < steps.size()) {
                const ScheduledStep &s = steps[next];
                bool ready = pool.free_slot() >= 0;
                for (size_t k = 0; k < next && ready; ++k) ready = f.started[k];
                Clock::time_point at = t0 + wall(s.start_us) + shift;
                for (size_t i : s.waits_for) {
                    if (!ready) break;
                    ready = f.returned[i];
                    if (ready) at = std::max(at, f.returned_at[i] + wall(s.start_us - steps[i].end_us));
                }
                if (ready && now >= at) {
                    launch(pool, f, s, next++, margin);
                    continue;
                }
                if (ready) wake = std::min(wake, at);
            }
            pool.wait(seen, wake, [this] { return cancelled(); });
        }
        if (cancelled()) cancel(-1);
    }

    // What the steps of a concurrent run are doing.
    struct Flight {
        Flight(size_t steps, size_t slots)
            : started(steps, false), returned(steps, false), returned_at(steps), step_in(slots, -1), deadline(slots) {}
        std::vector<bool> started;                  // its thread has called execute
        std::vector<bool> returned;                 // execute returned CUBE_OK
        std::vector<Clock::time_point> returned_at;
        std::vector<int32_t> step_in;               // per pool slot: the step it runs, or -1
        std::vector<Clock::time_point> deadline;    // per pool slot
    };

    // Hands step `index` to a free slot of the pool, with its deadline.
    void launch(StepPool &pool, Flight &f, const ScheduledStep &s, size_t index, int64_t margin) {
        cube_driver_command cmds[kMaxStepCommands];
        int32_t n = 0;
        int64_t longest = 0;
        for (size_t k = s.first; k < s.end; ++k) {  // at most 3: plan_misfit() refuses larger steps
            const robot::Action &x = plan_.actions[k];
            cmds[n++] = cube_driver_command{sizeof(cube_driver_command), x.actuator, x.kind, x.param,
                                            x.end_us - x.start_us, x.start_us, x.move_index, int32_t(k)};
            longest = std::max<int64_t>(longest, x.end_us - x.start_us);
        }
        if (margin < 0) margin = kDefaultMarginUs + longest / 2;
        const int32_t slot = pool.free_slot();
        f.step_in[size_t(slot)] = int32_t(index);
        f.deadline[size_t(slot)] = Clock::now() + std::chrono::microseconds(longest + margin);
        pool.start(slot, cmds, n);
    }

    // The progress of one more step, in plan order.
    void report_step(const ScheduledStep &s) {
        progress_.actions_done = int32_t(s.end);
        for (size_t k = s.first; k < s.end; ++k)
            progress_.plan_time_us = std::max<int64_t>(progress_.plan_time_us, plan_.actions[k].end_us);
        if (s_.progress && s_.progress(s_.user_data, progress_.actions_done, progress_.action_count,
                                       progress_.plan_time_us) != 0)
            progress_stop_ = true;
    }

    // Stops the robot once and waits, at most kGraceAfterStop, for every execute in flight. False when
    // one did not return: `stuck` is then its step.
    bool stop_in_flight(StepPool &pool, Flight &f, size_t &stuck) {
        stop_robot();
        const Clock::time_point until = Clock::now() + kGraceAfterStop;
        for (;;) {
            const uint64_t seen = pool.events();
            bool all = true;
            for (size_t slot = 0; slot < f.step_in.size(); ++slot) {
                if (f.step_in[slot] < 0) continue;
                if (pool.slot(int32_t(slot)).done) {
                    pool.collect(int32_t(slot));
                    f.step_in[slot] = -1;
                    continue;
                }
                all = false;
                stuck = size_t(f.step_in[slot]);
            }
            if (all) return true;
            if (Clock::now() >= until) return false;
            pool.wait(seen, until, nullptr);
        }
    }

    // The first step still in flight (the earliest in the plan), else `next`.
    static size_t first_in_flight(const Flight &f, size_t next) {
        size_t first = next;
        for (int32_t k : f.step_in)
            if (k >= 0) first = std::min(first, size_t(k));
        return first;
    }

    [[noreturn]] void cancel_in_flight(StepPool &pool, Flight &f, const std::vector<ScheduledStep> &steps,
                                       size_t next) {
        const size_t first = first_in_flight(f, next);
        const int32_t action = first < steps.size() ? int32_t(steps[first].first) : -1;
        size_t stuck = 0;
        if (!stop_in_flight(pool, f, stuck)) hung(int32_t(steps[stuck].first));
        cancelled_fault(action);
    }

    // Step k's execute failed: the plugin's record (read before the stop changes it), then the stop.
    [[noreturn]] void step_failed(StepPool &pool, Flight &f, const std::vector<ScheduledStep> &steps, size_t k,
                                  int32_t result) {
        const int32_t action = int32_t(steps[k].first);
        size_t stuck = 0;
        if (cancelled()) {
            if (!stop_in_flight(pool, f, stuck)) hung(int32_t(steps[stuck].first));
            cancelled_fault(action);
        }
        const cube_status st = plugin_status(result);
        record_fault(d_, code_of_status(st), st, action, s_.stop_level);
        if (!stop_in_flight(pool, f, stuck)) hung(int32_t(steps[stuck].first));
        failed(describe_action(plan_, steps[k].first));
    }

    [[noreturn]] void step_timed_out(StepPool &pool, Flight &f, const std::vector<ScheduledStep> &steps, size_t k,
                                     int64_t margin) {
        const int32_t action = int32_t(steps[k].first);
        size_t stuck = 0;
        if (!stop_in_flight(pool, f, stuck)) hung(int32_t(steps[stuck].first));
        int64_t longest = 0;
        for (size_t i = steps[k].first; i < steps[k].end; ++i)
            longest = std::max<int64_t>(longest, plan_.actions[i].end_us - plan_.actions[i].start_us);
        if (margin < 0) margin = kDefaultMarginUs + longest / 2;
        std::string text = "the step did not finish within " + std::to_string((longest + margin) / 1000) +
                           " ms (its plan time plus the margin); the robot was stopped";
        host_fault(CUBE_FAULT_TIMEOUT, CUBE_ERROR_TIMEOUT, action, text, s_.stop_level,
                   describe_action(plan_, steps[k].first));
    }

    // (6) Rest after the last step, when the plan ends there; a success clears the fault.
    void finish() {
        if (s_.rest_at_end && plan_.finish_rest) {
            int32_t s = call_rest(d_->entry, d_->instance);
            if (s != CUBE_OK) driver_error(s, -1, "rest");
        }
        clear_fault(d_);
    }

    bool cancelled() const {
        return progress_stop_ || d_->cancel.load() || (s_.stop && s_.stop->stopped());
    }

    void stop_robot() {
        std::lock_guard<std::mutex> lock(d_->stop_mu);
        call_stop(d_->entry, d_->instance, s_.stop_level);
    }

    // Fails with the fault just recorded.
    [[noreturn]] void failed(const std::string &where) {
        throw Error(cube_status(d_->fault.status), error_text("driver %s: %s: %s", d_->entry.name.c_str(),
                                                               where.c_str(), d_->fault.text.c_str()));
    }

    // A fault the host found after stopping the robot (or, with stop_level 0, before anything moved).
    [[noreturn]] void host_fault(int32_t code, cube_status status, int32_t action, const std::string &text,
                                 int32_t stop_level, const std::string &where) {
        std::vector<int32_t> at;
        bool known = d_->hung ? false : driver_positions(d_, at) == CUBE_OK;
        record_host_fault(d_, code, status, text, action, stop_level, known);
        failed(where);
    }

    // A plan that does not fit: nothing has moved, so nothing is stopped.
    [[noreturn]] void refuse(const std::string &why) {
        host_fault(CUBE_FAULT_MISMATCH, CUBE_ERROR_INVALID_ARGUMENT, -1, why, 0, "the plan does not fit");
    }

    // The driver failed: its own fault record (read before the stop changes it), then the stop.
    [[noreturn]] void driver_error(int32_t status, int32_t action, const std::string &where) {
        cube_status st = plugin_status(status);
        record_fault(d_, code_of_status(st), st, action, s_.stop_level);
        stop_robot();
        failed(where);
    }

    [[noreturn]] void cancel(int32_t action) {
        stop_robot();
        cancelled_fault(action);
    }

    // The fault of a cancelled run, the robot already stopped.
    [[noreturn]] void cancelled_fault(int32_t action) {
        std::string text = "run cancelled after " + std::to_string(progress_.actions_done) + " of " +
                           std::to_string(progress_.action_count) + " actions; the robot was stopped";
        host_fault(CUBE_FAULT_CANCELLED, CUBE_ERROR_CANCELLED, action, text, s_.stop_level, "cancel");
    }

    // execute() did not return even after the stop: leave its thread to it and never call the plugin again.
    [[noreturn]] void hung(int32_t action) {
        d_->hung = true;
        if (d_->worker) d_->worker->abandon(d_);
        d_->worker.reset();
        if (d_->pool) d_->pool->abandon(d_);
        d_->pool.reset();
        std::string text = "execute did not return " + std::to_string(kGraceAfterStop.count()) +
                           " s after stop; the driver is abandoned (close it)";
        host_fault(CUBE_FAULT_HUNG, CUBE_ERROR_TIMEOUT, action, text, s_.stop_level,
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

void run_plan(cube_driver *d, const robot::Plan &plan, const RunSettings &settings, RunProgress &progress) {
    d->cancel = false;
    Run(d, plan, settings, progress).go();
}

}  // namespace lc::driver
