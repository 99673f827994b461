#include "driver/host_timeline.hpp"

#include <memory>
#include <string>
#include <vector>

#include "api_util.hpp"
#include "driver/calls.hpp"
#include "driver/host_step.hpp"
#include "robot/positions.hpp"
#include "robot/robot_handles.hpp"
#include "robot/timeline.hpp"

// A plugin's timeline: the robot it judges by (kept alive here) and the launches so far.
struct cube_driver_timeline {
    lc::HandleTag tag{lc::kMagicTimeline};
    std::shared_ptr<const lc::robot::Robot> robot;
    lc::robot::Timeline timeline;
    int32_t launches = 0;  // names a launch in a refusal when its commands carry no action index
    cube_driver_timeline(std::shared_ptr<const lc::robot::Robot> r, uint32_t mech)
        : robot(std::move(r)), timeline(robot->model(), mech) {}
    ~cube_driver_timeline() { tag.magic = 0; }
};

namespace lc::driver {
namespace {

// The most a launch's start may be measured late: a minute of robot time.
constexpr int64_t kMaxToleranceUs = 60'000'000;

}  // namespace

cube_status host_timeline_new(const cube_robot *robot, const int32_t *positions, cube_driver_timeline **out) {
    return api_guard([&]() -> cube_status {
        if (!out) return set_error(CUBE_ERROR_INVALID_ARGUMENT, "out is NULL");
        *out = nullptr;
        const cube_robot *r = robot_impl(robot);
        if (!r) return cube_last_status();
        if (!positions) return set_error(CUBE_ERROR_INVALID_ARGUMENT, "positions is NULL");
        const int32_t actuators = r->impl->model().actuators();
        const uint32_t mech = robot::mech_of(*r->impl, std::vector<int32_t>(positions, positions + actuators));
        *out = new cube_driver_timeline(r->impl, mech);
        return CUBE_OK;
    });
}

cube_status host_timeline_launch(cube_driver_timeline *timeline, int64_t start_us, int64_t tolerance_us,
                                 const cube_driver_command *const *commands, int32_t count) {
    return api_guard([&]() -> cube_status {
        cube_driver_timeline *t = checked<cube_driver_timeline>(timeline, kMagicTimeline, "timeline");
        if (!t) return cube_last_status();
        if (!commands) return set_error(CUBE_ERROR_INVALID_ARGUMENT, "commands is NULL");
        if (count < 1 || count > kMaxStepCommands)
            return set_error(CUBE_ERROR_INVALID_ARGUMENT, "%d commands: a step has 1 to %d", count, kMaxStepCommands);
        if (tolerance_us < 0 || tolerance_us > kMaxToleranceUs)
            return set_error(CUBE_ERROR_INVALID_ARGUMENT, "tolerance_us %lld: 0 to %lld", (long long)tolerance_us,
                             (long long)kMaxToleranceUs);
        const int32_t actuators = t->robot->model().actuators();
        robot::CmdSet cmds;
        int64_t end_us[kMaxStepCommands];
        int64_t judged_end_us[kMaxStepCommands];
        for (int32_t i = 0; i < count; ++i) {
            cmds.add(plugin_cmd(commands[i], i, actuators));
            if (commands[i]->duration_us < 0)
                return set_error(CUBE_ERROR_INVALID_ARGUMENT, "command %d: duration_us %d is negative", i,
                                 commands[i]->duration_us);
            end_us[i] = start_us + commands[i]->duration_us;
            judged_end_us[i] = end_us[i] + tolerance_us;
        }
        std::string why = t->timeline.refuse(cmds, judged_end_us, start_us + tolerance_us);
        if (!why.empty()) return set_error(CUBE_ERROR_INVALID_ARGUMENT, "%s", why.c_str());
        const cube_driver_command *first = commands[0];
        const bool indexed = first->struct_size >= CUBE_DRIVER_COMMAND_SIZE_V2 && first->action_index >= 0;
        t->timeline.add(cmds, end_us, start_us, indexed ? first->action_index : t->launches);
        t->launches += count;
        return CUBE_OK;
    });
}

void host_timeline_free(cube_driver_timeline *timeline) {
    if (timeline && timeline->tag.magic == kMagicTimeline) delete timeline;
}

}  // namespace lc::driver
