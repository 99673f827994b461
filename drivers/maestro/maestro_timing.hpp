// Servo move times from the configured pulse widths, speeds and accelerations, and the robot's time
// model made from them.
#pragma once
#include <cstdint>
#include <string>

#include "maestro_settings.hpp"

namespace cube_maestro {

// Microseconds a servo takes from `from_qus` to `to_qus` (quarter-microseconds): at its speed limit s
// (0.25 us per 10 ms) t = |delta| / s * 10 ms; with an acceleration limit a (0.25 us per 10 ms per
// 80 ms) the trapezoid (or triangle) profile; plus its settle time. Rounded up.
int64_t move_us(const Servo &servo, int from_qus, int to_qus);

// The longest move between two of the servo's positions `quarters` apart (twists: 1 or 2; grips: 1).
int64_t longest_move_us(const Servo &servo, int quarters);

// The longest move from any configured position of the servo to `to` (prepare's wait: where a servo
// is before prepare is not known).
int64_t worst_move_to_us(const Servo &servo, int32_t to);

// The robot spec with its times: "four-arm:turn90=T,turn180=T,grip=T,range=R,parallel=P" in ms with
// three decimals. Each time is the slowest servo's of its kind (twists/wrists for turns, slides/grips
// for grip), folded in conservatively: the robot time model has one duration per kind.
std::string timed_robot_spec(const Settings &settings);

}  // namespace cube_maestro
