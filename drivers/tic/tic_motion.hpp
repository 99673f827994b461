// The time model: how long a Tic takes to move a distance with its speed and acceleration limits, and
// the robot's turn times that follow from it.
#pragma once
#include <cstdint>
#include <string>
#include <vector>

#include "tic_settings.hpp"

namespace cube_tic {

// Microseconds for a trapezoid move of `distance` microsteps at most `speed` microsteps/s, accelerating
// and decelerating at `accel` microsteps/s^2: t = d/v + v/a when d >= v*v/a, else 2*sqrt(d/a). Rounded up.
int64_t trapezoid_us(int64_t distance, int64_t speed, int64_t accel);

// The motion time of one motor moving `distance` microsteps (the slower of accel and decel is used for
// both ramps, a small overestimate when they differ).
int64_t motion_us(const Motor &motor, int64_t distance);

// The robot spec with its times: "MODEL:turn90=..,turn180=..[,grip=..]" in ms. One set of times serves
// every actuator, so each is the slowest configured motor's.
std::string robot_spec_of(const std::string &model, const std::vector<Motor> &motors);

}  // namespace cube_tic
