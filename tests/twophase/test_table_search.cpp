// The table search path ($CUBE_TABLE_DIR, the user cache, the read-only system folder) and honest table
// handling: the first sound file is used and damaged ones are named; a build goes to the first folder
// that can be written; a read-only folder is an error of generate with the reason; damage is reported
// before the rebuild; a waiter names whom it waits for and can stop; the lock file never stays behind.
#include <fcntl.h>
#include <grp.h>
#include <sys/stat.h>
#include <unistd.h>

#include <atomic>
#include <cstdio>
#include <cstdlib>
#include <string>
#include <thread>
#include <utility>
#include <vector>

#include <cube/solver.h>

#include "../fault/fault_injection.hpp"
#include "reports.hpp"
#include "tablefile/table_file.hpp"
#include "twophase/twophase.hpp"

#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <setjmp.h>
extern "C" {
#include <cmocka.h>
}

namespace {

using tp_test::Reports;

const std::string &shared_file() {
    static const std::string path = lc::twophase::table_file_path(lc::twophase::default_table_dir());
    return path;
}

std::string table_path(const std::string &dir) { return lc::twophase::table_file_path(dir); }

void place_good_file(const std::string &dir) {
    assert_int_equal(link(shared_file().c_str(), table_path(dir).c_str()), 0);
}

// Writes the first `bytes` bytes of `from` to a new file `to`: a truncated copy.
void copy_start(const std::string &from, const std::string &to, size_t bytes) {
    std::vector<char> data(bytes);
    int in = open(from.c_str(), O_RDONLY), out = open(to.c_str(), O_WRONLY | O_CREAT | O_EXCL, 0644);
    assert_true(in >= 0 && out >= 0);
    assert_int_equal(pread(in, data.data(), bytes, 0), static_cast<ssize_t>(bytes));
    assert_int_equal(write(out, data.data(), bytes), static_cast<ssize_t>(bytes));
    close(in);
    close(out);
}

// Sets environment variables for one test and restores them after.
class Environment {
public:
    void set(const char *name, const std::string &value) {
        remember(name);
        setenv(name, value.c_str(), 1);
    }
    void unset(const char *name) {
        remember(name);
        unsetenv(name);
    }
    ~Environment() {
        for (auto it = saved_.rbegin(); it != saved_.rend(); ++it) {
            if (it->second.first)
                setenv(it->first.c_str(), it->second.second.c_str(), 1);
            else
                unsetenv(it->first.c_str());
        }
    }

private:
    void remember(const char *name) {
        const char *now = std::getenv(name);
        saved_.push_back({name, {now != nullptr, now ? now : ""}});
    }
    std::vector<std::pair<std::string, std::pair<bool, std::string>>> saved_;
};

// Three folders for the search path: $CUBE_TABLE_DIR, $XDG_CACHE_HOME (the user cache is its libcube
// folder) and the system folder; removed with what they hold.
struct ThreeFolders {
    std::string chosen = fault::make_temp_dir(), xdg = fault::make_temp_dir(), system = fault::make_temp_dir();
    std::string cache = xdg + "/libcube";
    Environment env;
    ThreeFolders() {
        env.set("CUBE_TABLE_DIR", chosen);
        env.set("XDG_CACHE_HOME", xdg);
        env.set("CUBE_SYSTEM_TABLE_DIR", system);
    }
    ~ThreeFolders() {
        fault::remove_dir(cache);
        for (const std::string &dir : {chosen, xdg, system}) fault::remove_dir(dir);
    }
};

std::string path_for(const char *table_dir) {
    char path[4096];
    assert_int_equal(cube_tables_path(table_dir, path, sizeof path, nullptr), CUBE_OK);
    return path;
}

cube_solver *full_solver(Reports &reports) { return tp_test::new_solver(CUBE_TABLES_FULL, "", &reports); }

// The first folder of the search path with a good file is the one used; the system folder is only read.
void search_path_order(void **) {
    ThreeFolders f;
    assert_string_equal(path_for(nullptr).c_str(), table_path(f.chosen).c_str());  // where a build would go
    place_good_file(f.system);
    assert_string_equal(path_for(nullptr).c_str(), table_path(f.system).c_str());
    Reports reports;
    cube_solver *solver = full_solver(reports);
    assert_int_equal(cube_solver_prepare(solver, 3, nullptr), CUBE_OK);  // mapped from the system folder
    cube_solver_free(solver);
    assert_true(reports.notices.empty());
    assert_int_equal(fault::names_in(f.chosen).size(), 0);
    assert_int_equal(fault::names_in(f.xdg).size(), 0);
    assert_int_equal(fault::names_in(f.system).size(), 1);
    assert_int_equal(cube_tables_verify(nullptr), CUBE_OK);
    assert_int_equal(cube_tables_generate(nullptr), CUBE_OK);  // kept where it is: nothing is built
    assert_int_equal(fault::names_in(f.xdg).size(), 0);
    assert_int_equal(mkdir(f.cache.c_str(), 0755), 0);
    place_good_file(f.cache);
    assert_string_equal(path_for(nullptr).c_str(), table_path(f.cache).c_str());
    place_good_file(f.chosen);
    assert_string_equal(path_for(nullptr).c_str(), table_path(f.chosen).c_str());
    f.env.unset("CUBE_TABLE_DIR");
    assert_string_equal(path_for(nullptr).c_str(), table_path(f.cache).c_str());
    assert_string_equal(path_for(f.system.c_str()).c_str(), table_path(f.system).c_str());  // a folder given
}

// A damaged file before a good one is named in a notice and passed over.
void damaged_file_is_passed_over(void **) {
    ThreeFolders f;
    int fd = open(table_path(f.chosen).c_str(), O_WRONLY | O_CREAT, 0644);
    assert_true(fd >= 0);
    assert_int_equal(write(fd, "LCTABLE1", 8), 8);
    close(fd);
    place_good_file(f.system);
    assert_string_equal(path_for(nullptr).c_str(), table_path(f.system).c_str());
    Reports reports;
    cube_solver *solver = full_solver(reports);
    assert_int_equal(cube_solver_prepare(solver, 3, nullptr), CUBE_OK);
    cube_solver_free(solver);
    std::printf("notices:\n%s", reports.all_notices().c_str());
    assert_int_equal(reports.notices.size(), 1);
    assert_non_null(std::strstr(reports.notices[0].c_str(), "is truncated"));
    assert_non_null(std::strstr(reports.notices[0].c_str(), ("using " + table_path(f.system)).c_str()));
}

// With no file anywhere the build goes to the first of $CUBE_TABLE_DIR and the user cache that can be
// written; with neither, into memory (a notice says why), and generate fails before building.
void build_goes_to_the_first_writable_folder(void **) {
    ThreeFolders f;
    std::string blocker = f.system + "/a-file";
    int fd = open(blocker.c_str(), O_WRONLY | O_CREAT, 0644);
    assert_true(fd >= 0);
    close(fd);
    f.env.set("CUBE_TABLE_DIR", blocker + "/tables");  // under a regular file: cannot be made
    assert_string_equal(path_for(nullptr).c_str(), table_path(f.cache).c_str());
    Reports reports;
    reports.stop_at_build = true;
    cube_solver *solver = full_solver(reports);
    assert_int_equal(cube_solver_prepare(solver, 3, nullptr), CUBE_ERROR_CANCELLED);
    cube_solver_free(solver);
    assert_non_null(reports.find_notice(table_path(f.cache) + " does not exist; building it"));
    assert_int_equal(fault::names_in(f.cache).size(), 0);  // no lock file, no temporary file
    f.env.set("XDG_CACHE_HOME", blocker + "/cache");
    Reports in_memory;
    in_memory.stop_at_build = true;
    solver = full_solver(in_memory);
    assert_int_equal(cube_solver_prepare(solver, 3, nullptr), CUBE_ERROR_CANCELLED);
    cube_solver_free(solver);
    std::printf("notices:\n%s", in_memory.all_notices().c_str());
    assert_non_null(in_memory.find_notice("building it in memory only (could not save it: cannot create folder"));
    Reports generating;
    cube_tables_options options;
    cube_tables_options_init(&options);
    options.progress = Reports::record;
    options.progress_user_data = &generating;
    assert_int_equal(cube_tables_generate(&options), CUBE_ERROR_IO);
    std::printf("generate: %s\n", cube_last_error());
    assert_non_null(std::strstr(cube_last_error(), "cannot save the table file: cannot create folder"));
    assert_false(generating.building);
}

// The system folder comes from $CUBE_SYSTEM_TABLE_DIR, else from the build (LIBDIR/libcube/tables).
void system_folder_follows_the_environment(void **) {
    Environment env;
    env.unset("CUBE_SYSTEM_TABLE_DIR");
    char dir[4096];
    int32_t length = 0;
    assert_int_equal(cube_tables_system_dir(dir, sizeof dir, &length), CUBE_OK);
    std::printf("compiled in: %s\n", dir);
    assert_int_equal(static_cast<int32_t>(std::strlen(dir)), length);
    assert_true(dir[0] == '/');
    env.set("CUBE_SYSTEM_TABLE_DIR", "/opt/tables");
    assert_int_equal(cube_tables_system_dir(nullptr, 0, &length), CUBE_ERROR_BUFFER_TOO_SMALL);
    assert_int_equal(length, 11);
    assert_int_equal(cube_tables_system_dir(dir, 4, nullptr), CUBE_ERROR_BUFFER_TOO_SMALL);
    assert_int_equal(cube_tables_system_dir(dir, sizeof dir, nullptr), CUBE_OK);
    assert_string_equal(dir, "/opt/tables");
    assert_int_equal(cube_tables_system_dir(dir, -1, nullptr), CUBE_ERROR_INVALID_ARGUMENT);
}

// The search path as cube_tables_search_dir() lists it: env, cache, system, each once, then NOT_FOUND.
void search_dirs_are_listed_in_order(void **) {
    Environment env;
    env.set("CUBE_TABLE_DIR", "/tmp/chosen");
    env.set("XDG_CACHE_HOME", "/tmp/xdg");
    env.set("CUBE_SYSTEM_TABLE_DIR", "/opt/tables");
    const char *expected[] = {"/tmp/chosen", "/tmp/xdg/libcube", "/opt/tables"};
    const int32_t roles[] = {CUBE_TABLE_FOLDER_ENV, CUBE_TABLE_FOLDER_CACHE, CUBE_TABLE_FOLDER_SYSTEM};
    char dir[4096];
    int32_t role = -1;
    int32_t length = 0;
    for (int32_t i = 0; i < 3; ++i) {
        assert_int_equal(cube_tables_search_dir(i, &role, dir, sizeof dir, &length), CUBE_OK);
        assert_string_equal(dir, expected[i]);
        assert_int_equal(role, roles[i]);
        assert_int_equal(length, static_cast<int32_t>(std::strlen(expected[i])));
    }
    assert_int_equal(cube_tables_search_dir(3, &role, dir, sizeof dir, nullptr), CUBE_ERROR_NOT_FOUND);
    assert_non_null(std::strstr(cube_last_error(), "has 3 folders"));
    assert_int_equal(cube_tables_search_dir(-1, nullptr, dir, sizeof dir, nullptr), CUBE_ERROR_INVALID_ARGUMENT);
    assert_int_equal(cube_tables_search_dir(0, nullptr, nullptr, 0, &length), CUBE_ERROR_BUFFER_TOO_SMALL);
    assert_int_equal(length, 11);
    assert_int_equal(cube_tables_search_dir(0, nullptr, nullptr, 5, nullptr), CUBE_ERROR_INVALID_ARGUMENT);
    // A folder named twice is listed once, where it comes first; without $CUBE_TABLE_DIR the cache is first.
    env.set("CUBE_SYSTEM_TABLE_DIR", "/tmp/chosen");
    assert_int_equal(cube_tables_search_dir(2, &role, dir, sizeof dir, nullptr), CUBE_ERROR_NOT_FOUND);
    env.unset("CUBE_TABLE_DIR");
    assert_int_equal(cube_tables_search_dir(0, &role, dir, sizeof dir, nullptr), CUBE_OK);
    assert_int_equal(role, CUBE_TABLE_FOLDER_CACHE);
    assert_int_equal(cube_tables_search_dir(1, &role, dir, sizeof dir, nullptr), CUBE_OK);
    assert_int_equal(role, CUBE_TABLE_FOLDER_SYSTEM);
}

// Generating into a folder that cannot be written is CUBE_ERROR_IO with the reason, before anything is
// built; nothing is left there. (As root, the child becomes nobody: root may write anywhere.)
void generate_into_a_read_only_folder_fails(void **) {
    std::string dir = fault::make_temp_dir();
    assert_int_equal(chmod(dir.c_str(), 0555), 0);
    fault::ChildEnd end = fault::run_in_child(fault::Limits{}, [&] {
        if (geteuid() == 0 && (setgroups(0, nullptr) != 0 || setgid(65534) != 0 || setuid(65534) != 0)) return 9;
        Reports reports;
        cube_tables_options options;
        cube_tables_options_init(&options);
        options.table_dir = dir.c_str();
        options.progress = Reports::record;
        options.progress_user_data = &reports;
        cube_status st = cube_tables_generate(&options);
        std::printf("generate: %s: %s\n", cube_status_name(st), cube_last_error());
        if (st != CUBE_ERROR_IO) return 1;
        if (!std::strstr(cube_last_error(), "cannot be written: Permission denied")) return 2;
        return reports.building ? 3 : 0;
    });
    assert_true(end.exited);
    assert_int_equal(end.code, 0);
    assert_int_equal(fault::names_in(dir).size(), 0);
    chmod(dir.c_str(), 0755);
    fault::remove_dir(dir);
}

// Stops a job at the notice that it waits for the build lock.
int32_t stop_when_waiting(void *user, const cube_progress *p) {
    Reports::record(user, p);
    return p->event == CUBE_PROGRESS_NOTICE && std::strstr(p->stage, "waiting for it") != nullptr;
}

cube_status generate_in(const std::string &dir, Reports &reports) {
    cube_tables_options options;
    cube_tables_options_init(&options);
    options.table_dir = dir.c_str();
    options.progress = stop_when_waiting;
    options.progress_user_data = &reports;
    return cube_tables_generate(&options);
}

// A job that waits for another's build lock says whom it waits for (the process, or another solver of
// this one) and for what, and stops waiting when cancelled; the holder's lock file goes with it.
void waiter_names_the_holder_and_can_stop(void **) {
    std::string dir = fault::make_temp_dir(), lock_path = table_path(dir) + ".lock";
    int go[2], held[2];
    assert_int_equal(pipe(go), 0);
    assert_int_equal(pipe(held), 0);
    std::fflush(nullptr);
    pid_t holder = fork();
    if (holder == 0) {
        int code = 0;
        {
            lc::tablefile::DirLock lock(lock_path);
            char byte = lock.ok() ? 1 : 0;
            if (write(held[1], &byte, 1) != 1 || read(go[0], &byte, 1) < 0) code = 2;
        }  // released: the lock file goes
        _exit(code);
    }
    char byte = 0;
    assert_int_equal(read(held[0], &byte, 1), 1);
    assert_int_equal(byte, 1);
    Reports reports;
    assert_int_equal(generate_in(dir, reports), CUBE_ERROR_CANCELLED);
    std::printf("notices:\n%s", reports.all_notices().c_str());
    std::string expected = "process " + std::to_string(holder) + " is building " + table_path(dir) + "; waiting for it";
    assert_non_null(reports.find_notice(expected));
    assert_int_equal(write(go[1], &byte, 1), 1);
    fault::wait_for_child(holder);
    for (int fd : {go[0], go[1], held[0], held[1]}) close(fd);
    // Another solver of this process.
    {
        lc::tablefile::DirLock lock(lock_path);
        assert_true(lock.ok());
        Reports same_process;
        assert_int_equal(generate_in(dir, same_process), CUBE_ERROR_CANCELLED);
        assert_non_null(same_process.find_notice("another solver in this process is building"));
    }
    assert_int_equal(fault::names_in(dir).size(), 0);
    fault::remove_dir(dir);
}

// Holders that release the lock (and remove its file) while others open it: never two holders at once,
// and no lock file after.
void lock_is_exclusive_and_leaves_no_file(void **) {
    std::string dir = fault::make_temp_dir(), lock_path = dir + "/t.lock";
    std::atomic<int> inside{0}, overlaps{0}, taken{0};
    std::vector<std::thread> threads;
    for (int t = 0; t < 4; ++t)
        threads.emplace_back([&] {
            for (int i = 0; i < 200; ++i) {
                lc::tablefile::DirLock lock(lock_path);
                if (!lock.ok()) continue;
                if (inside.fetch_add(1) != 0) ++overlaps;
                ++taken;
                inside.fetch_sub(1);
            }
        });
    for (std::thread &t : threads) t.join();
    assert_int_equal(overlaps.load(), 0);
    assert_int_equal(taken.load(), 800);
    assert_int_equal(fault::names_in(dir).size(), 0);
    fault::remove_dir(dir);
}

// A truncated file is reported before its rebuild begins: by a waiting solver, and by an auto solver's
// background load. Stopped at the build's first stage, they leave the damaged file as it was.
void damage_is_reported_before_the_rebuild(void **) {
    std::string dir = fault::make_temp_dir();
    copy_start(shared_file(), table_path(dir), 1 << 20);
    for (int32_t policy : {CUBE_TABLES_FULL, CUBE_TABLES_AUTO}) {
        Reports reports;
        reports.stop_at_build = true;
        cube_solver *solver = tp_test::new_solver(policy, dir, &reports);
        cube_status prepared = cube_solver_prepare(solver, 3, nullptr);
        assert_int_equal(prepared, policy == CUBE_TABLES_FULL ? CUBE_ERROR_CANCELLED : CUBE_OK);
        assert_true(reports.wait_for_build());
        if (policy == CUBE_TABLES_AUTO) assert_true(reports.wait_for_notice("could not be loaded"));
        cube_solver_free(solver);
        std::printf("notices:\n%s", reports.all_notices().c_str());
        const std::string *rebuild = reports.find_notice("rebuilding it");
        assert_non_null(rebuild);
        assert_non_null(std::strstr(rebuild->c_str(), "is truncated (1048576 bytes"));
        assert_int_equal(reports.notices.front().compare(*rebuild), 0);
        assert_false(reports.notice_during_build);
        assert_int_equal(fault::names_in(dir).size(), 1);
    }
    fault::remove_dir(dir);
}

// Tables that cannot be saved: a solve still answers, and the notice saying so is one line.
void unsaved_tables_are_one_notice_line(void **) {
    Reports reports;
    cube_solver *solver = tp_test::new_solver(CUBE_TABLES_AUTO, "/dev/null/libcube", &reports);
    cube_state *state = nullptr;
    cube_moves *solution = nullptr;
    assert_int_equal(cube_state_random(3, 77, &state), CUBE_OK);
    assert_int_equal(cube_solve(solver, state, nullptr, &solution), CUBE_OK);
    assert_true(reports.wait_for_notice("could not save it"));
    cube_solver_free(solver);
    const std::string *notice = reports.find_notice("could not save it");
    std::printf("%s\n", notice->c_str());
    assert_null(std::strchr(notice->c_str(), '\n'));
    cube_moves_free(solution);
    cube_state_free(state);
}

}  // namespace

int main() {
    shared_file();  // read before any test changes the environment
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(search_path_order),
        cmocka_unit_test(damaged_file_is_passed_over),
        cmocka_unit_test(build_goes_to_the_first_writable_folder),
        cmocka_unit_test(system_folder_follows_the_environment),
        cmocka_unit_test(search_dirs_are_listed_in_order),
        cmocka_unit_test(generate_into_a_read_only_folder_fails),
        cmocka_unit_test(waiter_names_the_holder_and_can_stop),
        cmocka_unit_test(lock_is_exclusive_and_leaves_no_file),
        cmocka_unit_test(damage_is_reported_before_the_rebuild),
        cmocka_unit_test(unsaved_tables_are_one_notice_line),
    };
    return cmocka_run_group_tests(tests, nullptr, nullptr);
}
