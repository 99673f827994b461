// Writing the table file when things go wrong: the temporary files of killed writers are removed by
// the next holder of the build lock or the next load (only the table file's own, only of dead
// processes); the lock is waited for no longer than its limit; a write that fails part-way (a full
// disk) fails and leaves nothing; writers killed at random points leave the old or the new file whole,
// and the next load leaves nothing else; a solver keeps answering while its file is replaced.
#include <fcntl.h>
#include <sys/stat.h>
#include <unistd.h>

#include <atomic>
#include <chrono>
#include <cstdio>
#include <cstring>
#include <string>
#include <thread>
#include <vector>

#include <cube/solver.h>

#include "../fault/fault_injection.hpp"
#include "table_dirs.hpp"
#include "tablefile/temp_files.hpp"

#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <setjmp.h>
extern "C" {
#include <cmocka.h>
}

using namespace lc;
namespace tf = lc::tablefile;

namespace {

using Names = std::vector<std::string>;

bool exists(const std::string &path) { return access(path.c_str(), F_OK) == 0; }

void make_file(const std::string &path) {
    int fd = open(path.c_str(), O_WRONLY | O_CREAT | O_TRUNC, 0644);
    assert_true(fd >= 0);
    assert_int_equal(write(fd, "partial", 7), 7);
    close(fd);
}

std::string temp_of(const std::string &path, long pid, int n) {
    return path + ".tmp." + std::to_string(pid) + "." + std::to_string(n);
}

void temp_names_are_recognised(void **) {
    std::string path = "/x/t.tbl";
    long pid = 0;
    assert_true(tf::is_temp_of(path, "t.tbl.tmp.123.0", &pid));
    assert_int_equal(pid, 123);
    std::string made = tf::temp_name(path);
    assert_true(tf::is_temp_of(path, made.substr(3), &pid));
    assert_int_equal(pid, getpid());
    for (const char *other : {"t.tbl", "t.tbl.lock", "t.tbl.tmp.", "t.tbl.tmp.12", "t.tbl.tmp.12.", "t.tbl.tmp.x.1",
                              "t.tbl.tmp.1.2.3", "t.tbl.tmp.1.2x", "u.tbl.tmp.1.2", "xt.tbl.tmp.1.2"})
        assert_false(tf::is_temp_of(path, other, &pid));
}

// Temporary files of a dead writer (the table file's own) and of others, which must stay.
struct Leftovers {
    std::string dead, live, odd, foreign;
    explicit Leftovers(const std::string &path) {
        pid_t gone = fault::dead_pid();
        dead = temp_of(path, gone, 0);
        live = temp_of(path, getpid(), 999999);
        odd = path + ".tmp." + std::to_string(gone) + ".x";
        foreign = path + "-other.tmp." + std::to_string(gone) + ".0";
        for (const std::string *f : {&dead, &live, &odd, &foreign}) make_file(*f);
    }
    void check_tidied() const {
        assert_false(exists(dead));
        assert_true(exists(live));
        assert_true(exists(odd));
        assert_true(exists(foreign));
    }
};

// A load that maps a good file removes what a killed writer left (before, it stayed for good).
void stale_temporaries_go_on_the_next_load(void **) {
    std::string dir = tp_test::table_test_dir(), path = twophase::table_file_path(dir);
    assert_true(tp_test::place_good_table_file(dir));
    Leftovers left(path);
    make_file(path + ".lock");  // and the lock file of a holder that was killed
    assert_non_null(tp_test::load_or_null(dir, twophase::Progress{}).get());
    left.check_tidied();
    assert_false(exists(path + ".lock"));
    fault::remove_dir(dir);
}

int32_t stop_at_build(void *, const cube_progress *p) {
    return p->event == CUBE_PROGRESS_STAGE && std::strcmp(p->stage, "checking table file") != 0;
}

// Whoever takes the build lock removes them first (here a build, stopped as soon as it begins).
void stale_temporaries_go_when_the_lock_is_taken(void **) {
    std::string dir = fault::make_temp_dir(), path = twophase::table_file_path(dir);
    Leftovers left(path);
    twophase::Progress stopping;
    stopping.fn = stop_at_build;
    assert_null(tp_test::load_or_null(dir, stopping).get());
    assert_int_equal(cube_last_status(), CUBE_ERROR_CANCELLED);
    left.check_tidied();
    assert_int_equal(fault::names_in(dir).size(), 3);  // the three that stay; no lock file
    fault::remove_dir(dir);
}

// A lock held by another is waited for up to the limit, then given up with a reason.
void lock_wait_has_a_limit(void **) {
    std::string dir = fault::make_temp_dir(), lock_path = dir + "/t.lock";
    tf::DirLock held(lock_path);
    assert_true(held.ok());
    tf::DirLock one_try(lock_path, {}, {}, std::chrono::milliseconds(0));
    assert_false(one_try.ok());
    tf::DirLock short_wait(lock_path, {}, {}, std::chrono::milliseconds(20));
    assert_false(short_wait.ok());
    std::printf("%s\n", short_wait.problem().c_str());
    assert_non_null(std::strstr(short_wait.problem().c_str(), "has held the lock"));
    tf::DirLock nowhere(dir + "/missing/t.lock");
    assert_false(nowhere.ok());
    assert_non_null(std::strstr(nowhere.problem().c_str(), "cannot create the lock file"));
    fault::remove_dir(dir);
}

// A write that fails part-way (the file size limit stands for a full disk) fails with CUBE_ERROR_IO
// and removes its temporary file.
void full_disk_write_fails_and_leaves_nothing(void **) {
    auto shared = tp_test::shared_tables();
    assert_non_null(shared.get());
    std::string dir = fault::make_temp_dir(), path = twophase::table_file_path(dir);
    fault::Limits full_disk;
    full_disk.file_size = 20 << 20;
    fault::ChildEnd end = fault::run_in_child(full_disk, [&] {
        return fault::full_disk_answer("write", tp_test::write_status(path, *shared->blob));
    });
    assert_true(end.exited);
    assert_int_equal(end.code, 0);
    assert_int_equal(fault::names_in(dir).size(), 0);
    fault::remove_dir(dir);
}

// Children save the table file as a rebuild does (the build lock, then the write) and are killed at
// random points: before the temporary file exists and at three points of the write. After each, the
// file at the path is whole (the old one or the new one); the next load leaves nothing else behind.
void killed_writers_leave_a_whole_file_and_nothing_else(void **) {
    auto shared = tp_test::shared_tables();
    assert_non_null(shared.get());
    std::string dir = tp_test::table_test_dir(), path = twophase::table_file_path(dir);
    assert_true(tp_test::place_good_table_file(dir));
    tp_test::Rng rng{20240614};
    std::vector<double> kill_points = {-1.0};
    for (int third = 0; third < 3; ++third) kill_points.push_back((third + rng.below(1000) / 1000.0) / 3);
    fault::Limits limits;
    limits.watchdog_s = 60;
    int temporaries_left = 0;
    for (double point : kill_points) {
        unsigned delay_us = rng.below(3000);
        fault::ChildEnd end = fault::kill_when_told(limits, delay_us, [&](const std::function<void()> &tell) {
            tf::DirLock lock(path + ".lock");
            if (!lock.ok()) return 1;
            tf::remove_stale_temporaries(path);
            if (point < 0) {
                tell();
                for (;;) pause();  // killed while it holds the lock (the watchdog ends it otherwise)
            }
            auto progress = [&](double fraction) {
                if (fraction >= point) tell();
                return false;
            };
            return tp_test::write_status(path, *shared->blob, progress) == CUBE_OK ? 0 : 2;
        });
        std::printf("kill at %.3f + %u us: %s %d\n", point, delay_us, end.exited ? "exited" : "signal",
                    end.exited ? end.code : end.signal);
        assert_true(end.signal == SIGKILL || (end.exited && end.code == 0));
        assert_int_equal(tp_test::verify_status(path), CUBE_OK);
        temporaries_left += static_cast<int>(fault::names_in(dir).size()) - 1;
    }
    std::printf("names left by the killed writers, counted after each: %d\n", temporaries_left);
    auto loaded = tp_test::load_or_null(dir, twophase::Progress{});
    assert_non_null(loaded.get());
    Names only = {twophase::table_file_name()};
    assert_true(fault::names_in(dir) == only);
    loaded.reset();
    fault::remove_dir(dir);
}

// Solves random states with `solver` until `stop`, counting answers and wrong ones.
void keep_solving(cube_solver *solver, const std::atomic<bool> &stop, std::atomic<int> &answers,
                  std::atomic<int> &wrong) {
    for (uint64_t seed = 1; !stop.load(); ++seed) {
        cube_state *state = nullptr;
        cube_moves *solution = nullptr;
        int32_t solved = 0;
        bool ok = cube_state_random(3, seed, &state) == CUBE_OK;
        ok = ok && cube_solve(solver, state, nullptr, &solution) == CUBE_OK;
        ok = ok && cube_state_apply(state, solution) == CUBE_OK;
        ok = ok && cube_state_is_solved(state, &solved) == CUBE_OK && solved == 1;
        if (!ok) ++wrong;
        ++answers;
        cube_moves_free(solution);
        cube_state_free(state);
    }
}

// Waits (at most 60 s) until the solver has given `more` answers since `from`.
bool answered(const std::atomic<int> &answers, int from, int more) {
    for (int waited_ms = 0; waited_ms < 60000; ++waited_ms) {
        if (answers.load() >= from + more) return true;
        usleep(1000);
    }
    return false;
}

// The library replaces a file only by writing a new one beside it and renaming it over: a solver that
// maps the old file keeps answering through a rename over it and a delete and rewrite. (A `cp` over
// the file would truncate the mapped inode under it: no mapping survives that; see tablefile/README.md.)
void solver_keeps_answering_while_its_file_is_replaced(void **) {
    auto shared = tp_test::shared_tables();
    assert_non_null(shared.get());
    std::string dir = tp_test::table_test_dir(), path = twophase::table_file_path(dir);
    assert_true(tp_test::place_good_table_file(dir));
    cube_solver_config config;
    cube_solver_config_init(&config);
    config.table_dir = dir.c_str();
    cube_solver *solver = nullptr;
    assert_int_equal(cube_solver_new(&config, &solver), CUBE_OK);
    assert_int_equal(cube_solver_prepare(solver, 3, nullptr), CUBE_OK);
    std::atomic<bool> stop{false};
    std::atomic<int> answers{0}, wrong{0};
    std::thread solving(keep_solving, solver, std::cref(stop), std::ref(answers), std::ref(wrong));
    bool kept_answering = answered(answers, 0, 5);
    // Renamed over by the library's writer.
    kept_answering = kept_answering && tp_test::write_status(path, *shared->blob) == CUBE_OK;
    kept_answering = kept_answering && answered(answers, answers.load(), 5);
    // Deleted, then written anew.
    kept_answering = kept_answering && unlink(path.c_str()) == 0;
    kept_answering = kept_answering && answered(answers, answers.load(), 5);
    kept_answering = kept_answering && tp_test::write_status(path, *shared->blob) == CUBE_OK;
    kept_answering = kept_answering && answered(answers, answers.load(), 5);
    stop = true;
    solving.join();
    cube_solver_free(solver);
    std::printf("answers: %d, wrong: %d\n", answers.load(), wrong.load());
    assert_true(kept_answering);
    assert_int_equal(wrong.load(), 0);
    assert_int_equal(tp_test::verify_status(path), CUBE_OK);
    fault::remove_dir(dir);
}

}  // namespace

int main() {
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(temp_names_are_recognised),
        cmocka_unit_test(stale_temporaries_go_on_the_next_load),
        cmocka_unit_test(stale_temporaries_go_when_the_lock_is_taken),
        cmocka_unit_test(lock_wait_has_a_limit),
        cmocka_unit_test(full_disk_write_fails_and_leaves_nothing),
        cmocka_unit_test(killed_writers_leave_a_whole_file_and_nothing_else),
        cmocka_unit_test(solver_keeps_answering_while_its_file_is_replaced),
    };
    return cmocka_run_group_tests(tests, nullptr, nullptr);
}
