#include "driver/run_checks.hpp"

#include <algorithm>
#include <cstdio>
#include <cstring>

#include "driver/driver_handles.hpp"
#include "robot/positions.hpp"
#include "robot/timeline.hpp"

namespace lc::driver {
namespace {

// Milliseconds with up to three decimals and no trailing zeros: 20000 us -> "20", 42500 us -> "42.5".
std::string ms_text(int64_t us) {
    char text[32];
    std::snprintf(text, sizeof text, "%.3f", double(us) / 1000.0);
    std::string s = text;
    s.erase(s.find_last_not_of('0') + 1);
    if (s.back() == '.') s.pop_back();
    return s;
}

// "" when the driver reports the plan robot's actuators in the same order.
std::string actuator_misfit(cube_driver *d, const robot::Model &want) {
    const cube_driver_api &a = d->entry.api;
    int32_t n = a.actuator_count(d->instance);
    if (n != want.actuators())
        return "the driver has " + std::to_string(n) + " actuators, the plan's robot " +
               std::to_string(want.actuators());
    for (int32_t i = 0; i < n; ++i) {
        const char *name = a.actuator_name(d->instance, i);
        if (!name || std::strcmp(name, want.actuator_name(i)) != 0)
            return "the driver's actuator " + std::to_string(i) + " is " + (name ? name : "(none)") +
                   ", the plan's is " + want.actuator_name(i);
    }
    return "";
}

// "" when two models have the same actuators in the same order.
std::string model_misfit(const robot::Model &have, const robot::Model &want) {
    if (have.actuators() != want.actuators())
        return "the driver's robot has " + std::to_string(have.actuators()) + " actuators, the plan's " +
               std::to_string(want.actuators());
    for (int i = 0; i < have.actuators(); ++i)
        if (std::strcmp(have.actuator_name(i), want.actuator_name(i)) != 0)
            return "the driver's robot's actuator " + std::to_string(i) + " is " + have.actuator_name(i) +
                   ", the plan's is " + want.actuator_name(i);
    return "";
}

// "" when the step of actions [first, end) may run on `robot` at `positions`, which it then updates.
std::string step_misfit(const robot::Plan &plan, size_t first, size_t end, const robot::Robot &robot,
                        std::vector<int32_t> &positions) {
    const robot::Model &model = robot.model();
    robot::CmdSet cmds;
    if (end - first > 3) return describe_action(plan, first) + ": more than 3 commands at once";
    for (size_t k = first; k < end; ++k) {
        const robot::Action &x = plan.actions[k];
        cmds.add(robot::Cmd{uint8_t(x.actuator), uint8_t(x.kind), int8_t(x.param)});
    }
    uint32_t mech = 0;
    try {
        mech = robot::mech_of(robot, positions);
    } catch (const Error &e) {
        return describe_action(plan, first) + ": " + e.what();
    }
    for (size_t k = first; k < end; ++k) {
        const robot::Action &x = plan.actions[k];
        int32_t least = model.duration(mech, cmds, int(k - first));
        if (least < 0) return describe_action(plan, k) + ": the driver's robot has no such command";
        if (x.end_us - x.start_us < least)
            return describe_action(plan, k) + ": takes " + ms_text(x.end_us - x.start_us) +
                   " ms in the plan, the driver's robot needs at least " + ms_text(least) + " ms";
    }
    if (cmds.n > 1 && !robot.params().allow_parallel)
        return describe_action(plan, first) + ": " + std::to_string(cmds.n) +
               " commands at once, but the driver's robot moves one actuator at a time (parallel=0)";
    try {
        positions = robot::step_positions(robot, positions, cmds, nullptr);
    } catch (const Error &e) {
        return describe_action(plan, first) + ": " + e.what();
    }
    return "";
}

// "" when the plan's start times keep the rules of `robot`'s timeline (robot/timeline.hpp): actuators
// free, every step after those it depends on, adjacent six-motor turns within the robot's overlap.
std::string timing_misfit(const robot::Plan &plan, const robot::Robot &robot) {
    robot::Timeline timeline(robot.model(), robot::mech_of(robot, plan_start(plan)));
    const std::vector<robot::Action> &acts = plan.actions;
    for (size_t i = 0; i < acts.size();) {
        robot::CmdSet cmds;
        int64_t end[3];
        size_t k = i;
        for (; k < acts.size() && acts[k].start_us == acts[i].start_us && cmds.n < 3; ++k) {
            end[cmds.n] = acts[k].end_us;
            cmds.add(robot::Cmd{uint8_t(acts[k].actuator), uint8_t(acts[k].kind), int8_t(acts[k].param)});
        }
        std::string why = timeline.refuse(cmds, end, acts[i].start_us);
        if (!why.empty()) return describe_action(plan, i) + ": " + why;
        timeline.add(cmds, end, acts[i].start_us, int32_t(i));
        i = k;
    }
    return "";
}

}  // namespace

std::shared_ptr<const robot::Robot> robot_of_spec(const char *spec, const robot::Plan &plan) {
    if (!spec || !*spec || plan.robot->spec() == spec) return plan.robot;
    try {
        return std::make_shared<const robot::Robot>(robot::parse_spec(spec));
    } catch (const Error &e) {
        throw Error(CUBE_ERROR_INVALID_ARGUMENT,
                    "the driver's robot \"" + std::string(spec) + "\" cannot be read: " + e.what());
    }
}

std::vector<int32_t> plan_start(const robot::Plan &plan) {
    if (!plan.start_positions.empty()) return plan.start_positions;
    return robot::rest_positions(*plan.robot);
}

std::string plan_misfit(cube_driver *d, const robot::Plan &plan, const robot::Robot &robot) {
    std::string why = actuator_misfit(d, plan.robot->model());
    if (why.empty()) why = model_misfit(robot.model(), plan.robot->model());
    if (!why.empty()) return why;
    std::vector<int32_t> positions = plan_start(plan);
    try {
        robot::mech_of(robot, positions);
    } catch (const Error &e) {
        return std::string("the plan's start: ") + e.what();
    }
    for (size_t i = 0; i < plan.actions.size();) {
        size_t end = i;
        while (end < plan.actions.size() && plan.actions[end].start_us == plan.actions[i].start_us) ++end;
        why = step_misfit(plan, i, end, robot, positions);
        if (!why.empty()) return why;
        i = end;
    }
    return timing_misfit(plan, robot);
}

int32_t driver_positions(cube_driver *d, std::vector<int32_t> &out) {
    int32_t n = d->entry.api.actuator_count(d->instance);
    out.assign(size_t(std::max(n, 0)), 0);
    for (int32_t i = 0; i < n; ++i) {
        int32_t s = d->entry.api.position(d->instance, i, &out[size_t(i)]);
        if (s != CUBE_OK) return s;
    }
    return CUBE_OK;
}

std::string describe_action(const robot::Plan &plan, size_t index) {
    const robot::Action &x = plan.actions[index];
    char param[16];
    std::snprintf(param, sizeof param, "%+d", x.param);
    return "action " + std::to_string(index) + " (" + plan.robot->model().actuator_name(x.actuator) + " " +
           robot::command_kind_name(x.kind) + " " + param + ")";
}

}  // namespace lc::driver
