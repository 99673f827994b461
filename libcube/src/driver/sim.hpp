// The "sim" driver: a virtual robot and cube that executes plans with the robot's own physics.
#pragma once
#include <cube/driver.h>

namespace lc::driver {

// The sim's function table, named `name` (the built-in one is "sim"; the test plugin renames it).
cube_driver_api sim_api(const char *name, const char *description);

}  // namespace lc::driver
