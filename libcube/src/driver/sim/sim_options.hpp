// The sim's URI options: "sim:model=four-arm,turn90=200,speed=10,fail_after=3,concurrent=0".
#pragma once
#include <cstdint>
#include <string>

namespace cube_sim {

struct Options {
    double speed = 1;         // times real time; 0 runs instantly
    int64_t fail_after = -1;  // commands that succeed before one fails once; -1: never
    bool concurrent = true;   // opt in to concurrent steps (at a speed above 0)
    std::string robot_spec;   // "model=FAMILY,key=value,..." for cube_robot_parse, or "" to adopt the plan's robot
};

// Reads comma-separated options. Throws Failure(CUBE_ERROR_INVALID_ARGUMENT) naming a bad one.
Options parse_options(const std::string &text);

}  // namespace cube_sim
