// One plan after another: a scan plan before the solve plan.
#include "error.hpp"
#include "plan.hpp"
#include "positions.hpp"

namespace lc::robot {

Plan concat_plans(const Plan &first, const Plan &second) {
    if (first.robot->spec() != second.robot->spec())
        throw Error(CUBE_ERROR_INVALID_ARGUMENT, "the plans are for different robots: " + first.robot->spec() +
                                                     " and " + second.robot->spec());
    if (!first.finish_rest)
        throw Error(CUBE_ERROR_INVALID_ARGUMENT, "the first plan does not end at rest, where the second must start");
    if (second.start_positions != rest_positions(*second.robot))
        throw Error(CUBE_ERROR_INVALID_ARGUMENT, "the second plan does not start at rest, where the first ends");
    if (first.moves.size() + second.moves.size() > kMaxPlanMoves)
        throw Error(CUBE_ERROR_INVALID_ARGUMENT, "the plans have " +
                                                     std::to_string(first.moves.size() + second.moves.size()) +
                                                     " moves together: a plan may have at most " +
                                                     std::to_string(kMaxPlanMoves));
    if (first.total_us + second.total_us > kMaxPlanUs)
        throw Error(CUBE_ERROR_UNSUPPORTED, "the plans together last longer than 35 minutes, the most a plan can hold");
    Plan p = first;
    p.finish_rest = second.finish_rest;
    const int32_t shift_moves = static_cast<int32_t>(first.moves.size());
    const int32_t shift_actions = static_cast<int32_t>(first.actions.size());
    const int32_t shift_us = static_cast<int32_t>(first.total_us);
    p.moves.insert(p.moves.end(), second.moves.begin(), second.moves.end());
    p.turns = face_turns(p.moves);
    for (Action a : second.actions) {
        a.start_us += shift_us;
        a.end_us += shift_us;
        if (a.move_index >= 0) a.move_index += shift_moves;
        p.actions.push_back(a);
    }
    for (ScanFrame f : second.frames) {
        f.actions_done += shift_actions;
        f.time_us += shift_us;
        p.frames.push_back(f);
    }
    p.total_us = first.total_us + second.total_us;
    p.steps = first.steps + second.steps;
    return p;
}

}  // namespace lc::robot
