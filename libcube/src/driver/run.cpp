// C API: running a plan on a driver (options, report, run, cancel). The run itself is run_plan.cpp.
#include <chrono>
#include <mutex>

#include "api_util.hpp"
#include "cancel.hpp"
#include "driver/api_driver.hpp"
#include "driver/calls.hpp"
#include "driver/driver_handles.hpp"
#include "driver/run_plan.hpp"
#include "robot/robot_handles.hpp"
#include "versioned.hpp"

namespace lc {
namespace {

cube_run_options default_run_options() {
    return sized_struct<cube_run_options>();
}

// The settings of a run from the caller's options (already read over the defaults).
cube_status settings_of(const cube_run_options &o, const StopFlag *stop, driver::RunSettings &out) {
    if (o.resume != 0 && o.resume != 1)
        return set_error(CUBE_ERROR_INVALID_ARGUMENT, "options->resume is %d: 0 or 1", o.resume);
    if (o.stop_level != 0 && o.stop_level != CUBE_STOP_HALT && o.stop_level != CUBE_STOP_DEENERGIZE)
        return set_error(CUBE_ERROR_INVALID_ARGUMENT,
                         "options->stop_level is %d: 0, CUBE_STOP_HALT or CUBE_STOP_DEENERGIZE",
                         o.stop_level);
    if (o.margin_ms < 0) return set_error(CUBE_ERROR_INVALID_ARGUMENT,
                                          "options->margin_ms is %d: 0 or more", o.margin_ms);
    out.resume = o.resume == 1;
    out.stop = stop;
    out.stop_level = o.stop_level ? o.stop_level : CUBE_STOP_HALT;
    out.margin_us = o.margin_ms > 0 ? int64_t(o.margin_ms) * 1000 : -1;
    out.progress = o.progress;
    out.user_data = o.user_data;
    return CUBE_OK;
}

int64_t elapsed_us(std::chrono::steady_clock::time_point since) {
    auto d = std::chrono::steady_clock::now() - since;
    return std::chrono::duration_cast<std::chrono::microseconds>(d).count();
}

}  // namespace
}  // namespace lc

extern "C" {

CUBE_API cube_status cube_run_options_init_sized(cube_run_options *options, uint32_t size) {
    return lc::init_versioned(options, size, lc::default_run_options());
}

CUBE_API cube_status cube_run_report_init(cube_run_report *report) {
    if (!report) return lc::set_error(CUBE_ERROR_INVALID_ARGUMENT, "report is NULL");
    *report = cube_run_report{sizeof(cube_run_report), 0, 0, 0, 0, 0};
    return CUBE_OK;
}

CUBE_API cube_status cube_driver_run_plan(cube_driver *driver, const cube_plan *plan, const cube_run_options *options,
                                          cube_run_report *report) {
    auto t0 = std::chrono::steady_clock::now();
    lc::driver::RunProgress progress;
    if (report) {
        cube_status checked = lc::write_versioned(cube_run_report{sizeof(cube_run_report), 0, 0, 0, 0, 0}, report,
                                                  "report");
        if (checked != CUBE_OK) return checked;
    }
    cube_status st = lc::api_guard([&]() -> cube_status {
        cube_run_options o = lc::default_run_options();
        cube_status read = lc::read_versioned(options, o, "options");
        if (read != CUBE_OK) return read;
        const std::atomic<int32_t> *token = nullptr;
        read = lc::cancel_flag(o.cancel, token, "options->cancel");
        if (read != CUBE_OK) return read;
        lc::StopFlag stop(token);
        lc::driver::RunSettings settings;
        read = lc::settings_of(o, &stop, settings);
        if (read != CUBE_OK) return read;
        cube_driver *d = lc::usable_driver(driver);
        cube_plan *p = lc::plan_impl(plan);
        if (!d || !p) return cube_last_status();
        lc::driver::run_plan(d, p->plan, settings, progress);
        return CUBE_OK;
    });
    if (report) {
        cube_run_report r{sizeof(cube_run_report), st, progress.actions_done, progress.action_count,
                          progress.plan_time_us, lc::elapsed_us(t0)};
        lc::write_versioned(r, report, "report");
    }
    return st;
}

CUBE_API cube_status cube_driver_run(cube_driver *driver, const cube_plan *plan, cube_run_progress_fn progress,
                                     void *user_data, cube_run_report *report) {
    cube_run_options o = lc::default_run_options();
    o.progress = progress;
    o.user_data = user_data;
    return cube_driver_run_plan(driver, plan, &o, report);
}

CUBE_API cube_status cube_driver_cancel(cube_driver *driver) {
    cube_driver *d = lc::driver_impl(driver);
    if (!d) return cube_last_status();
    d->cancel = true;
    std::lock_guard<std::mutex> lock(d->stop_mu);
    if (d->instance && !d->hung) lc::driver::call_stop(d->entry, d->instance, CUBE_STOP_HALT);
    return CUBE_OK;
}

}  // extern "C"
