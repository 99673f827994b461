#include "robot_solve.hpp"

#include <algorithm>
#include <string>
#include <unordered_set>
#include <vector>

#include "cancel.hpp"
#include "error.hpp"
#include "notation.hpp"
#include "orient.hpp"
#include "rotation_bound.hpp"
#include "search.hpp"
#include "sequence_cost.hpp"
#include "solver_impl.hpp"
#include "twophase/twophase.hpp"

namespace lc::robot {
namespace {

// Work per millisecond of the reference machine (2-core Debian 12 VM, measured with bench_robot): two-phase
// search nodes and planner steps. They turn budgets given in milliseconds into counts.
constexpr uint64_t kSolverNodesPerMs = 12000;
constexpr uint64_t kPlannerStepsPerMs = 40000;
// Robots with more mechanical states than this (those SequenceCost does not time: four-arm) rank
// candidates with a receding horizon (4 turns ahead, keeping 2; a few percent slower plans, many times
// less work) and plan the best two again 8 turns ahead (within about 0.5% of the optimum). The
// planner's rotation bound (rotation_bound.hpp) guides their searches, several times fewer steps a
// plan, so they collect every phase-2 ending (more candidates a node) with 60% of the solver's share,
// order the candidates by RotationBound::estimate() and rank the first ones within a third of the
// ranking share.
constexpr uint32_t kExactMechs = 64;
constexpr size_t kRankHorizon = 4;
constexpr size_t kFinalHorizon = 8;
constexpr size_t kFinalists = 2;
constexpr double kManyStatesCollectShare = 0.6;
constexpr uint64_t kManyStatesRankDivisor = 3;
// Robots whose sequences SequenceCost times (a microsecond a candidate) have every candidate timed
// and only the quickest few planned; a quarter of the planner's share of the work then goes to
// collecting (more would take robots that plan quickly, turntable and hold-and-flip, near 200 ms).
constexpr size_t kTimedFinalists = 8;
constexpr double kFreedShare = 0.25;

void check_stop(const StopFlag *stop) {
    if (stop && stop->stopped()) throw Error(CUBE_ERROR_CANCELLED, "robot-aware solve cancelled");
}

std::string key_of(const MoveList &moves) {
    std::string k;
    for (const Move &m : moves) k.push_back(char(m.kind * 4 + m.amount));
    return k;
}

// The solution of the default solve, then a shorter one if `nodes` find it.
MoveList shortest_solution(const twophase::Tables &tables, const CubieCube &start, const CubieCube &target,
                           int max_length, uint64_t nodes, const StopFlag *stop) {
    twophase::Options o;
    // The solver's default length and time limit (a default solve ends within milliseconds).
    o.max_length = max_length > 0 ? std::min(max_length, kDefaultMaxLength3) : kDefaultMaxLength3;
    o.timeout_us = kDefaultTimeoutMs3 * 1000;
    o.stop = stop;
    MoveList first, shorter;
    twophase::solve(tables, start, target, o, first);
    if (nodes == 0 || first.size() <= 1) return first;
    o.max_length = int(first.size()) - 1;
    o.min_effort = true;
    o.node_limit = nodes;
    try {
        twophase::solve(tables, start, target, o, shorter);
    } catch (const Error &e) {
        if (e.status == CUBE_ERROR_CANCELLED) throw;
        return first;  // none shorter within the nodes
    }
    return shorter;
}

// Shape k of kShapes: no fixed move (k = 0), face move k - 1 first (k = 1..18), or face move k - 19 last.
constexpr int kShapes = 37;
void shape(int k, MoveList &head, MoveList &tail) {
    head.clear();
    tail.clear();
    if (k == 0) return;
    const int m = (k - 1) % 18;
    const Move move{uint8_t(m / 3), uint8_t(1 + m % 3)};
    (k <= 18 ? head : tail).push_back(move);
}

// Distinct solutions of at most `length` moves, shortest first: the search's solutions of the cube, and
// of the cube with each face move fixed first or last (for variety), with an equal share of the nodes;
// with `every_ending`, every phase-2 ending of each phase-1 solution.
std::vector<MoveList> candidates(const twophase::Tables &tables, const CubieCube &start, const CubieCube &target,
                                 const MoveList &shortest, int length, const RobotSolveWork &work,
                                 uint64_t all_nodes, bool every_ending, const StopFlag *stop) {
    std::vector<MoveList> found{shortest};
    std::unordered_set<std::string> seen{key_of(shortest)};
    const size_t most = size_t(std::max(1, work.candidates));
    MoveList head, tail;
    std::function<bool(const MoveList &)> collect = [&](const MoveList &m) {
        MoveList whole = head;
        whole.insert(whole.end(), m.begin(), m.end());
        whole.insert(whole.end(), tail.begin(), tail.end());
        if (!seen.insert(key_of(whole)).second) return found.size() < most;
        CubieCube check = start;  // the search checks what it returns, but collected solutions pass by
        apply_face_turns(check, whole);
        if (check != target) throw Error(CUBE_ERROR_INTERNAL, "a collected solution does not solve the cube");
        found.push_back(whole);
        return found.size() < most;
    };
    const uint64_t nodes = all_nodes / kShapes;
    for (int k = 0; k < kShapes && nodes > 0 && found.size() < most; ++k) {
        shape(k, head, tail);
        CubieCube from = start, to = target;
        apply_face_turns(from, head);
        apply_face_turns(to, inverted(tail));
        twophase::Options o;
        o.max_length = length - int(head.size() + tail.size());
        o.node_limit = nodes;
        o.stop = stop;
        o.collect = &collect;
        o.collect_every_ending = every_ending;
        MoveList none;
        twophase::solve(tables, from, to, o, none);
    }
    auto shorter = [](const MoveList &a, const MoveList &b) { return a.size() < b.size(); };
    std::stable_sort(found.begin(), found.end(), shorter);
    return found;
}

// The best plans so far, quickest first, at most `keep`.
struct Leaders {
    size_t keep;
    std::vector<Plan> plans;
    int64_t bound() const { return plans.size() < keep ? -1 : plans.back().total_us; }
    void add(Plan &&p) {
        auto at = std::upper_bound(plans.begin(), plans.end(), p.total_us,
                                   [](int64_t us, const Plan &q) { return us < q.total_us; });
        plans.insert(at, std::move(p));
        if (plans.size() > keep) plans.pop_back();
    }
};

// Whether three turns in a row lie on one axis: the planner may then do them in orders that
// RotationBound::estimate() does not try, so the estimate is no bound.
bool three_on_an_axis(const std::vector<FaceTurn> &turns) {
    for (size_t k = 0; k + 2 < turns.size(); ++k)
        if (turns[k + 1].face == kOpposite[turns[k].face] && turns[k + 2].face == kOpposite[turns[k + 1].face])
            return true;
    return false;
}

// The candidates after the first (the shortest, planned first) in order of RotationBound::estimate(),
// quickest first (ties: the earlier). Returns, in the new order, each one's estimate where it is a lower
// bound of the planner's step times, else 0.
std::vector<int64_t> order_by_estimate(const Robot &robot, const RotationBound &bound, std::vector<MoveList> &cands) {
    const uint32_t rest = uint32_t(robot.live_index(robot.model().initial()));
    std::vector<std::pair<int64_t, size_t>> order;
    std::vector<int64_t> least(cands.size());
    order.reserve(cands.size());
    for (size_t i = 0; i < cands.size(); ++i) {
        const std::vector<FaceTurn> turns = face_turns(cands[i]);
        order.push_back({bound.estimate(turns, rest), i});
        least[i] = three_on_an_axis(turns) ? 0 : order.back().first;
    }
    if (!order.empty())
        std::stable_sort(order.begin() + 1, order.end(),
                         [](const auto &a, const auto &b) { return a.first < b.first; });
    std::vector<MoveList> sorted;
    std::vector<int64_t> sorted_least;
    sorted.reserve(cands.size());
    for (const auto &e : order) {
        sorted.push_back(std::move(cands[e.second]));
        sorted_least.push_back(least[e.second]);
    }
    cands.swap(sorted);
    return sorted_least;
}

// Plans each candidate within `budget` (the first one on a budget of its own, so there is always a plan),
// keeping the quickest few.
// With `least` (lower bounds of the candidates' step times, or 0), skips the candidates whose bound the
// planner's search would give up on anyway.
Leaders rank(const std::shared_ptr<const Robot> &robot, const std::vector<MoveList> &cands, size_t keep,
             size_t horizon, Strategy strategy, uint64_t steps, const StopFlag *stop,
             const std::function<bool()> &deadline_passed, const std::vector<int64_t> &least) {
    Leaders leaders{keep, {}};
    SearchBudget budget{steps, steps};
    const int64_t overlap = robot->params().overlap_permille;
    for (size_t i = 0; i < cands.size(); ++i) {
        check_stop(stop);
        if (i > 0 && deadline_passed && deadline_passed()) break;
        // As make_plan() scales the bound for its search.
        if (i > 0 && i < least.size() && leaders.bound() >= 0 && least[i] * (1000 - overlap) >= leaders.bound() * 1000)
            continue;
        Plan p;
        try {
            PlanQuery query(strategy, leaders.bound());
            query.stop = stop;
            query.horizon = horizon;
            query.budget = i == 0 ? nullptr : &budget;
            if (!make_plan(robot, cands[i], query, p)) continue;
        } catch (const Error &) {
            if (i > 0 && budget.left == 0) break;
            throw;
        }
        leaders.add(std::move(p));
    }
    return leaders;
}

// The quickest plan of the candidates that `cost` times quickest (ties: the earlier candidate).
Plan best_timed(const std::shared_ptr<const Robot> &robot, const SequenceCost &cost, const std::vector<MoveList> &cands,
                Strategy strategy, const StopFlag *stop, const std::function<bool()> &deadline_passed) {
    std::vector<std::pair<int64_t, size_t>> order;
    order.reserve(cands.size());
    for (size_t i = 0; i < cands.size(); ++i) order.push_back({cost.time(face_turns(cands[i])), i});
    std::sort(order.begin(), order.end());
    Plan best;
    bool have = false;
    for (size_t k = 0; k < order.size() && k < kTimedFinalists; ++k) {
        check_stop(stop);
        if (have && deadline_passed && deadline_passed()) break;
        Plan p;
        PlanQuery query(strategy, have ? best.total_us : -1);
        query.stop = stop;
        if (make_plan(robot, cands[order[k].second], query, p)) {
            best = std::move(p);
            have = true;
        }
    }
    return best;
}

}  // namespace

RobotSolveWork work_for(int32_t plan_ms, int32_t shorter_ms) {
    RobotSolveWork w;
    const uint64_t ms = uint64_t(std::max(0, plan_ms));
    w.shorter_nodes = uint64_t(std::max(0, shorter_ms)) * kSolverNodesPerMs;
    // Half for collecting candidates; the planner's share is spent only where planning is slow.
    w.collect_nodes = ms * kSolverNodesPerMs / 2;
    w.rank_steps = ms * kPlannerStepsPerMs * 9 / 20;
    w.final_steps = ms * kPlannerStepsPerMs / 10;
    return w;
}

Plan robot_solve(const std::shared_ptr<const Robot> &robot, const twophase::Tables &tables, const CubieCube &start,
                 const CubieCube &target, const RobotSolveWork &work, const StopFlag *stop,
                 const std::function<bool()> &deadline_passed) {
    const MoveList shortest = shortest_solution(tables, start, target, work.max_length, work.shorter_nodes, stop);
    check_stop(stop);
    int length = std::min(30, int(shortest.size()) + std::max(0, work.extra_length));
    if (work.max_length > 0) length = std::min(length, work.max_length);
    const SequenceCost *cost = work.strategy == Strategy::kOptimal ? robot->sequence_cost() : nullptr;
    if (cost) {
        // Timing candidates costs next to nothing: part of the planner's share goes to collecting them.
        const uint64_t freed = uint64_t(double(work.rank_steps * kSolverNodesPerMs / kPlannerStepsPerMs) * kFreedShare);
        const uint64_t nodes = work.collect_nodes + freed;
        const std::vector<MoveList> cands =
            candidates(tables, start, target, shortest, length, work, nodes, false, stop);
        return best_timed(robot, *cost, cands, work.strategy, stop, deadline_passed);
    }
    const bool exact = robot->model().mech_count() <= kExactMechs || work.strategy != Strategy::kOptimal;
    const uint64_t collect_nodes =
        exact ? work.collect_nodes : uint64_t(double(work.collect_nodes) * kManyStatesCollectShare);
    std::vector<MoveList> cands = candidates(tables, start, target, shortest, length, work, collect_nodes, !exact, stop);
    const RotationBound *oriented = exact ? nullptr : robot->rotation_bound();
    const std::vector<int64_t> least = oriented ? order_by_estimate(*robot, *oriented, cands) : std::vector<int64_t>{};
    const uint64_t rank_steps = exact ? work.rank_steps : work.rank_steps / kManyStatesRankDivisor;
    Leaders leaders = rank(robot, cands, exact ? 1 : kFinalists, exact ? 0 : kRankHorizon, work.strategy, rank_steps,
                           stop, deadline_passed, least);
    if (exact) return std::move(leaders.plans.front());
    // The best few again, looking further ahead, within the final budget.
    std::vector<MoveList> finalists;
    for (const Plan &p : leaders.plans) finalists.push_back(p.moves);
    Plan best = std::move(leaders.plans.front());
    SearchBudget budget{work.final_steps, work.final_steps};
    for (const MoveList &moves : finalists) {
        check_stop(stop);
        Plan p;
        try {
            PlanQuery query(work.strategy, best.total_us);
            query.stop = stop;
            query.horizon = kFinalHorizon;
            query.budget = &budget;
            if (make_plan(robot, moves, query, p)) best = std::move(p);
        } catch (const Error &) {
            if (budget.left == 0) break;
            throw;
        }
    }
    return best;
}

}  // namespace lc::robot
