// The host's timeline services (libcube 1.3): robot/timeline.hpp's rules for plugins that run steps
// concurrently and check, as the planner does, that a step may start while others still move.
#pragma once
#include <cube/driver_plugin.h>

namespace lc::driver {

// cube_driver_host.timeline_new / timeline_launch / timeline_free; never throw.
cube_status host_timeline_new(const cube_robot *robot, const int32_t *positions, cube_driver_timeline **out);
cube_status host_timeline_launch(cube_driver_timeline *timeline, int64_t start_us, int64_t tolerance_us,
                                 const cube_driver_command *const *commands, int32_t count);
void host_timeline_free(cube_driver_timeline *timeline);

}  // namespace lc::driver
