// Drivers: the registry (good and refused plugins, duplicates), the sim driver built in and as a
// plugin, and running plans: solved at the end, errors stop the robot, cancellation from a thread.
// Usage: test_driver SIM_PLUGIN_FILE TEST_PLUGIN_FOLDER [TEST_NAME_PATTERN]
#include <cube/driver.h>

#include <sys/stat.h>
#include <unistd.h>

#include <atomic>
#include <chrono>
#include <cstdlib>
#include <fstream>
#include <string>
#include <thread>

#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <setjmp.h>
extern "C" {
#include <cmocka.h>
}

namespace {

std::string sim_plugin;    // the sim built as a plugin (cube-driver-sim-plugin.so)
std::string sim_folder;    // its folder
std::string test_plugins;  // folder of the refused test plugins
std::string scratch;       // a private folder for this run

void link_in(const std::string &dir, const std::string &from, const std::string &as) {
    mkdir(dir.c_str(), 0755);
    std::string to = dir + "/" + as;
    unlink(to.c_str());
    int linked = symlink(from.c_str(), to.c_str());
    if (linked != 0) print_error("cannot link %s\n", to.c_str());
    assert_int_equal(linked, 0);
}

bool has_problem(cube_driver_registry *r, const char *a, const char *b) {
    for (int i = 0; i < cube_driver_registry_problem_count(r); ++i) {
        std::string p = cube_driver_registry_problem(r, i);
        if (p.find(a) != std::string::npos && p.find(b) != std::string::npos) return true;
    }
    print_error("no problem mentions \"%s\" and \"%s\"\n", a, b);
    return false;
}

int index_of(cube_driver_registry *r, const char *name) {
    for (int i = 0; i < cube_driver_registry_count(r); ++i)
        if (std::string(cube_driver_registry_name(r, i)) == name) return i;
    return -1;
}

bool last_error_mentions(const char *needle) {
    if (std::string(cube_last_error()).find(needle) != std::string::npos) return true;
    print_error("message \"%s\" lacks \"%s\"\n", cube_last_error(), needle);
    return false;
}

int32_t action_count(const cube_plan *p) {
    int32_t n = -1;
    assert_int_equal(cube_plan_action_count(p, &n), CUBE_OK);
    return n;
}

int64_t total_us(const cube_plan *p) {
    int64_t us = -1;
    assert_int_equal(cube_plan_total_us(p, &us), CUBE_OK);
    return us;
}

void builtin_sim_is_always_there(void **) {
    cube_driver_registry *r = nullptr;
    assert_int_equal(cube_driver_registry_new("", &r), CUBE_OK);
    assert_int_equal(cube_driver_registry_count(r), 1);
    assert_string_equal(cube_driver_registry_name(r, 0), "sim");
    assert_string_equal(cube_driver_registry_path(r, 0), "(built-in)");
    assert_int_equal(cube_driver_registry_problem_count(r), 0);
    assert_null(cube_driver_registry_name(r, 1));
    cube_driver_registry_free(r);
}

void plugins_load_or_are_refused_clearly(void **) {
    std::string a = scratch + "/a", b = scratch + "/b";
    link_in(a, sim_plugin, "cube-driver-sim-plugin.so");
    for (const char *p : {"cube-driver-bad_abi.so", "cube-driver-no_entry.so", "cube-driver-incomplete.so"})
        link_in(a, test_plugins + "/" + p, p);
    std::ofstream(a + "/cube-driver-junk.so") << "this is not a shared object\n";
    std::ofstream(a + "/README.txt") << "not named like a plugin: ignored\n";
    link_in(b, sim_plugin, "cube-driver-sim-copy.so");  // same name, later on the path
    setenv("CUBE_DRIVER_PATH", (a + ":" + scratch + "/missing:" + b).c_str(), 1);
    cube_driver_registry *r = nullptr;
    assert_int_equal(cube_driver_registry_new(nullptr, &r), CUBE_OK);
    unsetenv("CUBE_DRIVER_PATH");
    assert_int_equal(cube_driver_registry_count(r), 2);
    int i = index_of(r, "sim-plugin");
    assert_true(i >= 0);
    assert_string_equal(cube_driver_registry_path(r, i), (a + "/cube-driver-sim-plugin.so").c_str());
    assert_true(has_problem(r, "cube-driver-bad_abi.so", "driver ABI version 99, this libcube needs 1"));
    assert_true(has_problem(r, "cube-driver-junk.so", "not a loadable shared object"));
    assert_true(has_problem(r, "cube-driver-no_entry.so", "does not export cube_driver_entry"));
    assert_true(has_problem(r, "cube-driver-incomplete.so", "lacks the function open"));
    assert_true(has_problem(r, "cube-driver-sim-copy.so", "ignored"));
    assert_int_equal(cube_driver_registry_problem_count(r), 5);
    cube_driver_registry_free(r);
}

// Copies a file byte for byte (a real file, not a link, so that its own mode counts).
void copy_file(const std::string &from, const std::string &to) {
    std::ifstream in(from, std::ios::binary);
    std::ofstream out(to, std::ios::binary);
    out << in.rdbuf();
    assert_true(bool(out));
}

// Code others could have planted is never loaded: world-writable folders and files, relative folders.
void unsafe_plugin_locations_are_refused(void **) {
    std::string open_dir = scratch + "/world-writable", loose_dir = scratch + "/loose-file";
    link_in(open_dir, sim_plugin, "cube-driver-sim-plugin.so");
    assert_int_equal(chmod(open_dir.c_str(), 0777), 0);
    mkdir(loose_dir.c_str(), 0755);
    std::string loose = loose_dir + "/cube-driver-sim-plugin.so";
    copy_file(sim_plugin, loose);
    assert_int_equal(chmod(loose.c_str(), 0666), 0);
    std::string path = open_dir + ":" + loose_dir + ":relative/drivers";
    cube_driver_registry *r = nullptr;
    assert_int_equal(cube_driver_registry_new(path.c_str(), &r), CUBE_OK);
    assert_int_equal(cube_driver_registry_count(r), 1);
    assert_true(has_problem(r, "world-writable: refused", "no plugin there is loaded"));
    assert_true(has_problem(r, "loose-file/cube-driver-sim-plugin.so", "the file is world-writable"));
    assert_true(has_problem(r, "relative/drivers", "relative folder"));
    assert_int_equal(cube_driver_registry_problem_count(r), 3);
    cube_driver_registry_free(r);
}

// sim:speed out of range is refused at open: 1e-300 once overflowed the wait and ran instantly.
void sim_speed_out_of_range_is_refused(void **) {
    cube_driver_registry *r = nullptr;
    cube_driver *d = nullptr;
    assert_int_equal(cube_driver_registry_new("", &r), CUBE_OK);
    for (const char *uri : {"sim:speed=1e-300", "sim:speed=0.0009", "sim:speed=2e6", "sim:speed=-1", "sim:speed=nan"}) {
        assert_int_equal(cube_driver_open(r, uri, &d), CUBE_ERROR_INVALID_ARGUMENT);
        assert_null(d);
        assert_true(last_error_mentions("0.001 to 1000000"));
    }
    assert_int_equal(cube_driver_open(r, "sim:speed=0.001", &d), CUBE_OK);
    cube_driver_close(d);
    cube_driver_registry_free(r);
}

cube_plan *plan_for(const char *robot, const char *moves) {
    cube_robot *r = nullptr;
    cube_moves *m = nullptr;
    cube_plan *p = nullptr;
    assert_int_equal(cube_robot_parse(robot, &r), CUBE_OK);
    assert_int_equal(cube_moves_parse(moves, 3, &m), CUBE_OK);
    assert_int_equal(cube_plan_new(r, m, nullptr, &p), CUBE_OK);
    cube_moves_free(m);
    cube_robot_free(r);
    return p;
}

std::string query(cube_driver *d, const char *key) {
    char buf[128] = "";
    assert_int_equal(cube_driver_query(d, key, buf, sizeof buf, nullptr), CUBE_OK);
    return buf;
}

const char *const kSolution = "R U2 F' L D B2 R' U F2 D' L2 B U' R2 F";

void runs_and_solves(const char *uri, const char *robot) {
    cube_driver_registry *r = nullptr;
    cube_driver *d = nullptr;
    assert_int_equal(cube_driver_registry_new(sim_folder.c_str(), &r), CUBE_OK);
    assert_int_equal(cube_driver_open(r, uri, &d), CUBE_OK);
    cube_driver_registry_free(r);  // the driver keeps its plugin loaded
    cube_plan *p = plan_for(robot, kSolution);
    cube_run_report rep;
    cube_run_report_init(&rep);
    assert_int_equal(cube_driver_run(d, p, nullptr, nullptr, &rep), CUBE_OK);
    assert_int_equal(rep.actions_done, action_count(p));
    assert_int_equal(rep.plan_time_us, total_us(p));
    assert_string_equal(query(d, "solved").c_str(), "1");
    assert_string_equal(query(d, "time_us").c_str(), std::to_string(total_us(p)).c_str());
    cube_plan_free(p);
    cube_driver_close(d);
}

void sim_runs_plans_to_a_solved_cube(void **) {
    runs_and_solves("sim:speed=0", "four-arm");
    runs_and_solves("sim:model=two-gripper,speed=0", "two-gripper");
    runs_and_solves("sim:speed=0", "turntable-flipper");
    runs_and_solves("sim:speed=0", "six-motor");
    runs_and_solves("sim-plugin:model=four-arm,speed=0", "four-arm");
}

void sim_takes_at_least_the_plan_time(void **) {
    // six-motor plan of 15 moves, about 0.4 s of robot time, run 4 times faster: never quicker than that
    // (how much slower depends on the machine's load, so it is not checked).
    cube_driver_registry *r = nullptr;
    cube_driver *d = nullptr;
    cube_driver_registry_new("", &r);
    assert_int_equal(cube_driver_open(r, "sim:speed=4", &d), CUBE_OK);
    cube_plan *p = plan_for("six-motor", kSolution);
    auto t0 = std::chrono::steady_clock::now();
    assert_int_equal(cube_driver_run(d, p, nullptr, nullptr, nullptr), CUBE_OK);
    double s = std::chrono::duration<double>(std::chrono::steady_clock::now() - t0).count();
    double want = total_us(p) / 4e6;
    if (s < want * 0.95) print_error("took %.3f s, expected at least %.3f s\n", s, want);
    assert_true(s >= want * 0.95);
    cube_plan_free(p);
    cube_driver_close(d);
    cube_driver_registry_free(r);
}

void driver_errors_stop_the_run_and_say_how_far(void **) {
    cube_driver_registry *r = nullptr;
    cube_driver *d = nullptr;
    cube_driver_registry_new("", &r);
    assert_int_equal(cube_driver_open(r, "sim:speed=0,fail_after=5", &d), CUBE_OK);
    cube_plan *p = plan_for("four-arm", kSolution);
    cube_run_report rep;
    cube_run_report_init(&rep);
    assert_int_equal(cube_driver_run(d, p, nullptr, nullptr, &rep), CUBE_ERROR_IO);
    assert_true(last_error_mentions("injected failure"));
    assert_in_range(rep.actions_done, 3, 5);
    assert_int_equal(rep.status, CUBE_ERROR_IO);
    assert_string_equal(query(d, "solved").c_str(), "0");
    cube_plan_free(p);
    cube_driver_close(d);

    // A sim of another family refuses the plan before moving anything.
    assert_int_equal(cube_driver_open(r, "sim:model=six-motor,speed=0", &d), CUBE_OK);
    p = plan_for("four-arm", "R U");
    assert_int_equal(cube_driver_run(d, p, nullptr, nullptr, nullptr), CUBE_ERROR_INVALID_ARGUMENT);
    assert_true(last_error_mentions("six-motor"));
    cube_plan_free(p);
    cube_driver_close(d);

    assert_int_equal(cube_driver_open(r, "nosuch:x", &d), CUBE_ERROR_NOT_FOUND);
    assert_true(last_error_mentions("available: sim"));
    assert_int_equal(cube_driver_open(r, "sim:speed=fast", &d), CUBE_ERROR_INVALID_ARGUMENT);
    assert_true(last_error_mentions("speed"));
    assert_int_equal(cube_driver_open(r, "sim:model=nine-arm", &d), CUBE_ERROR_PARSE);
    cube_driver_registry_free(r);
}

void a_report_of_a_foreign_size_is_refused(void **) {
    cube_driver_registry *r = nullptr;
    cube_driver *d = nullptr;
    cube_driver_registry_new("", &r);
    assert_int_equal(cube_driver_open(r, "sim:speed=0", &d), CUBE_OK);
    cube_plan *p = plan_for("six-motor", "R U");
    cube_run_report rep;
    cube_run_report_init(&rep);
    rep.struct_size = 8;
    assert_int_equal(cube_driver_run(d, p, nullptr, nullptr, &rep), CUBE_ERROR_INVALID_ARGUMENT);
    assert_true(last_error_mentions("report->struct_size"));
    cube_plan_free(p);
    cube_driver_close(d);
    cube_driver_registry_free(r);
}

// Counts the actions done so far, for a thread that waits for the first one.
int32_t note_actions(void *ud, int32_t done, int32_t, int64_t) {
    static_cast<std::atomic<int32_t> *>(ud)->store(done);
    return 0;
}

void cancel_from_another_thread(void **) {
    cube_driver_registry *r = nullptr;
    cube_driver *d = nullptr;
    cube_driver_registry_new("", &r);
    assert_int_equal(cube_driver_open(r, "sim:speed=1", &d), CUBE_OK);
    cube_plan *p = plan_for("four-arm", kSolution);  // about 10 s of robot time
    std::atomic<int32_t> done{0};
    std::thread t([&] {
        // Cancels once the robot has moved (however slow the machine), then the run must stop.
        while (done.load() == 0) std::this_thread::sleep_for(std::chrono::milliseconds(5));
        cube_driver_cancel(d);
    });
    cube_run_report rep;
    cube_run_report_init(&rep);
    cube_status st = cube_driver_run(d, p, note_actions, &done, &rep);
    done.store(-1);  // a run that ended before its first action must not leave the thread waiting
    t.join();
    assert_int_equal(st, CUBE_ERROR_CANCELLED);
    assert_true(rep.actions_done > 0);
    assert_true(rep.actions_done < rep.action_count);
    cube_plan_free(p);
    cube_driver_close(d);
    cube_driver_registry_free(r);
}

int32_t stop_at_half(void *ud, int32_t done, int32_t total, int64_t) {
    *static_cast<int *>(ud) += 1;
    return done * 2 >= total;
}

void progress_reports_and_can_cancel(void **) {
    cube_driver_registry *r = nullptr;
    cube_driver *d = nullptr;
    cube_driver_registry_new("", &r);
    assert_int_equal(cube_driver_open(r, "sim:speed=0", &d), CUBE_OK);
    cube_plan *p = plan_for("two-gripper", kSolution);
    int calls = 0;
    cube_run_report rep;
    cube_run_report_init(&rep);
    assert_int_equal(cube_driver_run(d, p, stop_at_half, &calls, &rep), CUBE_ERROR_CANCELLED);
    assert_true(calls > 1);
    assert_true(rep.actions_done * 2 >= rep.action_count);
    assert_true(rep.actions_done < rep.action_count);
    cube_plan_free(p);
    cube_driver_close(d);
    cube_driver_registry_free(r);
}

}  // namespace

