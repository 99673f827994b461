#include "driver/host_step.hpp"

#include <algorithm>
#include <cstdint>
#include <cstring>

#include "api_util.hpp"
#include "driver/calls.hpp"
#include "robot/positions.hpp"
#include "robot/robot_handles.hpp"

namespace lc::driver {
namespace {

constexpr size_t kFacelets = 54;

}  // namespace

robot::Cmd plugin_cmd(const cube_driver_command *c, int32_t index, int32_t actuators) {
    if (!c) throw Error(CUBE_ERROR_INVALID_ARGUMENT, "command " + std::to_string(index) + " is NULL");
    if (c->struct_size < CUBE_DRIVER_COMMAND_SIZE_V1)
        throw Error(CUBE_ERROR_INVALID_ARGUMENT, "command " + std::to_string(index) + ": struct_size " +
                                                     std::to_string(c->struct_size) + " is below version 1's " +
                                                     std::to_string(CUBE_DRIVER_COMMAND_SIZE_V1));
    if (c->actuator < 0 || c->actuator >= actuators)
        throw Error(CUBE_ERROR_INVALID_ARGUMENT, "command " + std::to_string(index) + ": actuator " +
                                                     std::to_string(c->actuator) + " of " + std::to_string(actuators));
    if (c->kind < CUBE_ACTION_TURN || c->kind > CUBE_ACTION_FLIP)
        throw Error(CUBE_ERROR_INVALID_ARGUMENT,
                    "command " + std::to_string(index) + ": kind " + std::to_string(c->kind) + " is not an action");
    if (c->param < INT8_MIN || c->param > INT8_MAX)  // the physics refuses less extreme values itself
        throw Error(CUBE_ERROR_INVALID_ARGUMENT,
                    "command " + std::to_string(index) + ": param " + std::to_string(c->param) + " is out of range");
    robot::Cmd cmd;
    cmd.actuator = static_cast<uint8_t>(c->actuator);
    cmd.kind = static_cast<uint8_t>(c->kind);
    cmd.param = static_cast<int8_t>(c->param);
    return cmd;
}

cube_status host_robot_step(const cube_robot *robot, const int32_t *positions,
                            const cube_driver_command *const *commands, int32_t count, int32_t *next_positions,
                            char *facelets) {
    return api_guard([&]() -> cube_status {
        const cube_robot *r = robot_impl(robot);
        if (!r) return cube_last_status();
        if (!positions || !commands || !next_positions)
            return set_error(CUBE_ERROR_INVALID_ARGUMENT, "positions, commands or next_positions is NULL");
        if (count < 1 || count > kMaxStepCommands)
            return set_error(CUBE_ERROR_INVALID_ARGUMENT, "%d commands: a step has 1 to %d", count, kMaxStepCommands);
        if (facelets && strnlen(facelets, kFacelets + 1) != kFacelets)
            return set_error(CUBE_ERROR_INVALID_ARGUMENT, "facelets: expected %zu letters", kFacelets);
        const int32_t actuators = r->impl->model().actuators();
        robot::CmdSet step;
        for (int32_t i = 0; i < count; ++i) step.add(plugin_cmd(commands[i], i, actuators));
        std::string cube = facelets ? std::string(facelets, kFacelets) : std::string();
        const std::vector<int32_t> next = robot::step_positions(
            *r->impl, std::vector<int32_t>(positions, positions + actuators), step, facelets ? &cube : nullptr);
        std::copy(next.begin(), next.end(), next_positions);
        if (facelets) std::memcpy(facelets, cube.data(), kFacelets);
        return CUBE_OK;
    });
}

}  // namespace lc::driver
