// C API: the solver handle, dispatching to the 2x2 optimal solver and the 3x3 two-phase solver.
#include <cube/solver.h>

#include <cstddef>
#include <cstdio>
#include <cstdlib>
#include <memory>
#include <string>

#include "api_util.hpp"
#include "handles.hpp"
#include "solutions.hpp"
#include "solve2/solve2.hpp"
#include "solver_impl.hpp"
#include "versioned.hpp"

namespace lc {
namespace {

constexpr int32_t kMaxSolutions = 10000000;

cube_solver_config default_config() {
    cube_solver_config c = sized_struct<cube_solver_config>();
    c.table_policy = CUBE_TABLES_AUTO;
    return c;
}

// A caller's config (NULL: the defaults). One of the first size, without table_policy, gets the
// behaviour of its time: CUBE_TABLES_FULL.
cube_status read_config(const cube_solver_config *config, cube_solver_config &c) {
    c = default_config();
    if (config) c.table_policy = CUBE_TABLES_FULL;
    cube_status st = read_versioned(config, c, "config");
    if (st != CUBE_OK) return st;
    if (c.table_policy < CUBE_TABLES_FULL || c.table_policy > CUBE_TABLES_COMPACT)
        return set_error(CUBE_ERROR_INVALID_ARGUMENT,
                         "config.table_policy %d: must be CUBE_TABLES_FULL (0), CUBE_TABLES_AUTO (1) or "
                         "CUBE_TABLES_COMPACT (2)",
                         c.table_policy);
    // `reserved` is a later version's field to this library, refused when set as unknown bytes are.
    const auto *reserved = reinterpret_cast<const unsigned char *>(&c.reserved);
    for (size_t i = 0; i < sizeof c.reserved; ++i)
        if (reserved[i] != 0)
            return set_error(CUBE_ERROR_UNSUPPORTED,
                             "config: byte %zu (config.reserved) is set, but this libcube knows only the fields before it "
                             "(a field of a newer version)",
                             offsetof(cube_solver_config, reserved) + i);
    return CUBE_OK;
}

// The checks shared by the 2x2-only calls (after the solver's): a prepared request, a 2x2 (`what` the call
// gives, in words); `token` receives the options' cancel flag.
cube_status prepare_2x2(const cube_state *state, const cube_state *target, const cube_solve_options *options,
                        const char *what, Request &r, const std::atomic<int32_t> *&token) {
    cube_status st = read_solve_options(options, r.options, token);
    if (st != CUBE_OK) return st;
    prepare_request(state, target, r.options, r);
    if (r.size != 2)
        return set_error(CUBE_ERROR_UNSUPPORTED, "state is a %dx%d: %s is available for the 2x2 only", r.size, r.size,
                         what);
    return CUBE_OK;
}

// One solve from the public entry points: checks everything, then solves.
cube_status solve_one(cube_solver *solver, const cube_state *state, const cube_state *target,
                      const cube_solve_options *options, cube_moves **solution) {
    cube_status st = check_out(solution, "solution");
    if (st != CUBE_OK) return st;
    cube_solver *s = solver_impl(solver);
    if (!s) return CUBE_ERROR_INVALID_ARGUMENT;
    SolverCall call(s);
    Request r;
    const std::atomic<int32_t> *token = nullptr;
    if ((st = read_solve_options(options, r.options, token)) != CUBE_OK) return st;
    prepare_request(state, target, r.options, r);
    StopFlag stop(token);
    MoveList moves;
    solve_request(s, r, stop, moves);
    *solution = new_moves_handle(r.size, std::move(moves));
    return CUBE_OK;
}

// Debug builds: freeing a solver that calls still use is a bug of the caller; stop at once, saying so.
void check_no_calls_run(const cube_solver *solver) {
#ifndef NDEBUG
    int32_t running = solver->holds.load(std::memory_order_acquire) - 1;
    if (running == 0) return;
    std::fprintf(stderr,
                 "libcube: cube_solver_free() called while %d call(s) still use the solver; wait for them "
                 "first (see cube/solver.h)\n",
                 running);
    std::abort();
#else
    (void)solver;
#endif
}

}  // namespace

void release_solver(cube_solver *solver) {
    if (solver->holds.fetch_sub(1, std::memory_order_acq_rel) == 1) delete solver;
}

}  // namespace lc

using namespace lc;

