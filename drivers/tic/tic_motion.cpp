#include "tic_motion.hpp"

#include <algorithm>
#include <cmath>
#include <cstdio>

namespace cube_tic {

int64_t trapezoid_us(int64_t distance, int64_t speed, int64_t accel) {
    if (distance <= 0) return 0;
    double d = double(distance);
    double v = double(speed);
    double a = double(accel);
    double seconds = d >= v * v / a ? d / v + v / a : 2.0 * std::sqrt(d / a);
    return int64_t(std::ceil(seconds * 1e6));
}

int64_t motion_us(const Motor &motor, int64_t distance) {
    return trapezoid_us(distance < 0 ? -distance : distance, motor.speed, std::min(motor.accel, motor.decel));
}

namespace {

// Milliseconds with up to three decimals and no trailing zeros: 20000 us -> "20", 42500 us -> "42.5".
std::string ms_text(int64_t us) {
    char text[32];
    std::snprintf(text, sizeof text, "%.3f", double(us) / 1000.0);
    std::string s = text;
    while (s.back() == '0') s.pop_back();
    if (s.back() == '.') s.pop_back();
    return s;
}

}  // namespace

std::string robot_spec_of(const std::string &model, const std::vector<Motor> &motors) {
    int64_t turn90 = 1;
    int64_t turn180 = 1;
    int64_t grip = 0;
    for (const Motor &m : motors) {
        if (m.kind == Kind::kTurn) {
            turn90 = std::max(turn90, motion_us(m, m.steps_per_quarter()));
            turn180 = std::max(turn180, motion_us(m, 2 * int64_t(m.steps_per_quarter())));
        } else {
            grip = std::max(grip, motion_us(m, int64_t(m.grip[1]) - m.grip[0]));
        }
    }
    std::string spec = model + (model.find(':') == std::string::npos ? ":" : ",") + "turn90=" + ms_text(turn90) +
                       ",turn180=" + ms_text(turn180);
    if (grip > 0) spec += ",grip=" + ms_text(grip);
    return spec;
}

}  // namespace cube_tic
