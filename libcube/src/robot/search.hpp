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

// What one search is asked: the quickest steps performing turns[begin, end) from `start`.
struct SearchQuery {
    size_t begin = 0;
    size_t end = 0;
    SearchState start;
    bool pairs = false;             // pairs of opposite-face turns may go in one step
    int64_t bound_us = -1;          // >= 0: nothing that does not beat it is wanted (search returns false)
    int64_t goal_mech = -1;         // >= 0: the robot must end in that mechanical state
    const StopFlag *stop = nullptr;  // when set, the search throws lc::Error(CUBE_ERROR_CANCELLED) soon
    SearchBudget *budget = nullptr;  // each step tried takes one from it (null: no limit)
    bool guided = true;             // tests only: false turns the A* lower bound off (plain Dijkstra)
};

// What it found: the steps, the state they leave the robot in and their time.
struct SearchResult {
    std::vector<PathStep> path;
    SearchState finish;
    int64_t cost = 0;
};

// Finds the quickest steps the query asks for into `out`. Returns false if there are none (or none beat
// query.bound_us). A set stop flag throws lc::Error(CUBE_ERROR_CANCELLED) within a few hundred node
// expansions.
bool search(const Robot &robot, const std::vector<FaceTurn> &turns, const SearchQuery &query, SearchResult &out);

}  // namespace lc::robot
