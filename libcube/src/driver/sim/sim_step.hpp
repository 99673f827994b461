// The rules a step must follow before the robot's physics judges it: 1-3 commands, each for an actuator
// the robot has, fitting that actuator, and lasting at least what the robot needs.
#pragma once
#include <cube/driver_plugin.h>

#include <cstdint>
#include <string>
#include <vector>

#include "sim_robot.hpp"

namespace cube_sim {

// A step that passed the rules.
struct Step {
    int32_t longest_us = 0;     // its longest command: how long the step takes
    int32_t action_index = -1;  // the plan action of its first command (version-2 commands), or -1
    std::string text;           // what it does, for the log: "L.twist turn 1 in 250000 us; ..."
};

// Why a step was refused: the actuator concerned (or -1) and the rule it broke.
struct Refusal {
    int32_t actuator = -1;
    int32_t action_index = -1;
    std::string why;
};

// Checks `count` commands against the rules. Returns false with `refusal` filled when one is broken.
// Durations are checked against what the robot needs with its actuators at `positions`.
bool check_step(const Robot &robot, const std::vector<int32_t> &positions, const cube_driver_command *const *commands,
                int32_t count, Step &step, Refusal &refusal);

}  // namespace cube_sim
