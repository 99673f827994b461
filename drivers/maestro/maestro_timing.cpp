#include "maestro_timing.hpp"

#include <algorithm>
#include <cmath>
#include <cstdio>
#include <cstdlib>

namespace cube_maestro {
namespace {

// Acceleration units: 0.25 us per 10 ms per 80 ms = 1250 quarter-microseconds per s^2.
constexpr double kAccelUnitQusPerS2 = 1.0 / (0.010 * 0.080);
// Speed units: 0.25 us per 10 ms = 100 quarter-microseconds per s.
constexpr double kSpeedUnitQusPerS = 100.0;

std::string ms_text(int64_t us) {
    char text[32];
    std::snprintf(text, sizeof text, "%lld.%03lld", (long long)(us / 1000), (long long)(us % 1000));
    return text;
}

}  // namespace

int64_t move_us(const Servo &servo, int from_qus, int to_qus) {
    double d = std::abs(to_qus - from_qus);
    double v = servo.speed * kSpeedUnitQusPerS;
    double seconds = d / v;
    if (servo.accel > 0 && d > 0) {
        double a = servo.accel * kAccelUnitQusPerS2;
        seconds = d >= v * v / a ? d / v + v / a : 2 * std::sqrt(d / a);
    }
    return int64_t(std::ceil(seconds * 1e6)) + int64_t(servo.settle_ms) * 1000;
}

int64_t longest_move_us(const Servo &servo, int quarters) {
    int64_t longest = 0;
    for (const auto &from : servo.target_qus) {
        auto to = servo.target_qus.find(from.first + quarters);
        if (to == servo.target_qus.end()) continue;
        longest = std::max(longest, move_us(servo, from.second, to->second));
        longest = std::max(longest, move_us(servo, to->second, from.second));
    }
    return longest;
}

int64_t worst_move_to_us(const Servo &servo, int32_t to) {
    int64_t longest = 0;
    auto target = servo.target_qus.find(to);
    if (target == servo.target_qus.end()) return 0;
    for (const auto &from : servo.target_qus) longest = std::max(longest, move_us(servo, from.second, target->second));
    return longest;
}

std::string timed_robot_spec(const Settings &settings) {
    int64_t turn90 = 1, turn180 = 1, grip = 1;  // the robot parser needs times above 0
    for (const Servo &servo : settings.servos) {
        if (servo.turns) {
            turn90 = std::max(turn90, longest_move_us(servo, 1));
            turn180 = std::max(turn180, longest_move_us(servo, 2));
        } else {
            grip = std::max(grip, longest_move_us(servo, 1));
        }
    }
    return settings.model + ":turn90=" + ms_text(turn90) + ",turn180=" + ms_text(turn180) + ",grip=" + ms_text(grip) +
           ",range=" + std::to_string(settings.range) + ",parallel=" + std::to_string(settings.parallel);
}

}  // namespace cube_maestro
