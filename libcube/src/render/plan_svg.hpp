// A robot plan as an SVG timeline: one row per actuator, one bar per action, a time axis in ms.
#pragma once
#include <string>

#include "robot/plan.hpp"

namespace lc::render {

std::string plan_svg(const robot::Plan &plan);

}  // namespace lc::render
