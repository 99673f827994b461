// A robot plan: the timeline of actuator commands that performs a move sequence, and how it is found.
#pragma once
#include <array>
#include <cstddef>
#include <cstdint>
#include <functional>
#include <memory>
#include <string>
#include <vector>

#include "move.hpp"
#include "normalize.hpp"
#include "robot.hpp"

namespace lc {
class StopFlag;  // cancel.hpp
}  // namespace lc

namespace lc::robot {

struct SearchBudget;  // search.hpp

struct Action {
    int32_t actuator, kind, param;
    int32_t start_us, end_us;
    int32_t move_index;  // move of the sequence this command turns, or -1
};

// A picture the camera takes during a plan: which cube face it sees, turned how, and when.
struct ScanFrame {
    uint8_t face = 0;      // U R F D L B of the cube as held at the start of the plan
    uint8_t rotation = 0;  // quarters the face appears turned clockwise in the picture, from its state.h layout
    int32_t actions_done = 0;  // taken when the first actions_done actions have ended
    int32_t time_us = 0;       // their end
    std::array<uint8_t, 9> facelets{};  // facelet index (of the cube at the start) of each sample, row by row
};

struct Plan {
    std::shared_ptr<const Robot> robot;
    std::vector<int32_t> start_positions;  // where the robot starts (rest unless given)
    uint32_t start_mech = 0;               // the mechanical state of start_positions
    bool finish_rest = true;               // the plan ends at the rest state
    MoveList moves;               // the sequence as given
    std::vector<FaceTurn> turns;  // what the robot must turn
    std::vector<Action> actions;  // sorted by start time; actions that start together form a step
    int64_t total_us = 0;
    int32_t steps = 0;
    std::vector<ScanFrame> frames;  // the pictures of a scan plan (empty for other plans)
};

// The most moves a sequence to plan may have (documented in <cube/robot.h>): refused before any work.
constexpr size_t kMaxPlanMoves = 1000;
// The longest plan: its action times are int32 microseconds (about 35 minutes).
constexpr int64_t kMaxPlanUs = INT32_MAX;
// Steps one plan's searches may try in all (each costs 20-40 ns). Random sequences of kMaxPlanMoves
// moves try up to 3.5e8 (about 10 s) on the slowest robots measured (four-arm, range 2, slow grips);
// this is three times that: a backstop that no plan of an allowed length is expected to reach.
constexpr uint64_t kMaxPlanSteps = uint64_t(1) << 30;

enum class Strategy {
    kOptimal,  // shortest time over (move index x orientation x mechanism), opposite faces together
    kGreedy,   // one move at a time: the quickest way to do each move from where the last one left off
    kNaive,    // each move on its own: from the mechanism's rest state, back to rest (orientation free)
};

// Where a plan starts and ends: from `positions` (empty: rest), ending at rest when `finish_rest`.
struct PlanEnds {
    std::vector<int32_t> start_positions;
    bool finish_rest = true;
};

// How make_plan() is to plan.
struct PlanQuery {
    Strategy strategy = Strategy::kOptimal;
    // >= 0: make_plan() returns false when no plan is faster than this.
    int64_t bound_us = -1;
    // When set, make_plan() throws lc::Error(CUBE_ERROR_CANCELLED) soon (may be null).
    const StopFlag *stop = nullptr;
    PlanEnds ends;
    // > 0 (kOptimal): each search looks `horizon` turns ahead and keeps about half of them: faster on
    // robots with many mechanical states, a little slower plans.
    size_t horizon = 0;
    // The searches take their steps from it when given (else from kMaxPlanSteps of their own); when it
    // runs out, make_plan() throws lc::Error(CUBE_ERROR_UNSUPPORTED) with budget->left == 0.
    SearchBudget *budget = nullptr;

    PlanQuery() = default;
    explicit PlanQuery(Strategy s, int64_t bound = -1) : strategy(s), bound_us(bound) {}
};

// Plans `moves` as `query` says. Start positions the robot cannot be in throw
// lc::Error(CUBE_ERROR_INVALID_ARGUMENT).
bool make_plan(const std::shared_ptr<const Robot> &robot, const MoveList &moves, const PlanQuery &query, Plan &out);

// The moves still to do after the first `actions_done` actions, in the robot's frame as the cube is
// held then. Throws lc::Error(CUBE_ERROR_INVALID_ARGUMENT) when actions_done is out of range or splits a step.
MoveList remaining_moves(const Plan &plan, size_t actions_done);

// Plans every candidate and keeps the fastest; returns its index, or -1 for an empty list.
int best_plan(const std::shared_ptr<const Robot> &robot, const std::function<bool(MoveList &)> &next_candidate,
              Strategy s, Plan &out);

// The scan sequence of the robot: rotations only (no layer turn) from rest that show each of the six
// faces to the camera, ending at rest with the cube as it started. See <cube/robot.h>.
Plan make_scan_plan(const std::shared_ptr<const Robot> &robot);

// `second` after `first`: the same robot, `first` ending at rest and `second` starting there. Throws
// lc::Error(CUBE_ERROR_INVALID_ARGUMENT) otherwise.
Plan concat_plans(const Plan &first, const Plan &second);

// The robot position the camera looks at (0..5), or -1 when the family cannot show faces to a camera.
int camera_position(const Params &p);

// Replays the plan on a simulated robot holding the cube the sequence solves (the lead's sticker
// model) and checks timing, actuator overlap and the physics of every step. "" if valid, else why not.
std::string check_plan(const Plan &plan);

// Turns the facelets `cube` held in the robot as a step's effect says: the rotation, then the face turns.
void apply_effect(std::string &cube, const Effect &eff);

}  // namespace lc::robot

namespace lc::robot {

// Human text (one line per action) or JSON.
std::string format_plan(const Plan &plan, bool json);

}  // namespace lc::robot