int main(int argc, char **argv) {
    if (argc < 3) {
        std::fprintf(stderr, "usage: test_driver SIM_PLUGIN_FILE TEST_PLUGIN_FOLDER [TEST_NAME_PATTERN]\n");
        return 2;
    }
    sim_plugin = argv[1];
    sim_folder = sim_plugin.substr(0, sim_plugin.rfind('/'));
    test_plugins = argv[2];
    if (argc > 3) cmocka_set_test_filter(argv[3]);
    char tmpl[] = "/tmp/cube-driver-test-XXXXXX";
    if (!mkdtemp(tmpl)) {
        std::perror("mkdtemp");
        return 1;
    }
    scratch = tmpl;
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(builtin_sim_is_always_there),
        cmocka_unit_test(plugins_load_or_are_refused_clearly),
        cmocka_unit_test(unsafe_plugin_locations_are_refused),
        cmocka_unit_test(sim_speed_out_of_range_is_refused),
        cmocka_unit_test(sim_runs_plans_to_a_solved_cube),
        cmocka_unit_test(sim_takes_at_least_the_plan_time),
        cmocka_unit_test(driver_errors_stop_the_run_and_say_how_far),
        cmocka_unit_test(a_report_of_a_foreign_size_is_refused),
        cmocka_unit_test(cancel_from_another_thread),
        cmocka_unit_test(progress_reports_and_can_cancel),
    };
    int rc = cmocka_run_group_tests(tests, nullptr, nullptr);
    std::system(("rm -rf '" + scratch + "'").c_str());
    return rc;
}
