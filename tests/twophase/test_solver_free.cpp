// Freeing a solver while a call on it still runs (misuse, see cube_solver_free() in cube/solver.h):
// release builds let the call finish with the solver and its tables intact and release it after;
// debug builds abort with a message. Every call holds the solver while it runs and lets go after.
#include <signal.h>

#include <chrono>
#include <condition_variable>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <mutex>
#include <thread>
#include <vector>

#include <cube/solver.h>

#include "../fault/fault_injection.hpp"
#include "solver_impl.hpp"

#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <setjmp.h>
extern "C" {
#include <cmocka.h>
}

namespace {

constexpr auto kGateLimit = std::chrono::seconds(60);

// A progress callback that stops the first report of a load until the test lets it go (at most
// kGateLimit; then it cancels the load).
struct Gate {
    std::mutex mutex;
    std::condition_variable changed;
    bool inside = false;
    bool go = false;

    static int32_t hold(void *user, const cube_progress *) {
        auto *gate = static_cast<Gate *>(user);
        std::unique_lock<std::mutex> lock(gate->mutex);
        if (gate->inside) return 0;
        gate->inside = true;
        gate->changed.notify_all();
        return gate->changed.wait_for(lock, kGateLimit, [gate] { return gate->go; }) ? 0 : 1;
    }
    bool wait_until_inside() {
        std::unique_lock<std::mutex> lock(mutex);
        return changed.wait_for(lock, kGateLimit, [this] { return inside; });
    }
    void let_go() {
        std::lock_guard<std::mutex> lock(mutex);
        go = true;
        changed.notify_all();
    }
};

// Whether `solution` takes `state` to solved.
bool solves(const cube_state *state, const cube_moves *solution) {
    cube_state *copy = nullptr;
    int32_t solved = 0;
    bool ok = cube_state_copy(state, &copy) == CUBE_OK && cube_state_apply(copy, solution) == CUBE_OK &&
              cube_state_is_solved(copy, &solved) == CUBE_OK && solved == 1;
    cube_state_free(copy);
    return ok;
}

// In a child process: a thread solves a 3x3 (its solver loads the suite's tables); while the load is
// held at its first report, the solver is freed and its memory handed out again; then the solve goes
// on. 0 if it answered correctly. Before in-flight calls held the solver, it went on in freed memory.
int free_while_a_solve_runs() {
    Gate gate;
    cube_solver_config config;
    cube_solver_config_init(&config);
    config.table_policy = CUBE_TABLES_FULL;  // the solve itself loads the tables, held at the gate
    config.progress = Gate::hold;
    config.progress_user_data = &gate;
    cube_solver *solver = nullptr;
    cube_state *state = nullptr;
    if (cube_solver_new(&config, &solver) != CUBE_OK || cube_state_random(3, 7, &state) != CUBE_OK) return 1;
    cube_moves *solution = nullptr;
    cube_status solved = CUBE_ERROR_INTERNAL;
    std::thread solving([&] { solved = cube_solve(solver, state, nullptr, &solution); });
    if (!gate.wait_until_inside()) return 2;
    cube_solver_free(solver);  // debug builds abort here
    // Memory of the solver's size, filled with junk: a freed solver's would be among it.
    std::vector<void *> reused;
    for (int i = 0; i < 64; ++i) {
        reused.push_back(std::malloc(sizeof(cube_solver)));
        std::memset(reused.back(), 0xa5, sizeof(cube_solver));
    }
    gate.let_go();
    solving.join();
    std::printf("solve after the free: %s %s\n", cube_status_name(solved), solved == CUBE_OK ? "" : cube_last_error());
    bool right = solved == CUBE_OK && solves(state, solution);
    for (void *block : reused) std::free(block);
    cube_moves_free(solution);
    cube_state_free(state);
    return right ? 0 : 3;
}

void free_during_a_solve(void **) {
    fault::Limits limits;
    limits.watchdog_s = 120;
    fault::ChildEnd end = fault::run_in_child(limits, free_while_a_solve_runs);
    std::printf("child: %s %d\n", end.exited ? "exit" : "signal", end.exited ? end.code : end.signal);
#ifdef NDEBUG
    assert_true(end.exited);
    assert_int_equal(end.code, 0);
#else
    assert_false(end.exited);
    assert_int_equal(end.signal, SIGABRT);
#endif
}

int32_t solve_again_from_callback(void *user, const cube_progress *) {
    cube_solver *solver = static_cast<cube_solver *>(user);
    cube_state *state = nullptr;
    cube_moves *solution = nullptr;
    cube_state_random(3, 1, &state);
    cube_status st = cube_solve(solver, state, nullptr, &solution);
    cube_state_free(state);
    return st == CUBE_ERROR_UNSUPPORTED ? 0 : 1;
}

// Calls that succeed, fail or come from the solver's own progress callback each let go of the solver.
void every_call_lets_go_of_the_solver(void **) {
    cube_solver_config config;
    cube_solver_config_init(&config);
    config.table_policy = CUBE_TABLES_FULL;  // the callback runs inside the calls that load
    config.progress = solve_again_from_callback;
    cube_solver *solver = nullptr;
    assert_int_equal(cube_solver_new(&config, &solver), CUBE_OK);
    solver->progress_user = solver;  // the callback solves with its own solver
    assert_int_equal(solver->holds.load(), 1);
    assert_int_equal(cube_solver_prepare(solver, 3, nullptr), CUBE_OK);
    assert_int_equal(cube_solver_prepare(solver, 7, nullptr), CUBE_ERROR_INVALID_ARGUMENT);
    cube_state *cube3 = nullptr, *cube2 = nullptr;
    assert_int_equal(cube_state_random(3, 5, &cube3), CUBE_OK);
    assert_int_equal(cube_state_random(2, 5, &cube2), CUBE_OK);
    cube_moves *solution = nullptr;
    assert_int_equal(cube_solve(solver, cube3, nullptr, &solution), CUBE_OK);
    cube_moves_free(solution);
    assert_int_equal(cube_solve_to(solver, cube3, nullptr, nullptr, &solution), CUBE_ERROR_INVALID_ARGUMENT);
    assert_int_equal(cube_solve(solver, nullptr, nullptr, &solution), CUBE_ERROR_INVALID_ARGUMENT);
    int32_t distance = 0;
    int64_t count = 0;
    cube_solutions *all = nullptr;
    assert_int_equal(cube_solve_distance(solver, cube2, nullptr, nullptr, &distance), CUBE_OK);
    assert_int_equal(cube_solve_distance(solver, cube3, nullptr, nullptr, &distance), CUBE_ERROR_UNSUPPORTED);
    assert_int_equal(cube_count_optimal(solver, cube2, nullptr, nullptr, &count), CUBE_OK);
    assert_int_equal(cube_solve_all(solver, cube2, nullptr, nullptr, 3, &all), CUBE_OK);
    cube_solutions_free(all);
    assert_int_equal(solver->holds.load(), 1);
    cube_state_free(cube3);
    cube_state_free(cube2);
    cube_solver_free(solver);
}

}  // namespace

int main() {
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(free_during_a_solve),
        cmocka_unit_test(every_call_lets_go_of_the_solver),
    };
    return cmocka_run_group_tests(tests, nullptr, nullptr);
}
