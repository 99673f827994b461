// Turning a move sequence into a plan, optimally or one move at a time, and choosing among candidates.
#include <algorithm>
#include <string>

#include "cancel.hpp"
#include "error.hpp"
#include "plan.hpp"
#include "orient.hpp"
#include "positions.hpp"
#include "search.hpp"
#include "search_node.hpp"
#include "timeline.hpp"

namespace lc::robot {
namespace {

constexpr size_t kMaxNodes = size_t(1) << 21;  // about 64 MB of search state per thread

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
        throw Error(CUBE_ERROR_UNSUPPORTED, "plan longer than 35 minutes (2147483.647 ms, the most a plan can hold)");
}

// Which layer of a turning step command k turns (an index into step.eff.face), or -1 when it turns
// none (not a turn, or, say, an unwind beside the turn): without it the step turns fewer layers or is
// not allowed.
int turned_layer(const Model &model, uint32_t mech, const Step &s, int k) {
    if (s.eff.nturns == 0 || s.cmds.cmd[k].kind != kTurn) return -1;
    CmdSet rest;
    for (int i = 0; i < s.cmds.n; ++i)
        if (i != k) rest.add(s.cmds.cmd[i]);
    uint32_t next;
    Effect eff;
    if (rest.n > 0 && model.simulate(mech, rest, next, eff, nullptr)) {
        if (eff.nturns >= s.eff.nturns) return -1;
        if (eff.nturns == 1) return eff.face[0] == s.eff.face[0] ? 1 : 0;  // the layer still turned is not k's
    }
    if (s.eff.nturns == 1) return 0;
    CmdSet alone;
    alone.add(s.cmds.cmd[k]);
    if (model.simulate(mech, alone, next, eff, nullptr) && eff.nturns == 1 && eff.face[0] == s.eff.face[1]) return 1;
    return 0;
}

// The plan's start: the given positions (checked) or rest, and whether it must end at rest.
void set_ends(const Robot &robot, const PlanEnds &ends, Plan &p) {
    p.start_positions = ends.start_positions.empty() ? rest_positions(robot) : ends.start_positions;
    p.start_mech = mech_of(robot, p.start_positions);
    p.finish_rest = ends.finish_rest;
}

// How many turns of the window [k, end) to keep: about half, ending where the next turn cannot have
// been done before the last kept one (so the kept steps did exactly turns k .. k + keep - 1).
size_t kept_turns(const std::vector<FaceTurn> &turns, size_t k, size_t end) {
    for (size_t keep = std::max<size_t>(1, (end - k) / 2); keep < end - k; ++keep)
        if (turns[k + keep].face != kOpposite[turns[k + keep - 1].face]) return keep;
    return end - k;
}

// Moves the steps of `part` that do the first `keep` turns from part into path, updating `at` to the
// robot's state after them; returns their time.
int64_t keep_steps(const std::vector<PathStep> &part, size_t keep, SearchState &at, std::vector<PathStep> &path) {
    const Orientations &ot = orientations();
    int64_t time = 0;
    size_t done = 0;
    for (const PathStep &ps : part) {
        if (done == keep) break;
        const Step &s = *ps.step;
        path.push_back(ps);
        time += s.duration;
        done += s.eff.nturns;
        at.mech = s.next;
        if (s.eff.nturns == 0) at.orient = ot.then[at.orient][s.rot];
    }
    return time;
}

}  // namespace

// Lays the steps out event-driven: each step's commands start together, as soon as their actuators
// are free and the steps they depend on allow it (the rules of timeline.hpp); a step never starts
// later than it would if every step waited for the previous one to end.
void build_timeline(const std::vector<PathStep> &path, Plan &out, bool event_driven) {
    const Model &model = out.robot->model();
    Timeline timeline(model, out.start_mech);
    int64_t total = 0;
    uint32_t mech = out.start_mech;
    out.actions.clear();
    for (const PathStep &ps : path) {
        const Step &s = *ps.step;
        int32_t duration[kMaxStepCommands];
        for (int k = 0; k < s.cmds.n; ++k)
            duration[k] = model.duration(mech, s.cmds, k);
        const int64_t start = event_driven ? timeline.earliest(s.cmds, duration) : total;
        if (start < 0) throw Error(CUBE_ERROR_INTERNAL, "a step of the plan cannot be laid out");
        int64_t end[kMaxStepCommands];
        for (int k = 0; k < s.cmds.n; ++k) {
            end[k] = start + duration[k];
            total = std::max(total, end[k]);
        }
        check_time(total);
        timeline.add(s.cmds, end, start, static_cast<int32_t>(out.actions.size()));
        for (int k = 0; k < s.cmds.n; ++k) {
            const Cmd &c = s.cmds.cmd[k];
            const int layer = turned_layer(model, mech, s, k);
            const int32_t move = layer >= 0 ? ps.move_index[layer] : -1;
            out.actions.push_back({c.actuator, c.kind, c.param, static_cast<int32_t>(start),
                                   static_cast<int32_t>(end[k]), move});
        }
        mech = s.next;
    }
    out.total_us = total;
    out.steps = static_cast<int32_t>(path.size());
}

