// Robot-aware solving: many short solutions of the cube from the two-phase search, each planned on the
// robot, and the fastest plan kept. All work is counted in search nodes and planner steps, never in
// time, so one input always gives one plan, on any machine and whatever else runs.
#pragma once
#include <cstdint>
#include <functional>
#include <memory>

#include "cubie.hpp"
#include "plan.hpp"

namespace lc {
class StopFlag;  // cancel.hpp
namespace twophase {
struct Tables;
}  // namespace twophase
}  // namespace lc

namespace lc::robot {

struct RobotSolveWork {
    int extra_length = 2;         // candidates may be this many moves longer than the shortest found
    int candidates = 2000;        // distinct solutions planned at most
    int max_length = 0;           // no candidate longer (0: none but shortest + extra_length)
    uint64_t shorter_nodes = 0;   // two-phase nodes spent looking for a shorter first solution
    uint64_t collect_nodes = 0;   // two-phase nodes spent collecting the candidates
    uint64_t rank_steps = 0;      // planner steps spent ranking them
    uint64_t final_steps = 0;     // planner steps spent on the final plans of the best few
    Strategy strategy = Strategy::kOptimal;
};

// What the work of one call comes to: `plan_ms` and `shorter_ms` in milliseconds of the machine the
// rates were measured on (see robot_solve.cpp).
RobotSolveWork work_for(int32_t plan_ms, int32_t shorter_ms);

// The fastest plan found for taking `start` to `target` on `robot`. Throws lc::Error (CUBE_ERROR_CANCELLED when `stop`
// is set; the first solve's errors). `deadline_passed` (may be empty) is asked between candidates: a
// caller's wall-clock limit, the only thing that can make two calls differ.
Plan robot_solve(const std::shared_ptr<const Robot> &robot, const twophase::Tables &tables, const CubieCube &start,
                 const CubieCube &target, const RobotSolveWork &work, const StopFlag *stop, const std::function<bool()> &deadline_passed);

}  // namespace lc::robot
