// Bringing a driver's robot to rest: a plan of no moves from where it is, run like any plan.
#include "driver/calls.hpp"
#include "driver/driver_handles.hpp"
#include "driver/faults.hpp"
#include "driver/rest.hpp"
#include "driver/run_checks.hpp"
#include "driver/run_plan.hpp"
#include "robot/positions.hpp"

namespace lc::driver {
namespace {

// Fails with the plugin's message and records its fault (nothing was stopped).
[[noreturn]] void failed(cube_driver *d, int32_t status, const char *what) {
    const cube_status st = plugin_status(status);
    record_fault(d, CUBE_FAULT_OTHER, st, -1, 0);
    throw Error(st, driver_fail_text(d, what));
}

}  // namespace

void bring_to_rest(cube_driver *d) {
    const char *spec = d->entry.api.robot_spec(d->instance);
    if (!spec || !*spec)
        throw Error(CUBE_ERROR_INVALID_ARGUMENT,
                    error_text("driver %s knows no robot yet: it has no rest state", d->entry.name.c_str()));
    auto robot = std::make_shared<const robot::Robot>(robot::parse_spec(spec));
    int32_t s = call_prepare(d->entry, d->instance);
    if (s != CUBE_OK) failed(d, s, "prepare");
    std::vector<int32_t> at;
    s = driver_positions(d, at);
    if (s == CUBE_ERROR_UNSUPPORTED) return;  // a driver that cannot tell goes to rest by itself
    if (s != CUBE_OK) failed(d, s, "positions");
    if (robot::mech_of(*robot, at) == robot->model().initial()) return;
    robot::Plan plan;
    robot::PlanQuery query(robot::Strategy::kOptimal);
    query.ends = robot::PlanEnds{at, true};
    robot::make_plan(robot, {}, query, plan);
    RunSettings settings;
    settings.resume = true;
    settings.rest_at_end = false;
    RunProgress progress;
    run_plan(d, plan, settings, progress);
}

}  // namespace lc::driver
