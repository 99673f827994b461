// The steps of a plan (its actions with one start time) and which earlier steps each must see return
// before it starts, for running a plan's steps concurrently: every earlier step that shares an
// actuator with it, and every earlier step the plan ends at or before its start.
#pragma once
#include <cstddef>
#include <cstdint>
#include <vector>

#include "robot/plan.hpp"

namespace lc::driver {

struct ScheduledStep {
    size_t first = 0;                // its actions are [first, end)
    size_t end = 0;
    int64_t start_us = 0;            // its start in the plan
    int64_t end_us = 0;              // the end of its longest action
    std::vector<size_t> waits_for;  // earlier steps (indices) that must have returned first
};

// The plan's steps in start order.
std::vector<ScheduledStep> schedule_steps(const robot::Plan &plan);

}  // namespace lc::driver
