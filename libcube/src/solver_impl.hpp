// The solver handle and what its C API files share: checked requests and one solve of either size.
#pragma once
#include <cube/solver.h>

#include <atomic>
#include <string>

#include "cancel.hpp"
#include "cubie.hpp"
#include "error.hpp"
#include "move.hpp"
#include "solve2/solve2.hpp"
#include "tables3_policy.hpp"

struct cube_solver {
    explicit cube_solver(int32_t table_policy) : tables3(table_policy) {}
    lc::HandleTag tag{lc::kMagicSolver};
    std::string table_dir;  // empty: the search path, looked up when the tables are loaded
    cube_progress_fn progress = nullptr;
    void *progress_user = nullptr;
    lc::SolverTables3 tables3;
    // One for the handle, one more for each call running on it (SolverCall): the last to let go
    // deletes the solver, so cube_solver_free() never pulls it (or its tables) from a running call.
    std::atomic<int32_t> holds{1};
    ~cube_solver() { tag.magic = 0; }
};

namespace lc {

// A 3x3 solve's default length limit.
constexpr int kDefaultMaxLength3 = 20;
// timeout_ms 0 means this limit (3x3, also with min_effort): over 1000 times the 99th percentile of a
// default solve (under 10 ms), yet it ends the searches that would run for minutes or hours (short
// max_length, or min_effort proving a shortest solution). solver.h documents it.
constexpr int64_t kDefaultTimeoutMs3 = 10000;

inline cube_solver *solver_impl(cube_solver *s) { return checked<cube_solver>(s, kMagicSolver, "solver"); }

// Lets go of one hold on a solver; the last one deletes it.
void release_solver(cube_solver *solver);

// Holds a checked solver while a call runs on it (declare it right after solver_impl()).
class SolverCall {
public:
    explicit SolverCall(cube_solver *solver) : solver_(solver) {
        solver_->holds.fetch_add(1, std::memory_order_relaxed);
    }
    ~SolverCall() { release_solver(solver_); }
    SolverCall(const SolverCall &) = delete;
    SolverCall &operator=(const SolverCall &) = delete;

private:
    cube_solver *solver_;
};

// The 3x3 tables for one solve as the solver's table policy says; throws lc::Error if there are none.
Tables3 solver_tables3(cube_solver *solver, StopFlag &stop);
// The full 3x3 tables whatever the policy (but compact: refused), waited for (SolverTables3::get_full).
Tables3 solver_full_tables3(cube_solver *solver, StopFlag &stop);

// HTM, the default length, no time limit, no cancel token.
cube_solve_options default_solve_options();

// Reads a caller's options (NULL: the defaults) and checks the values that do not depend on the state;
// `cancel` receives the flag of the options' cancel token (nullptr for none).
cube_status read_solve_options(const cube_solve_options *in, cube_solve_options &out,
                               const std::atomic<int32_t> *&cancel);

// A solve request with everything checked and both states in the solver's frame.
struct Request {
    int size = 3;
    cube_solve_options options{};
    CubieCube start, target;
};

// Checks a state and its target (NULL: solved) against checked options and fills `r`; throws lc::Error
// naming what is wrong.
void prepare_request(const cube_state *state, const cube_state *target, const cube_solve_options &options,
                     Request &r);

// Solves a prepared request, watching `stop` (the caller's token and the call's own flag); throws lc::Error
// when there is no solution within the options' limits.
void solve_request(cube_solver *solver, const Request &r, StopFlag &stop, MoveList &out);

// 2x2: the metric of a request, and the position to solve (reaching the target from the start is
// solving target^-1 * start).
solve2::Metric metric2(const Request &r);
CubieCube relative_corners(const Request &r);

}  // namespace lc
