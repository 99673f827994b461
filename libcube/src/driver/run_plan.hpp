// The executor: runs a plan on a driver in the order documented in <cube/driver.h> ("The life of a
// driver"): checks before moving, configure, prepare, start positions, steps with deadlines, rest.
#pragma once
#include <cube/driver.h>

#include <cstdint>

#include "cancel.hpp"
#include "robot/plan.hpp"

struct cube_driver;

namespace lc::driver {

struct RunSettings {
    bool resume = false;                  // the robot holds the plan's cube already: no "scramble"
    bool rest_at_end = true;              // call rest after the last step (when the plan ends at rest)
    const StopFlag *stop = nullptr;       // the caller's cancel token, or null
    int32_t stop_level = CUBE_STOP_HALT;  // how to stop after an error or a cancel
    int64_t margin_us = -1;               // time a step may take past its plan; -1: the driver's own
    cube_run_progress_fn progress = nullptr;
    void *user_data = nullptr;
};

// How far a run got.
struct RunProgress {
    int32_t actions_done = 0;
    int32_t action_count = 0;
    int64_t plan_time_us = 0;
};

// Runs `plan` on `d`. On an error, a missed deadline or a cancel it stops the robot, records d->fault
// and throws lc::Error with the fault's status and message; success clears the fault.
void run_plan(cube_driver *d, const robot::Plan &plan, const RunSettings &settings, RunProgress &progress);

}  // namespace lc::driver
