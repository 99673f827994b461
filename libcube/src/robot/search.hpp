// Shortest-time expansion of face turns into robot steps (A* over move index x orientation x mechanism).
#pragma once
#include <cstdint>
#include <vector>

#include "normalize.hpp"
#include "robot.hpp"

namespace lc {
class StopFlag;  // cancel.hpp
}  // namespace lc

namespace lc::robot {

struct SearchState {
    int orient = 0;
    uint32_t mech = 0;
};

// The steps the searches of one plan may still try (one per step tried from an expanded node); a
// search that needs more throws lc::Error(CUBE_ERROR_UNSUPPORTED). Bounds the work of any plan.
struct SearchBudget {
    uint64_t limit;  // the steps it started with (for the message)
    uint64_t left;
};

struct PathStep {
    const Step *step;
    int32_t move_index[2];  // source move of the layer step->eff.face[k] turns, else -1
};

struct Plan;  // plan.hpp

// Lays the steps out from the plan's start state into out.actions, total_us and steps: commands of one
// step start together. Event-driven, a step starts as soon as the rules of timeline.hpp allow; else
// (naive plans, scans, whose camera needs the cube still) when the previous step's longest command ends.
void build_timeline(const std::vector<PathStep> &path, Plan &out, bool event_driven = true);

// Finds the quickest steps performing turns[begin, end) from `start`. Pairs of opposite-face turns may
// go in one step when `pairs`. Returns false if nothing beats bound_us (when bound_us >= 0).
// With goal_mech >= 0 the robot must end in that mechanical state. `guided` = false turns the A*
// lower bound off (plain Dijkstra; for tests of the bound). When `stop` (may be null) is set, throws
// lc::Error(CUBE_ERROR_CANCELLED) within a few hundred node expansions. Each step tried takes one from
// `budget` (may be null: no limit).
bool search(const Robot &robot, const std::vector<FaceTurn> &turns, size_t begin, size_t end, SearchState start,
            bool pairs, int64_t bound_us, std::vector<PathStep> &path, SearchState &finish, int64_t &cost,
            int64_t goal_mech = -1, bool guided = true, const StopFlag *stop = nullptr,
            SearchBudget *budget = nullptr);

}  // namespace lc::robot
