#include "sim_options.hpp"

#include <cube/common.h>

#include <cerrno>
#include <cstdlib>

#include "plugin_options.hpp"
#include "sim_failure.hpp"

namespace cube_sim {
namespace {

// Slower than 1/1000 of real time would turn a quarter turn into hours; faster than a million times is
// what speed=0 is for.
constexpr double kMinSpeed = 1e-3;
constexpr double kMaxSpeed = 1e6;

double parse_speed(const std::string &value) {
    char *end = nullptr;
    double speed = std::strtod(value.c_str(), &end);
    bool instant = speed == 0;
    bool in_range = speed >= kMinSpeed && speed <= kMaxSpeed;  // false for NaN
    if (value.empty() || *end || !(instant || in_range))
        throw Failure{CUBE_ERROR_INVALID_ARGUMENT,
                      "speed=\"" + value + "\": expected 0 (instant) or a number from 0.001 to 1000000"};
    return speed;
}

int64_t parse_fail_after(const std::string &value) {
    char *end = nullptr;
    errno = 0;
    long long count = std::strtoll(value.c_str(), &end, 10);
    if (value.empty() || *end || errno == ERANGE || count < 0)
        throw Failure{CUBE_ERROR_INVALID_ARGUMENT, "fail_after=\"" + value + "\": expected a count >= 0"};
    return count;
}

}  // namespace

Options parse_options(const std::string &text) {
    Options options;
    bool names_family = false;
    for (const std::string &item : cube_plugin::split_items(text, ',')) {
        size_t eq = item.find('=');
        std::string key = item.substr(0, eq);
        std::string value = eq == std::string::npos ? "" : item.substr(eq + 1);
        if (key == "speed") {
            options.speed = parse_speed(value);
        } else if (key == "fail_after") {
            options.fail_after = parse_fail_after(value);
        } else if (key == "concurrent") {
            if (value != "0" && value != "1")
                throw Failure{CUBE_ERROR_INVALID_ARGUMENT, "concurrent=\"" + value + "\": expected 0 or 1"};
            options.concurrent = value == "1";
        } else {
            // Anything else is the robot's: cube_robot_parse() judges it.
            options.robot_spec += (options.robot_spec.empty() ? "" : ",") + item;
            names_family |= key == "model" || key == "family";
        }
    }
    if (!options.robot_spec.empty() && !names_family)
        throw Failure{CUBE_ERROR_INVALID_ARGUMENT, "robot keys \"" + options.robot_spec + "\" given without model=FAMILY"};
    return options;
}

}  // namespace cube_sim
