// The host's robot_step service: one step of a robot's physics on positions, for plugins.
#pragma once
#include <cube/driver_plugin.h>

namespace lc::driver {

// cube_driver_host.robot_step: reads of each command only the fields its struct_size covers; never throws.
cube_status host_robot_step(const cube_robot *robot, const int32_t *positions,
                            const cube_driver_command *const *commands, int32_t count, int32_t *next_positions,
                            char *facelets);

}  // namespace lc::driver