extern "C" {

CUBE_API cube_status cube_solver_config_init_sized(cube_solver_config *config, uint32_t size) {
    return api_guard([&]() -> cube_status { return init_versioned(config, size, default_config()); });
}

CUBE_API cube_status cube_solve_options_init_sized(cube_solve_options *options, uint32_t size) {
    return api_guard([&]() -> cube_status { return init_versioned(options, size, default_solve_options()); });
}

CUBE_API cube_status cube_solver_new(const cube_solver_config *config, cube_solver **out) {
    return api_guard([&]() -> cube_status {
        cube_status st = check_out(out);
        if (st != CUBE_OK) return st;
        cube_solver_config c;
        if ((st = read_config(config, c)) != CUBE_OK) return st;
        auto s = std::make_unique<cube_solver>(c.table_policy);
        if (c.table_dir) s->table_dir = c.table_dir;
        s->progress = c.progress;
        s->progress_user = c.progress_user_data;
        *out = s.release();
        return CUBE_OK;
    });
}

CUBE_API void cube_solver_free(cube_solver *solver) {
    if (!solver || solver->tag.magic != kMagicSolver) return;
    // First, so that calls its progress callback makes on this solver have returned.
    solver->tables3.stop_background();
    check_no_calls_run(solver);
    solver->tag.magic = 0;  // refused from now on; calls still running keep it until they return
    release_solver(solver);
}

CUBE_API cube_status cube_solver_prepare(cube_solver *solver, int32_t size, const cube_cancel *cancel) {
    return api_guard([&]() -> cube_status {
        cube_solver *s = solver_impl(solver);
        if (!s) return CUBE_ERROR_INVALID_ARGUMENT;
        SolverCall call(s);
        cube_status st = check_size(size);
        if (st != CUBE_OK) return st;
        const std::atomic<int32_t> *token = nullptr;
        if ((st = cancel_flag(cancel, token, "cancel")) != CUBE_OK) return st;
        if (size == 2) {
            solve2::tables(solve2::Metric::kHtm);
            solve2::tables(solve2::Metric::kQtm);
            return CUBE_OK;
        }
        StopFlag stop(token);
        solver_tables3(s, stop);
        return CUBE_OK;
    });
}

CUBE_API cube_status cube_solve(cube_solver *solver, const cube_state *state, const cube_solve_options *options,
                                cube_moves **solution) {
    return api_guard([&]() -> cube_status { return solve_one(solver, state, nullptr, options, solution); });
}

CUBE_API cube_status cube_solve_to(cube_solver *solver, const cube_state *state, const cube_state *target,
                                   const cube_solve_options *options, cube_moves **solution) {
    return api_guard([&]() -> cube_status {
        if (!target) {
            if (solution) *solution = nullptr;
            return set_error(CUBE_ERROR_INVALID_ARGUMENT,
                             "target is NULL: give the state to reach (a solve without a target goes to the solved state)");
        }
        return solve_one(solver, state, target, options, solution);
    });
}

CUBE_API cube_status cube_solve_distance(cube_solver *solver, const cube_state *state, const cube_state *target,
                                         const cube_solve_options *options, int32_t *distance) {
    return api_guard([&]() -> cube_status {
        if (cube_status cleared = clear_out(distance, "distance"); cleared != CUBE_OK) return cleared;
        cube_solver *s = solver_impl(solver);
        if (!s) return CUBE_ERROR_INVALID_ARGUMENT;
        SolverCall call(s);
        Request r;
        const std::atomic<int32_t> *token = nullptr;
        cube_status st = prepare_2x2(state, target, options, "the optimal distance", r, token);
        if (st != CUBE_OK) return st;
        *distance = solve2::distance(solve2::tables(metric2(r)), relative_corners(r));
        return CUBE_OK;
    });
}

CUBE_API cube_status cube_solve_all(cube_solver *solver, const cube_state *state, const cube_state *target,
                                    const cube_solve_options *options, int32_t limit, cube_solutions **out) {
    return api_guard([&]() -> cube_status {
        cube_status st = check_out(out);
        if (st != CUBE_OK) return st;
        if (limit < 1 || limit > kMaxSolutions)
            return set_error(CUBE_ERROR_INVALID_ARGUMENT, "limit %d: must be 1 to %d", limit, kMaxSolutions);
        cube_solver *s = solver_impl(solver);
        if (!s) return CUBE_ERROR_INVALID_ARGUMENT;
        SolverCall call(s);
        Request r;
        const std::atomic<int32_t> *token = nullptr;
        if ((st = prepare_2x2(state, target, options, "every optimal solution", r, token)) != CUBE_OK) return st;
        StopFlag stop(token);
        SolutionsBuilder list;
        solve2::solve_all(solve2::tables(metric2(r)), relative_corners(r), limit,
                          [&](const MoveList &m) { list.add_solution(2, m); }, &stop);
        if (stop.stopped()) return set_error(CUBE_ERROR_CANCELLED, "listing every optimal solution was cancelled");
        *out = list.release();
        return CUBE_OK;
    });
}

CUBE_API cube_status cube_count_optimal(cube_solver *solver, const cube_state *state, const cube_state *target,
                                        const cube_solve_options *options, int64_t *count) {
    return api_guard([&]() -> cube_status {
        if (cube_status cleared = clear_out(count, "count"); cleared != CUBE_OK) return cleared;
        cube_solver *s = solver_impl(solver);
        if (!s) return CUBE_ERROR_INVALID_ARGUMENT;
        SolverCall call(s);
        Request r;
        const std::atomic<int32_t> *token = nullptr;
        cube_status st = prepare_2x2(state, target, options, "counting optimal solutions", r, token);
        if (st != CUBE_OK) return st;
        *count = solve2::count_optimal(solve2::tables(metric2(r)), relative_corners(r));
        return CUBE_OK;
    });
}

}  // extern "C"
