// C API: the least time each command of a step needs, where the actuators are (robot description 2).
#include "api_util.hpp"
#include "robot/positions.hpp"
#include "robot/robot_handles.hpp"

extern "C" {

CUBE_API cube_status cube_robot_step_us(const cube_robot *robot, const int32_t *positions, int32_t position_count,
                                        const int32_t *commands, int32_t count, int32_t *least_us) {
    return lc::api_guard([&]() -> cube_status {
        cube_robot *r = lc::robot_impl(robot);
        if (!r) return cube_last_status();
        if (!positions || !commands || !least_us)
            return lc::set_error(CUBE_ERROR_INVALID_ARGUMENT, "positions, commands or least_us is NULL");
        if (count < 1 || count > lc::robot::kMaxStepCommands)
            return lc::set_error(CUBE_ERROR_INVALID_ARGUMENT, "%d commands: a step has 1 to %d", count,
                                 lc::robot::kMaxStepCommands);
        if (position_count < 0) return lc::set_error(CUBE_ERROR_INVALID_ARGUMENT,
                                                     "position_count %d is negative", position_count);
        const lc::robot::Model &model = r->impl->model();
        const uint32_t mech =
            lc::robot::mech_of(*r->impl, std::vector<int32_t>(positions, positions + position_count));
        lc::robot::CmdSet step;
        for (int32_t i = 0; i < count; ++i) {
            const int32_t actuator = commands[3 * i], kind = commands[3 * i + 1], param = commands[3 * i + 2];
            if (actuator < 0 || actuator >= model.actuators())
                return lc::set_error(CUBE_ERROR_INVALID_ARGUMENT, "command %d: actuator %d of %d", i, actuator,
                                     model.actuators());
            if (kind < CUBE_ACTION_TURN || kind > CUBE_ACTION_FLIP || param < -3 || param > 3)
                return lc::set_error(CUBE_ERROR_INVALID_ARGUMENT, "command %d: %s cannot do kind %d with param %d", i,
                                     model.actuator_name(actuator), kind, param);
            step.add({uint8_t(actuator), uint8_t(kind), int8_t(param)});
        }
        for (int32_t i = 0; i < count; ++i) {
            const int32_t us = model.duration(mech, step, i);
            if (us < 0)
                return lc::set_error(CUBE_ERROR_INVALID_ARGUMENT, "command %d: %s cannot do kind %d with param %d", i,
                                     model.actuator_name(step.cmd[i].actuator), int(step.cmd[i].kind),
                                     int(step.cmd[i].param));
            least_us[i] = us;
        }
        return CUBE_OK;
    });
}

}  // extern "C"