namespace {

// One make_plan(): the plan being made, where the robot was left (`at`), the steps so far and their time.
class Planner {
  public:
    Planner(const std::shared_ptr<const Robot> &robot, const MoveList &moves, const PlanQuery &query)
        : robot_(*robot), query_(query), budget_(query.budget ? *query.budget : own_budget_) {
        p_.robot = robot;
        p_.moves = moves;
        p_.turns = face_turns(moves);
        set_ends(robot_, query.ends, p_);
        rest_ = int64_t(robot_.model().initial());
        goal_ = p_.finish_rest ? rest_ : -1;
        at_ = {0, p_.start_mech};
        // The search counts steps one after another; the timeline overlaps them. Corner cutting saves up
        // to the overlap's share of each turn, so the search may only give up past the bound scaled by it.
        const int64_t overlap = robot_.params().overlap_permille;
        search_bound_ = query.bound_us >= 0 ? query.bound_us * 1000 / (1000 - overlap) : -1;
    }

    bool run(Plan &out) {
        if (query_.strategy == Strategy::kOptimal) {
            if (!plan_windows()) return false;
        } else {
            plan_each_move();
        }
        build_timeline(path_, p_, query_.strategy != Strategy::kNaive);
        if (query_.bound_us >= 0 && p_.total_us >= query_.bound_us) return false;
        out = std::move(p_);
        return true;
    }

  private:
    // One search from `at_` over turns [first, last) that may pair turns, given the bound and the goal.
    bool search_from_at(size_t first, size_t last, bool pairs, int64_t bound, int64_t goal_mech) {
        SearchQuery q;
        q.begin = first;
        q.end = last;
        q.start = at_;
        q.pairs = pairs;
        q.bound_us = bound;
        q.goal_mech = goal_mech;
        q.stop = query_.stop;
        q.budget = &budget_;
        const bool found = search(robot_, p_.turns, q, part_);
        if (found) at_ = part_.finish;
        return found;
    }
    // The last search's steps, and their time, added to the plan.
    void take_part() {
        spent_ += part_.cost;
        check_time(spent_);
        path_.insert(path_.end(), part_.path.begin(), part_.path.end());
    }

    // Long sequences are planned in windows so that the search stays within kMaxNodes nodes. A window
    // starts where the robot was left; with a horizon only the first part of each window is kept and the
    // next window starts from there (receding horizon); the last window also brings the robot to the
    // goal. The window counts every mechanical state (the search numbers only the live ones, never more).
    // False when the bound is not beaten.
    bool plan_windows() {
        const size_t horizon = query_.horizon;
        const size_t per_layer = SearchNodes::per_done(robot_.model().mech_count());
        size_t window = std::max<size_t>(2, kMaxNodes / per_layer - 1);
        if (horizon > 0) window = std::min(window, horizon);
        const size_t n = p_.turns.size();
        for (size_t k = 0; k < n || k == 0;) {
            const size_t end = std::min(n, k + window);
            const bool last = end == n;
            const int64_t bound = search_bound_ >= 0 ? search_bound_ - spent_ : -1;
            const SearchState from = at_;
            if (!search_from_at(k, end, true, bound, last ? goal_ : -1)) {
                if (query_.bound_us >= 0) return false;
                throw Error(CUBE_ERROR_UNSOLVABLE, "this robot cannot perform the sequence (no plan found)");
            }
            if (last || horizon == 0) {
                take_part();
                if (last) break;
                k = end;
                continue;
            }
            const size_t keep = kept_turns(p_.turns, k, end);
            at_ = from;
            spent_ += keep_steps(part_.path, keep, at_, path_);
            check_time(spent_);
            k += keep;
        }
        return true;
    }

    // Greedy and naive: each move alone, in order; naive also returns the mechanism to rest after each,
    // greedy after the last.
    void plan_each_move() {
        const size_t n = p_.turns.size();
        for (size_t k = 0; k < n; ++k) {
            const bool last = k + 1 == n;
            const int64_t want = query_.strategy == Strategy::kNaive ? rest_ : (last ? goal_ : -1);
            if (!search_from_at(k, k + 1, false, -1, want))
                throw Error(CUBE_ERROR_UNSOLVABLE, "this robot cannot perform a move of the sequence (no plan found)");
            take_part();
        }
        // No turns at all: only the way to rest.
        if (goal_ >= 0 && at_.mech != uint32_t(goal_)) {
            if (!search_from_at(0, 0, false, -1, goal_))
                throw Error(CUBE_ERROR_UNSOLVABLE, "this robot cannot return to rest from its start positions");
            path_.insert(path_.end(), part_.path.begin(), part_.path.end());
        }
    }

    const Robot &robot_;
    const PlanQuery &query_;
    SearchBudget own_budget_{kMaxPlanSteps, kMaxPlanSteps};
    SearchBudget &budget_;
    Plan p_;
    int64_t rest_ = 0;
    int64_t goal_ = -1;  // the mechanism the plan ends in (-1: any)
    int64_t search_bound_ = -1;
    SearchState at_;
    std::vector<PathStep> path_;
    int64_t spent_ = 0;
    SearchResult part_;
};

}  // namespace

bool make_plan(const std::shared_ptr<const Robot> &robot, const MoveList &moves, const PlanQuery &query, Plan &out) {
    check_length(moves);
    Planner planner(robot, moves, query);
    return planner.run(out);
}

int best_plan(const std::shared_ptr<const Robot> &robot, const std::function<bool(MoveList &)> &next_candidate,
              Strategy s, Plan &out) {
    int best = -1;
    MoveList m;
    for (int i = 0; next_candidate(m); ++i) {
        if (make_plan(robot, m, PlanQuery(s, best < 0 ? -1 : out.total_us), out)) best = i;
        m.clear();
    }
    return best;
}

}  // namespace lc::robot
