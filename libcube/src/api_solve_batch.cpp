// C API: solving many states on several threads into one list of solutions.
#include <cube/solver.h>

#include <algorithm>
#include <atomic>
#include <new>
#include <string>
#include <system_error>
#include <thread>
#include <vector>

#include "api_util.hpp"
#include "solutions.hpp"
#include "solver_impl.hpp"

namespace lc {
namespace {

constexpr int32_t kMaxBatch = 100000000;
constexpr int32_t kMaxThreads = 1024;
constexpr const char *kNotStarted = "the batch was cancelled before this state was solved";

// What one state came to, while the workers run (not started: cancelled, with no message yet).
struct Outcome {
    cube_status status = CUBE_ERROR_CANCELLED;
    std::string message;
    int size = 3;
    MoveList moves;
};

// Solves one state on a worker thread; never throws (the message is this thread's last error).
void solve_state(cube_solver *solver, const cube_state *state, const cube_state *target,
                 const cube_solve_options &options, StopFlag &stop, Outcome &out) {
    if (stop.stopped()) return;  // left as "not started"
    out.status = api_guard([&]() -> cube_status {
        Request r;
        prepare_request(state, target, options, r);
        out.size = r.size;
        solve_request(solver, r, stop, out.moves);
        return CUBE_OK;
    });
    try {
        if (out.status != CUBE_OK) out.message = cube_last_error();
    } catch (const std::bad_alloc &) {
        // Left empty: the list then says what the status means.
    }
}

// Runs `work` on `threads` threads. With more than one, all are new and this thread only waits, so the
// solver's progress callback always comes from a batch thread (bindings attach such threads to their
// runtime); if the system refuses threads, this one works too.
template <typename Work>
void run_on_threads(int32_t threads, Work &&work) {
    if (threads <= 1) {
        work();
        return;
    }
    std::vector<std::thread> pool;
    try {
        for (int32_t t = 0; t < threads; ++t) pool.emplace_back(work);
    } catch (const std::system_error &) {
        // Go on with the threads there are.
    }
    if (static_cast<int32_t>(pool.size()) < threads) work();
    for (auto &t : pool) t.join();
}

// The list of a finished batch; `first_failure` receives the index of the first failed entry (-1: none).
cube_solutions *pack(std::vector<Outcome> &outcomes, int32_t &first_failure) {
    SolutionsBuilder list;
    first_failure = -1;
    for (size_t i = 0; i < outcomes.size(); ++i) {
        Outcome &e = outcomes[i];
        if (e.status == CUBE_OK) {
            list.add_solution(e.size, e.moves);
            continue;
        }
        if (e.message.empty()) e.message = e.status == CUBE_ERROR_CANCELLED ? kNotStarted : cube_status_message(e.status);
        list.add_failure(e.status, e.message);
        if (first_failure < 0) first_failure = static_cast<int32_t>(i);
    }
    return list.release();
}

}  // namespace
}  // namespace lc

using namespace lc;

extern "C" {

CUBE_API cube_status cube_solve_batch(cube_solver *solver, const cube_state *const *states, int32_t count,
                                      const cube_state *target, const cube_solve_options *options, int32_t threads,
                                      cube_solutions **out) {
    return api_guard([&]() -> cube_status {
        cube_status st = check_out(out);
        if (st != CUBE_OK) return st;
        cube_solver *s = solver_impl(solver);
        if (!s) return CUBE_ERROR_INVALID_ARGUMENT;
        SolverCall call(s);
        if (count < 0 || count > kMaxBatch)
            return set_error(CUBE_ERROR_INVALID_ARGUMENT, "count %d: must be 0 to %d", count, kMaxBatch);
        if (count > 0 && !states) return set_error(CUBE_ERROR_INVALID_ARGUMENT, "states array is NULL");
        if (threads < 0 || threads > kMaxThreads)
            return set_error(CUBE_ERROR_INVALID_ARGUMENT, "threads %d: must be 0 (one per processor) to %d", threads,
                             kMaxThreads);
        cube_solve_options o;
        const std::atomic<int32_t> *token = nullptr;
        if ((st = read_solve_options(options, o, token)) != CUBE_OK) return st;
        if (threads == 0) threads = static_cast<int32_t>(std::max(1u, std::thread::hardware_concurrency()));
        threads = std::min(threads, std::max(count, 1));

        std::vector<Outcome> outcomes(static_cast<size_t>(count));
        StopFlag stop(token);
        std::atomic<int32_t> next{0};
        run_on_threads(threads, [&] {
            for (int32_t i; (i = next.fetch_add(1)) < count;) solve_state(s, states[i], target, o, stop, outcomes[i]);
        });

        int32_t first_failure = -1;
        *out = pack(outcomes, first_failure);
        if (first_failure < 0) return CUBE_OK;
        const Outcome &f = outcomes[first_failure];
        return set_error(f.status, "state %d: %s", first_failure, f.message.c_str());
    });
}

}  // extern "C"
