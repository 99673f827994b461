// Running a plan on a driver: step by step, with progress, cancellation and a safe stop on errors.
#include <algorithm>
#include <chrono>
#include <cstring>

#include "../handles.hpp"
#include "api_util.hpp"
#include "driver/driver_handles.hpp"
#include "notation.hpp"
#include "robot/robot_handles.hpp"

namespace lc {
namespace {

// The driver must drive a robot with the plan's actuators, in the same order.
cube_status check_compatible(cube_driver *d, const robot::Model &model) {
    const cube_driver_api &a = d->entry.api;
    int32_t n = a.actuator_count(d->instance);
    if (n != model.actuators())
        return fail(CUBE_ERROR_INVALID_ARGUMENT, "driver %s has %d actuators, the plan's robot %d",
                    d->entry.name.c_str(), n, model.actuators());
    for (int32_t i = 0; i < n; ++i) {
        const char *name = a.actuator_name(d->instance, i);
        if (!name || std::strcmp(name, model.actuator_name(i)) != 0)
            return fail(CUBE_ERROR_INVALID_ARGUMENT, "driver %s: actuator %d is %s, the plan expects %s",
                        d->entry.name.c_str(), i, name ? name : "(none)", model.actuator_name(i));
    }
    return CUBE_OK;
}

// cube_run_report keeps its own rule until the driver issue reshapes driver.h: at least version 1's size.
cube_status check_report(const cube_run_report *report) {
    if (report->struct_size < sizeof(cube_run_report) || report->struct_size > 4096)
        return fail(CUBE_ERROR_INVALID_ARGUMENT,
                    "report->struct_size is %u, expected at least %zu (call the matching _init())", report->struct_size,
                    sizeof(cube_run_report));
    return CUBE_OK;
}

}  // namespace
}  // namespace lc

extern "C" {

CUBE_API cube_status cube_run_report_init(cube_run_report *report) {
    if (!report) return lc::fail(CUBE_ERROR_INVALID_ARGUMENT, "report is NULL");
    *report = cube_run_report{sizeof(cube_run_report), 0, 0, 0, 0, 0};
    return CUBE_OK;
}

CUBE_API cube_status cube_driver_cancel(cube_driver *driver) {
    cube_driver *d = lc::driver_impl(driver);
    if (!d) return cube_last_status();
    d->cancel = true;
    std::lock_guard<std::mutex> lock(d->stop_mu);
    if (d->instance) d->entry.api.stop(d->instance);
    return CUBE_OK;
}

CUBE_API cube_status cube_driver_run(cube_driver *driver, const cube_plan *plan, cube_run_progress_fn progress,
                                     void *user_data, cube_run_report *report) {
    auto t0 = std::chrono::steady_clock::now();
    int32_t done = 0, total = 0;
    int64_t reached = 0;
    cube_status st = lc::api_guard([&]() -> cube_status {
        if (report) {
            cube_status checked = lc::check_report(report);
            if (checked != CUBE_OK) return checked;
        }
        cube_driver *d = lc::driver_impl(driver);
        cube_plan *p = lc::plan_impl(plan);
        if (!d || !p) return cube_last_status();
        const lc::robot::Plan &pl = p->plan;
        const cube_driver_api &a = d->entry.api;
        total = int32_t(pl.actions.size());
        d->cancel = false;

        int32_t s = a.configure(d->instance, "robot", pl.robot->spec().c_str());
        if (s != CUBE_OK && s != CUBE_ERROR_UNSUPPORTED) return lc::driver_fail(d, s, "robot");
        cube_status c = lc::check_compatible(d, pl.robot->model());
        if (c != CUBE_OK) return c;
        std::string scramble = lc::format_moves(lc::inverted(pl.moves));
        s = a.configure(d->instance, "scramble", scramble.c_str());
        if (s != CUBE_OK && s != CUBE_ERROR_UNSUPPORTED) return lc::driver_fail(d, s, "scramble");

        // Any exit before the end stops the robot first.
        auto stop_with = [&](cube_status why, const char *what) {
            a.stop(d->instance);
            if (why == CUBE_ERROR_CANCELLED) return lc::fail(why, "run cancelled after %d of %d actions", done, total);
            return lc::driver_fail(d, why, what);
        };
        for (size_t i = 0; i < pl.actions.size();) {
            if (d->cancel) return stop_with(CUBE_ERROR_CANCELLED, "");
            cube_driver_command cmds[3];
            int32_t n = 0;
            size_t j = i;
            for (; j < pl.actions.size() && pl.actions[j].start_us == pl.actions[i].start_us; ++j) {
                if (n == 3) return lc::fail(CUBE_ERROR_INTERNAL, "plan step with more than 3 commands");
                const lc::robot::Action &x = pl.actions[j];
                cmds[n++] = cube_driver_command{sizeof(cube_driver_command), x.actuator, x.kind, x.param,
                                                x.end_us - x.start_us,       x.start_us};
            }
            s = a.execute(d->instance, cmds, n);
            if (s != CUBE_OK) {
                if (d->cancel) return stop_with(CUBE_ERROR_CANCELLED, "");
                return stop_with(cube_status(s), ("action " + std::to_string(i)).c_str());
            }
            done += n;
            for (size_t k = i; k < j; ++k)
                reached = std::max<int64_t>(reached, pl.actions[k].end_us);
            i = j;
            if (progress && progress(user_data, done, total, reached) != 0) d->cancel = true;
        }
        if (d->cancel) return stop_with(CUBE_ERROR_CANCELLED, "");
        return CUBE_OK;
    });
    if (report && report->struct_size >= sizeof(cube_run_report)) {
        report->status = st;
        report->actions_done = done;
        report->action_count = total;
        report->plan_time_us = reached;
        report->elapsed_us =
            std::chrono::duration_cast<std::chrono::microseconds>(std::chrono::steady_clock::now() - t0).count();
    }
    return st;
}

}  // extern "C"
