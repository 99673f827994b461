// What the public robot and plan handles hold, and helpers shared by the robot C API files.
#pragma once
#include <cube/robot.h>

#include <memory>
#include <string>
#include <vector>

#include "error.hpp"
#include "plan.hpp"

struct cube_robot {
    lc::HandleTag tag{lc::kMagicRobot};
    std::shared_ptr<const lc::robot::Robot> impl;
    std::string spec;
    ~cube_robot() { tag.magic = 0; }
};

struct cube_plan {
    lc::HandleTag tag{lc::kMagicPlan};
    lc::robot::Plan plan;
    ~cube_plan() { tag.magic = 0; }
};

namespace lc {

inline cube_robot *robot_impl(const cube_robot *r, const char *what = "robot") {
    return checked<cube_robot>(const_cast<cube_robot *>(r), kMagicRobot, what);
}
inline cube_plan *plan_impl(const cube_plan *p, const char *what = "plan") {
    return checked<cube_plan>(const_cast<cube_plan *>(p), kMagicPlan, what);
}

// A robot handle around an existing model (shared, not copied).
cube_robot *new_robot_handle(std::shared_ptr<const robot::Robot> impl);

// Copies positions into a caller's array, snprintf-style: `*count` (may be NULL) always receives their number.
cube_status copy_positions(const std::vector<int32_t> &values, int32_t *positions, int32_t capacity, int32_t *count);

// The planner strategy of a ::cube_plan_strategy value; CUBE_ERROR_INVALID_ARGUMENT for an unknown one.
cube_status strategy_from(int32_t code, robot::Strategy &s);

}  // namespace lc
