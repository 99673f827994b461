// The host's robot_step service: one step of a robot's physics on positions, for plugins.
#pragma once
#include <cube/driver_plugin.h>

#include "robot/model.hpp"

namespace lc::driver {

// A plugin's command (the index-th of its step) as the physics takes it, reading only what its
// struct_size covers. Throws lc::Error(CUBE_ERROR_INVALID_ARGUMENT) naming what is wrong.
robot::Cmd plugin_cmd(const cube_driver_command *c, int32_t index, int32_t actuators);

// cube_driver_host.robot_step: reads of each command only the fields its struct_size covers; never throws.
cube_status host_robot_step(const cube_robot *robot, const int32_t *positions,
                            const cube_driver_command *const *commands, int32_t count, int32_t *next_positions,
                            char *facelets);

}  // namespace lc::driver
