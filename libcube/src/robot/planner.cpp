// Turning a move sequence into a plan, optimally or one move at a time, and choosing among candidates.
#include <algorithm>
#include <string>

#include "cancel.hpp"
#include "error.hpp"
#include "plan.hpp"
#include "search.hpp"

namespace lc::robot {
namespace {

constexpr size_t kMaxNodes = size_t(1) << 21;  // about 40 MB of search state per thread

// Refuses a sequence longer than a plan may be, before any work.
void check_length(const MoveList &moves) {
    if (moves.size() > kMaxPlanMoves)
        throw Error(CUBE_ERROR_INVALID_ARGUMENT, "the sequence has " + std::to_string(moves.size()) +
                                                     " moves: a plan may have at most " +
                                                     std::to_string(kMaxPlanMoves));
}

// Refuses a plan whose time no longer fits its int32 microsecond timestamps, as soon as it is known.
void check_time(int64_t total_us) {
    if (total_us > kMaxPlanUs)
        throw Error(CUBE_ERROR_UNSUPPORTED, "plan longer than 35 minutes (2147483647 us, the most a plan can hold)");
}

// Whether command k of a turning step is one that turns a layer (not, say, an unwind beside it):
// without it the step turns fewer layers or is not allowed.
bool turns_layer(const Model &model, uint32_t mech, const Step &s, int k) {
    if (s.eff.nturns == 0 || s.cmds.cmd[k].kind != kTurn) return false;
    CmdSet rest;
    for (int i = 0; i < s.cmds.n; ++i)
        if (i != k) rest.add(s.cmds.cmd[i]);
    uint32_t next;
    Effect eff;
    return rest.n == 0 || !model.simulate(mech, rest, next, eff, nullptr) || eff.nturns < s.eff.nturns;
}

// Lays the steps end to end: commands of one step start together; the next step starts when the
// longest of them ends.
void build_timeline(const std::vector<PathStep> &path, Plan &out) {
    const Model &model = out.robot->model();
    int64_t t = 0;
    uint32_t mech = model.initial();
    out.actions.clear();
    for (const PathStep &ps : path) {
        const Step &s = *ps.step;
        for (int k = 0; k < s.cmds.n; ++k) {
            const Cmd &c = s.cmds.cmd[k];
            int32_t start = static_cast<int32_t>(t);
            out.actions.push_back({c.actuator, c.kind, c.param, start, start + model.duration(c),
                                   turns_layer(model, mech, s, k) ? ps.move_index : -1});
        }
        mech = s.next;
        t += s.duration;
        check_time(t);
    }
    out.total_us = t;
    out.steps = static_cast<int32_t>(path.size());
}

}  // namespace

bool make_plan(const std::shared_ptr<const Robot> &robot, const MoveList &moves, Strategy strategy, int64_t bound_us,
               Plan &out, const StopFlag *stop) {
    check_length(moves);
    SearchBudget budget{kMaxPlanSteps, kMaxPlanSteps};
    Plan p;
    p.robot = robot;
    p.moves = moves;
    p.turns = face_turns(moves);
    SearchState at{0, robot->model().initial()};
    std::vector<PathStep> path;
    int64_t cost = 0;
    if (strategy == Strategy::kOptimal) {
        // Long sequences are planned in windows so that the search stays within kMaxNodes nodes;
        // each window starts where the previous one left the robot (optimal within windows).
        const size_t per_layer = 2 * 24 * size_t(robot->model().mech_count());
        const size_t window = std::max<size_t>(2, kMaxNodes / per_layer - 1);
        std::vector<PathStep> part;
        int64_t spent = 0;
        for (size_t k = 0; k < p.turns.size() || k == 0; k += window) {
            size_t end = std::min(p.turns.size(), k + window);
            int64_t bound = bound_us >= 0 ? bound_us - spent : -1;
            if (!search(*robot, p.turns, k, end, at, true, bound, part, at, cost, -1, true, stop, &budget)) {
                if (bound_us >= 0) return false;
                throw Error(CUBE_ERROR_UNSOLVABLE, "this robot cannot perform the sequence (no plan found)");
            }
            spent += cost;
            check_time(spent);
            path.insert(path.end(), part.begin(), part.end());
            if (end == p.turns.size()) break;
        }
    } else {
        // Greedy and naive: each move alone, in order; naive also returns the mechanism to rest.
        const int64_t rest = strategy == Strategy::kNaive ? int64_t(robot->model().initial()) : -1;
        std::vector<PathStep> part;
        int64_t spent = 0;
        for (size_t k = 0; k < p.turns.size(); ++k) {
            if (!search(*robot, p.turns, k, k + 1, at, false, -1, part, at, cost, rest, true, stop, &budget))
                throw Error(CUBE_ERROR_UNSOLVABLE, "this robot cannot perform a move of the sequence (no plan found)");
            spent += cost;
            check_time(spent);
            path.insert(path.end(), part.begin(), part.end());
        }
    }
    build_timeline(path, p);
    if (bound_us >= 0 && p.total_us >= bound_us) return false;
    out = std::move(p);
    return true;
}

int best_plan(const std::shared_ptr<const Robot> &robot, const std::function<bool(MoveList &)> &next_candidate,
              Strategy s, Plan &out) {
    int best = -1;
    MoveList m;
    for (int i = 0; next_candidate(m); ++i) {
        if (make_plan(robot, m, s, best < 0 ? -1 : out.total_us, out)) best = i;
        m.clear();
    }
    return best;
}

}  // namespace lc::robot
