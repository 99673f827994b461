// Mechanism states as public positions (one int32 per actuator, see "Positions" in cube/driver.h), and
// the physics of one step on positions: what drivers, the executor and the sim share.
#pragma once
#include <cstdint>
#include <string>
#include <vector>

#include "robot.hpp"

namespace lc::robot {

// The rest state as positions: every arm engaged at neutral, the holder released, turns at 0.
std::vector<int32_t> rest_positions(const Robot &robot);

// The mechanical state of `positions` (one per actuator). Throws lc::Error(CUBE_ERROR_INVALID_ARGUMENT)
// naming the actuator and value when the robot cannot be there (wrong count, a twist past its range, a
// grip other than 0/1, a cube that would not be held).
uint32_t mech_of(const Robot &robot, const std::vector<int32_t> &positions);

// Positions of a mechanical state (turn actuators that the state does not track, such as a six-motor
// robot's motors, are taken from `previous` when given, else 0).
std::vector<int32_t> positions_of(const Robot &robot, uint32_t mech, const std::vector<int32_t> *previous = nullptr);

// One step of the physics: whether `cmds` may start together at `positions`. Returns the positions
// after it and turns `facelets` (54 letters, may be null) as the step turns the held cube. Throws
// lc::Error(CUBE_ERROR_INVALID_ARGUMENT) saying which rule the step breaks.
std::vector<int32_t> step_positions(const Robot &robot, const std::vector<int32_t> &positions, const CmdSet &cmds,
                                    std::string *facelets);

}  // namespace lc::robot
