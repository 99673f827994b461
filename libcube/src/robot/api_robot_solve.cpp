// C API: robot-aware solving (robot_solve.hpp does the work): options, checks, and the solver's tables.
#include <cube/solver.h>

#include <chrono>

#include "../handles.hpp"
#include "../solver_impl.hpp"
#include "api_util.hpp"
#include "cancel.hpp"
#include "robot/robot_handles.hpp"
#include "robot/robot_solve.hpp"
#include "versioned.hpp"

namespace lc {
namespace {

constexpr int32_t kMaxRobotCandidates = 100000;
constexpr int32_t kMaxPlanMs = 60000;

cube_robot_solve_options default_options() {
    cube_robot_solve_options o{};
    o.struct_size = sizeof o;
    o.extra_length = 2;
    o.candidates = 5000;
    o.timeout_ms = 0;
    o.strategy = CUBE_PLAN_OPTIMAL;
    o.shortest_ms = 20;
    o.cancel = nullptr;
    o.plan_ms = 150;
    return o;
}

cube_status check_options(const cube_robot_solve_options &o) {
    if (o.extra_length < 0 || o.extra_length > 6 || o.candidates < 1 || o.candidates > kMaxRobotCandidates ||
        o.timeout_ms < 0 || o.shortest_ms < 0 || o.shortest_ms > kMaxPlanMs || o.plan_ms < 0 ||
        o.plan_ms > kMaxPlanMs || o.max_length < 0 || o.max_length > 30)
        return set_error(CUBE_ERROR_INVALID_ARGUMENT,
                         "options: extra_length 0..6, candidates 1..%d, timeout_ms >= 0, shortest_ms and plan_ms 0..%d, "
                         "max_length 0..30",
                         kMaxRobotCandidates, kMaxPlanMs);
    return CUBE_OK;
}

// The thread's last error as it was before this call, put back when the call succeeds: failed searches
// inside a successful call must not show in cube_last_error().
struct SavedError {
    cube_status status = cube_last_status();
    std::string message = cube_last_error();
    void restore() const {
        if (status == CUBE_OK)
            cube_clear_error();
        else
            set_error(status, "%s", message.c_str());
    }
};

// A compact-only solver: the plan of its first solution (the search in robot time needs the full tables).
std::unique_ptr<cube_plan> plan_first_solution(cube_robot *robot, cube_solver *solver, const Request &request,
                                               const robot::RobotSolveWork &work, StopFlag &stop) {
    Request r = request;
    r.options.min_effort = 0;
    r.options.max_length = work.max_length;
    MoveList moves;
    solve_request(solver, r, stop, moves);
    auto plan = std::make_unique<cube_plan>();
    robot::PlanQuery query(work.strategy);
    query.stop = &stop;
    robot::make_plan(robot->impl, moves, query, plan->plan);
    return plan;
}

}  // namespace
}  // namespace lc

extern "C" {

CUBE_API cube_status cube_robot_solve_options_init_sized(cube_robot_solve_options *options, uint32_t size) {
    return lc::init_versioned(options, size, lc::default_options());
}

CUBE_API cube_status cube_robot_solve(const cube_robot *robot, cube_solver *solver, const cube_state *state,
                                      const cube_robot_solve_options *options, cube_plan **out) {
    return lc::api_guard([&]() -> cube_status {
        const lc::SavedError before;
        cube_status st = lc::check_out(out);
        if (st != CUBE_OK) return st;
        cube_robot *r = lc::robot_impl(robot);
        if (!r) return cube_last_status();
        cube_solver *s = lc::solver_impl(solver);
        if (!s) return cube_last_status();
        lc::SolverCall call(s);
        cube_state *cube = lc::state_impl(state);
        if (!cube) return cube_last_status();
        if (cube->size != 3) return lc::set_error(CUBE_ERROR_INVALID_ARGUMENT, "robot-aware solving needs a 3x3 state");
        cube_robot_solve_options o = lc::default_options();
        if ((st = lc::read_versioned(options, o, "options")) != CUBE_OK) return st;
        if ((st = lc::check_options(o)) != CUBE_OK) return st;
        lc::robot::RobotSolveWork work = lc::robot::work_for(o.plan_ms, o.shortest_ms);
        work.extra_length = o.extra_length;
        work.candidates = o.candidates;
        work.max_length = o.max_length;
        if ((st = lc::strategy_from(o.strategy, work.strategy)) != CUBE_OK) return st;
        const std::atomic<int32_t> *token = nullptr;
        if ((st = lc::cancel_flag(o.cancel, token, "options.cancel")) != CUBE_OK) return st;
        lc::StopFlag stop(token);
        if (stop.stopped()) return lc::set_error(CUBE_ERROR_CANCELLED, "robot-aware solve cancelled before it began");
        const auto deadline = std::chrono::steady_clock::now() + std::chrono::milliseconds(o.timeout_ms);
        std::function<bool()> deadline_passed;
        if (o.timeout_ms > 0) deadline_passed = [deadline] { return std::chrono::steady_clock::now() > deadline; };

        lc::Request request;
        lc::prepare_request(state, nullptr, lc::default_solve_options(), request);
        if (s->tables3.compact_only()) {
            *out = lc::plan_first_solution(r, s, request, work, stop).release();
            before.restore();
            return CUBE_OK;
        }
        const lc::Tables3 tables = lc::solver_full_tables3(s, stop);
        auto plan = std::make_unique<cube_plan>();
        plan->plan = lc::robot::robot_solve(r->impl, *tables.full, request.start, request.target, work, &stop,
                                            deadline_passed);
        *out = plan.release();
        before.restore();
        return CUBE_OK;
    });
}

}  // extern "C"
