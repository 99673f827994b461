// Checks before moving: the robot a driver drives, whether a plan fits it, where the robot is.
#pragma once
#include <cube/driver.h>

#include <memory>
#include <string>
#include <vector>

#include "robot/plan.hpp"

struct cube_driver;

namespace lc::driver {

// The robot of a driver's robot spec: the plan's own when the spec is the same or "" (a driver that
// drives whatever it is told). Throws lc::Error(CUBE_ERROR_INVALID_ARGUMENT) when it cannot be read.
std::shared_ptr<const robot::Robot> robot_of_spec(const char *spec, const robot::Plan &plan);

// Where the plan starts (its start positions, or the rest state of its robot).
std::vector<int32_t> plan_start(const robot::Plan &plan);

// "" when the plan fits: the driver and its robot have the plan's actuators, every step replayed
// from the plan's start on `robot`'s physics is allowed (ranges, parallel steps, minimum durations),
// and its start times keep `robot`'s timeline rules (robot/timeline.hpp: who waits for whom, the
// six-motor overlap). Else why not, naming the action and the rule.
std::string plan_misfit(cube_driver *d, const robot::Plan &plan, const robot::Robot &robot);

// The driver's positions (one per actuator it reports): CUBE_OK, CUBE_ERROR_UNSUPPORTED when it cannot
// tell, or its error.
int32_t driver_positions(cube_driver *d, std::vector<int32_t> &out);

// "action 3 (L.twist turn +2)".
std::string describe_action(const robot::Plan &plan, size_t index);

}  // namespace lc::driver
