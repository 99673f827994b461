// The table policy of a solver (cube_table_policy): auto answers at once from the compact tables while a
// background thread loads the full ones, switches to them and says so, and leaves no thread or file when
// freed; compact never touches the disk; full (and a config of the first size) waits as before; the two
// sets give the same kind of answer to the same states.
#include <sys/stat.h>
#include <unistd.h>

#include <atomic>
#include <chrono>
#include <cstdio>
#include <string>
#include <thread>

#include <cube/solver.h>

#include "../fault/fault_injection.hpp"
#include "reports.hpp"
#include "solver_impl.hpp"
#include "twophase/twophase.hpp"

#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <setjmp.h>
extern "C" {
#include <cmocka.h>
}

namespace {

using tp_test::new_solver;
using tp_test::Reports;

// The suite's table folder (CUBE_TABLE_DIR, set by meson), whose file is linked into temporary folders.
const std::string &shared_dir() {
    static const std::string dir = lc::twophase::default_table_dir();
    return dir;
}

std::string table_path(const std::string &dir) { return lc::twophase::table_file_path(dir); }

bool exists(const std::string &path) { return access(path.c_str(), F_OK) == 0; }

// Solves the random state `seed` (with `options`, NULL for the defaults) and checks the answer: it
// solves, within `max_length` moves. Returns the status.
cube_status solve_checked(cube_solver *solver, uint64_t seed, const cube_solve_options *options = nullptr,
                          int max_length = 20) {
    cube_state *state = nullptr;
    cube_moves *solution = nullptr;
    assert_int_equal(cube_state_random(3, seed, &state), CUBE_OK);
    cube_status st = cube_solve(solver, state, options, &solution);
    if (st == CUBE_OK) {
        int32_t length = 0, solved = 0;
        assert_int_equal(cube_moves_length(solution, CUBE_METRIC_HTM, &length), CUBE_OK);
        assert_true(length <= max_length);
        assert_int_equal(cube_state_apply(state, solution), CUBE_OK);
        assert_int_equal(cube_state_is_solved(state, &solved), CUBE_OK);
        assert_int_equal(solved, 1);
    }
    cube_moves_free(solution);
    cube_state_free(state);
    return st;
}

// Auto: the first solves answer from the compact tables while the full file does not exist yet (its
// build takes 40-60 s); freeing the solver stops the build, and leaves no thread, file, lock or temporary.
void auto_answers_at_once_without_the_file(void **) {
    std::string dir = fault::make_temp_dir();
    int threads_before = tp_test::thread_count();
    Reports reports;
    cube_solver *solver = new_solver(CUBE_TABLES_AUTO, dir, &reports);
    for (uint64_t seed = 1; seed <= 20; ++seed) assert_int_equal(solve_checked(solver, seed), CUBE_OK);
    assert_false(exists(table_path(dir)));
    lc::StopFlag stop;
    assert_null(lc::solver_tables3(solver, stop).full);
    assert_true(reports.wait_for_notice("does not exist; building it"));
    cube_solver_free(solver);
    assert_true(tp_test::threads_come_to(threads_before));
    assert_int_equal(fault::names_in(dir).size(), 0);
    std::printf("notices:\n%s", reports.all_notices().c_str());
    fault::remove_dir(dir);
}

// Auto: cube_solver_prepare(solver, 3) makes the compact tables, starts the background load and returns.
void auto_prepare_returns_at_once(void **) {
    std::string dir = fault::make_temp_dir();
    int threads_before = tp_test::thread_count();
    cube_solver *solver = new_solver(CUBE_TABLES_AUTO, dir);
    assert_int_equal(cube_solver_prepare(solver, 3, nullptr), CUBE_OK);
    assert_false(exists(table_path(dir)));
    assert_true(tp_test::thread_count() > threads_before);
    assert_int_equal(solve_checked(solver, 5), CUBE_OK);
    cube_solver_free(solver);
    assert_true(tp_test::threads_come_to(threads_before));
    assert_int_equal(fault::names_in(dir).size(), 0);
    fault::remove_dir(dir);
}

// Compact: no folder is made, no file read or written, no thread started.
void compact_never_touches_the_disk(void **) {
    std::string parent = fault::make_temp_dir(), dir = parent + "/never-made";
    int threads_before = tp_test::thread_count();
    Reports reports;
    cube_solver *solver = new_solver(CUBE_TABLES_COMPACT, dir, &reports);
    assert_int_equal(cube_solver_prepare(solver, 3, nullptr), CUBE_OK);
    for (uint64_t seed = 100; seed < 120; ++seed) assert_int_equal(solve_checked(solver, seed), CUBE_OK);
    assert_int_equal(tp_test::thread_count(), threads_before);
    cube_solver_free(solver);
    assert_false(exists(dir));
    assert_true(reports.notices.empty() && reports.stages.empty());
    fault::remove_dir(parent);
}

// Full, and a config of the first published size (which has no table_policy), wait for the full tables
// on the calling thread as libcube 1.0 did: here a build, stopped at its first stage.
void full_and_first_size_configs_wait_as_before(void **) {
    std::string dir = fault::make_temp_dir();
    for (int first_size = 0; first_size < 2; ++first_size) {
        Reports reports;
        reports.stop_at_build = true;
        cube_solver_config config;
        if (first_size) {
            assert_int_equal(cube_solver_config_init_sized(&config, CUBE_SOLVER_CONFIG_SIZE_V1), CUBE_OK);
        } else {
            cube_solver_config_init(&config);
            config.table_policy = CUBE_TABLES_FULL;
        }
        config.table_dir = dir.c_str();
        reports.attach(config);
        cube_solver *solver = nullptr;
        assert_int_equal(cube_solver_new(&config, &solver), CUBE_OK);
        assert_int_equal(cube_solver_prepare(solver, 3, nullptr), CUBE_ERROR_CANCELLED);
        assert_non_null(reports.find_notice("does not exist; building it"));
        assert_true(reports.threads.size() == 1 && *reports.threads.begin() == std::this_thread::get_id());
        cube_solver_free(solver);
        assert_int_equal(fault::names_in(dir).size(), 0);
    }
    // With the suite's file it maps it and answers from it.
    cube_solver *solver = new_solver(CUBE_TABLES_FULL, shared_dir());
    assert_int_equal(cube_solver_prepare(solver, 3, nullptr), CUBE_OK);
    lc::StopFlag stop;
    assert_non_null(lc::solver_tables3(solver, stop).full);
    assert_int_equal(solve_checked(solver, 9), CUBE_OK);
    cube_solver_free(solver);
    fault::remove_dir(dir);
}

// Auto with a good file (linked to the suite's, so mapped, not built): the solver answers from the compact
// tables, then switches to the full ones without a pause, says so on the background thread, and goes on.
void auto_switches_to_the_full_tables(void **) {
    std::string dir = fault::make_temp_dir();
    assert_int_equal(link(table_path(shared_dir()).c_str(), table_path(dir).c_str()), 0);
    Reports reports;
    cube_solver *solver = new_solver(CUBE_TABLES_AUTO, dir, &reports);
    lc::StopFlag stop;
    uint64_t seed = 1000;
    assert_int_equal(solve_checked(solver, seed++), CUBE_OK);
    auto give_up = std::chrono::steady_clock::now() + std::chrono::seconds(30);
    while (!lc::solver_tables3(solver, stop).full && std::chrono::steady_clock::now() < give_up)
        assert_int_equal(solve_checked(solver, seed++), CUBE_OK);
    std::printf("answers before the switch: %d\n", static_cast<int>(seed - 1000));
    assert_non_null(lc::solver_tables3(solver, stop).full);
    assert_true(reports.wait_for_notice("the full 3x3 tables are ready"));
    for (int i = 0; i < 20; ++i) assert_int_equal(solve_checked(solver, seed++), CUBE_OK);
    cube_solver_free(solver);
    assert_int_equal(reports.stages.back().compare("done"), 0);
    assert_true(reports.threads.count(std::this_thread::get_id()) == 0);
    assert_false(reports.notice_during_build);
    std::printf("notices:\n%s", reports.all_notices().c_str());
    fault::remove_dir(dir);  // unlinks the link only
}

// Both sets give the same kind of answer to the same states: a solution within the limit, the same
// proof that none exists, the same time-out with the same message.
void both_sets_answer_alike(void **) {
    cube_solver *compact = new_solver(CUBE_TABLES_COMPACT, "");
    cube_solver *full = new_solver(CUBE_TABLES_FULL, shared_dir());
    for (uint64_t seed = 2000; seed < 2200; ++seed) {
        assert_int_equal(solve_checked(compact, seed), CUBE_OK);
        assert_int_equal(solve_checked(full, seed), CUBE_OK);
    }
    cube_solve_options options;
    cube_solve_options_init(&options);
    options.min_effort = 1;
    options.timeout_ms = 200;  // ample for either set: the answers, not the speed, are compared
    for (uint64_t seed = 2200; seed < 2205; ++seed) {
        assert_int_equal(solve_checked(compact, seed, &options, 1000), CUBE_OK);
        assert_int_equal(solve_checked(full, seed, &options, 1000), CUBE_OK);
    }
    // Near-solved states: a solution within each max_length, or the same proof that there is none.
    const char *scrambles[] = {"R", "R U", "R U F", "R U F' D2", "R U F' D2 L"};
    cube_solve_options limited;
    cube_solve_options_init(&limited);
    for (const char *scramble : scrambles) {
        for (int32_t max_length = 1; max_length <= 6; ++max_length) {
            limited.max_length = max_length;
            cube_status answers[2];
            cube_solver *both[2] = {compact, full};
            for (int k = 0; k < 2; ++k) {
                cube_state *state = nullptr;
                cube_moves *solution = nullptr;
                assert_int_equal(cube_state_new(3, &state), CUBE_OK);
                assert_int_equal(cube_state_apply_text(state, scramble), CUBE_OK);
                answers[k] = cube_solve(both[k], state, &limited, &solution);
                cube_moves_free(solution);
                cube_state_free(state);
            }
            assert_int_equal(answers[0], answers[1]);
        }
    }
    // A random state within 12 moves, in 5 ms: no answer from either; a time-out (unless that set was fast
    // enough to prove there is none) with the same message.
    limited.max_length = 12;
    limited.timeout_ms = 5;
    cube_status statuses[2];
    std::string messages[2];
    cube_solver *both[2] = {compact, full};
    for (int k = 0; k < 2; ++k) {
        statuses[k] = solve_checked(both[k], 17, &limited, 12);
        messages[k] = cube_last_error();
        assert_true(statuses[k] == CUBE_ERROR_TIMEOUT || statuses[k] == CUBE_ERROR_UNSOLVABLE);
    }
    if (statuses[0] == statuses[1]) assert_string_equal(messages[0].c_str(), messages[1].c_str());
    cube_solver_free(compact);
    cube_solver_free(full);
}

// A background load that fails (a named pipe where the file belongs) leaves the solver on the compact
// tables, with a notice saying why.
void failed_background_load_keeps_the_compact_tables(void **) {
    std::string dir = fault::make_temp_dir();
    assert_int_equal(mkfifo(table_path(dir).c_str(), 0644), 0);
    Reports reports;
    cube_solver *solver = new_solver(CUBE_TABLES_AUTO, dir, &reports);
    assert_int_equal(solve_checked(solver, 3000), CUBE_OK);
    assert_true(reports.wait_for_notice("could not be loaded"));
    const std::string *notice = reports.find_notice("could not be loaded");
    std::printf("%s\n", notice->c_str());
    assert_non_null(std::strstr(notice->c_str(), "named pipe"));
    assert_non_null(std::strstr(notice->c_str(), "solving with the compact tables"));
    assert_int_equal(solve_checked(solver, 3001), CUBE_OK);
    cube_solver_free(solver);
    assert_int_equal(fault::names_in(dir).size(), 1);
    fault::remove_dir(dir);
}

// The callback's nonzero answer stops the background build: the solver stays on the compact tables.
void callback_stops_the_background_load(void **) {
    std::string dir = fault::make_temp_dir();
    Reports reports;
    reports.stop_at_build = true;
    cube_solver *solver = new_solver(CUBE_TABLES_AUTO, dir, &reports);
    assert_int_equal(solve_checked(solver, 4000), CUBE_OK);
    assert_true(reports.wait_for_notice("could not be loaded"));
    assert_non_null(reports.find_notice("cancelled"));
    assert_int_equal(solve_checked(solver, 4001), CUBE_OK);
    cube_solver_free(solver);
    assert_int_equal(fault::names_in(dir).size(), 0);
    fault::remove_dir(dir);
}

// A callback that frees its own solver (on the background thread): the load stops, the thread ends by
// itself, and nothing is left.
struct SelfFree {
    cube_solver *solver = nullptr;
    std::atomic<bool> freed{false};
    static int32_t on_report(void *user, const cube_progress *) {
        auto *self = static_cast<SelfFree *>(user);
        if (!self->freed.exchange(true)) cube_solver_free(self->solver);
        return 0;
    }
};

void callback_may_free_its_solver(void **) {
    std::string dir = fault::make_temp_dir();
    int threads_before = tp_test::thread_count();
    SelfFree self;
    cube_solver_config config;
    cube_solver_config_init(&config);
    config.table_dir = dir.c_str();
    config.progress = SelfFree::on_report;
    config.progress_user_data = &self;
    assert_int_equal(cube_solver_new(&config, &self.solver), CUBE_OK);
    assert_int_equal(cube_solver_prepare(self.solver, 3, nullptr), CUBE_OK);
    for (int waited_ms = 0; waited_ms < 10000 && !self.freed.load(); ++waited_ms) usleep(1000);
    assert_true(self.freed.load());
    assert_true(tp_test::threads_come_to(threads_before));
    assert_int_equal(fault::names_in(dir).size(), 0);
    fault::remove_dir(dir);
}

void bad_policies_are_refused(void **) {
    cube_solver_config config;
    cube_solver *solver = nullptr;
    for (int32_t policy : {-1, 3, 1000}) {
        cube_solver_config_init(&config);
        config.table_policy = policy;
        assert_int_equal(cube_solver_new(&config, &solver), CUBE_ERROR_INVALID_ARGUMENT);
        assert_non_null(std::strstr(cube_last_error(), "table_policy"));
        assert_null(solver);
    }
    cube_solver_config_init(&config);
    assert_int_equal(config.table_policy, CUBE_TABLES_AUTO);
    config.reserved = -1;  // every byte set: the first is at the field's offset in either byte order
    assert_int_equal(cube_solver_new(&config, &solver), CUBE_ERROR_UNSUPPORTED);
    std::printf("%s\n", cube_last_error());
    std::string at = "byte " + std::to_string(offsetof(cube_solver_config, reserved));  // 36, or 20 on 32-bit
    assert_non_null(std::strstr(cube_last_error(), at.c_str()));
    assert_null(solver);
    assert_int_equal(cube_solver_new(nullptr, &solver), CUBE_OK);  // NULL: the defaults, auto
    cube_solver_free(solver);
}

}  // namespace

int main() {
    shared_dir();  // read before any test changes the environment
    std::thread([] {}).join();  // a sanitizer starts its own thread with the first one: before any count
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(auto_answers_at_once_without_the_file),
        cmocka_unit_test(auto_prepare_returns_at_once),
        cmocka_unit_test(compact_never_touches_the_disk),
        cmocka_unit_test(full_and_first_size_configs_wait_as_before),
        cmocka_unit_test(auto_switches_to_the_full_tables),
        cmocka_unit_test(both_sets_answer_alike),
        cmocka_unit_test(failed_background_load_keeps_the_compact_tables),
        cmocka_unit_test(callback_stops_the_background_load),
        cmocka_unit_test(callback_may_free_its_solver),
        cmocka_unit_test(bad_policies_are_refused),
    };
    return cmocka_run_group_tests(tests, nullptr, nullptr);
}
