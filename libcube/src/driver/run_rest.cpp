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
cube_status failed(cube_driver *d, int32_t status, const char *what) {
    cube_status st = driver_fail(d, status, what);
    record_fault(d, CUBE_FAULT_OTHER, st, -1, 0);
    return st;
}

}  // namespace

cube_status bring_to_rest(cube_driver *d) {
    const char *spec = d->entry.api.robot_spec(d->instance);
    if (!spec || !*spec)
        return set_error(CUBE_ERROR_INVALID_ARGUMENT, "driver %s knows no robot yet: it has no rest state",
                         d->entry.name.c_str());
    auto robot = std::make_shared<const robot::Robot>(robot::parse_spec(spec));
    int32_t s = call_prepare(d->entry, d->instance);
    if (s != CUBE_OK) return failed(d, s, "prepare");
    std::vector<int32_t> at;
    s = driver_positions(d, at);
    if (s == CUBE_ERROR_UNSUPPORTED) return CUBE_OK;  // a driver that cannot tell goes to rest by itself
    if (s != CUBE_OK) return failed(d, s, "positions");
    if (robot::mech_of(*robot, at) == robot->model().initial()) return CUBE_OK;
    robot::Plan plan;
    robot::PlanQuery query(robot::Strategy::kOptimal);
    query.ends = robot::PlanEnds{at, true};
    robot::make_plan(robot, {}, query, plan);
    RunSettings settings;
    settings.resume = true;
    settings.rest_at_end = false;
    RunProgress progress;
    return run_plan(d, plan, settings, progress);
}

}  // namespace lc::driver
