// Drivers: the registry (good and refused plugins, duplicates), the sim driver built in and as a
// plugin, and running plans: solved at the end, errors stop the robot, cancellation from a thread.
// Usage: test_driver SIM_PLUGIN_FILE TEST_PLUGIN_FOLDER [TEST]
#include <cube/driver.h>

#include <sys/stat.h>
#include <unistd.h>

#include <atomic>
#include <chrono>
#include <cstdlib>
#include <fstream>
#include <thread>

#include "check.hpp"

static std::string sim_plugin;    // the sim built as a plugin (cube-driver-sim-plugin.so)
static std::string sim_folder;    // its folder
static std::string test_plugins;  // folder of the refused test plugins
static std::string scratch;       // a private folder for this run

static void link_in(const std::string &dir, const std::string &from, const std::string &as) {
    mkdir(dir.c_str(), 0755);
    std::string to = dir + "/" + as;
    unlink(to.c_str());
    if (symlink(from.c_str(), to.c_str()) != 0) std::printf("  cannot link %s\n", to.c_str());
}

static bool has_problem(cube_driver_registry *r, const char *a, const char *b) {
    for (int i = 0; i < cube_driver_registry_problem_count(r); ++i) {
        std::string p = cube_driver_registry_problem(r, i);
        if (p.find(a) != std::string::npos && p.find(b) != std::string::npos) return true;
    }
    std::printf("  no problem mentions \"%s\" and \"%s\"\n", a, b);
    return false;
}

static int index_of(cube_driver_registry *r, const char *name) {
    for (int i = 0; i < cube_driver_registry_count(r); ++i)
        if (std::string(cube_driver_registry_name(r, i)) == name) return i;
    return -1;
}

TEST(builtin_sim_is_always_there) {
    cube_driver_registry *r = nullptr;
    CHECK_EQ(cube_driver_registry_new("", &r), CUBE_OK);
    CHECK_EQ(cube_driver_registry_count(r), 1);
    CHECK(std::string(cube_driver_registry_name(r, 0)) == "sim");
    CHECK(std::string(cube_driver_registry_path(r, 0)) == "(built-in)");
    CHECK_EQ(cube_driver_registry_problem_count(r), 0);
    CHECK(cube_driver_registry_name(r, 1) == nullptr);
    cube_driver_registry_free(r);
}

TEST(plugins_load_or_are_refused_clearly) {
    std::string a = scratch + "/a", b = scratch + "/b";
    link_in(a, sim_plugin, "cube-driver-sim-plugin.so");
    for (const char *p : {"cube-driver-bad_abi.so", "cube-driver-no_entry.so", "cube-driver-incomplete.so"})
        link_in(a, test_plugins + "/" + p, p);
    std::ofstream(a + "/cube-driver-junk.so") << "this is not a shared object\n";
    std::ofstream(a + "/README.txt") << "not named like a plugin: ignored\n";
    link_in(b, sim_plugin, "cube-driver-sim-copy.so");  // same name, later on the path
    setenv("CUBE_DRIVER_PATH", (a + ":" + scratch + "/missing:" + b).c_str(), 1);
    cube_driver_registry *r = nullptr;
    CHECK_EQ(cube_driver_registry_new(nullptr, &r), CUBE_OK);
    CHECK_EQ(cube_driver_registry_count(r), 2);
    int i = index_of(r, "sim-plugin");
    CHECK(i >= 0);
    if (i >= 0) CHECK(std::string(cube_driver_registry_path(r, i)) == a + "/cube-driver-sim-plugin.so");
    CHECK(has_problem(r, "cube-driver-bad_abi.so", "driver ABI version 99, this libcube needs 1"));
    CHECK(has_problem(r, "cube-driver-junk.so", "not a loadable shared object"));
    CHECK(has_problem(r, "cube-driver-no_entry.so", "does not export cube_driver_entry"));
    CHECK(has_problem(r, "cube-driver-incomplete.so", "lacks the function open"));
    CHECK(has_problem(r, "cube-driver-sim-copy.so", "ignored"));
    CHECK_EQ(cube_driver_registry_problem_count(r), 5);
    cube_driver_registry_free(r);
    unsetenv("CUBE_DRIVER_PATH");
}

static cube_plan *plan_for(const char *robot, const char *moves) {
    cube_robot *r = nullptr;
    cube_moves *m = nullptr;
    cube_plan *p = nullptr;
    CHECK_EQ(cube_robot_parse(robot, &r), CUBE_OK);
    CHECK_EQ(cube_moves_parse(moves, 3, &m), CUBE_OK);
    CHECK_EQ(cube_plan_new(r, m, nullptr, &p), CUBE_OK);
    cube_moves_free(m);
    cube_robot_free(r);
    return p;
}

static std::string query(cube_driver *d, const char *key) {
    char buf[128] = "";
    CHECK_EQ(cube_driver_query(d, key, buf, sizeof buf, nullptr), CUBE_OK);
    return buf;
}

static const char *kSolution = "R U2 F' L D B2 R' U F2 D' L2 B U' R2 F";

static void runs_and_solves(const char *uri, const char *robot) {
    cube_driver_registry *r = nullptr;
    cube_driver *d = nullptr;
    CHECK_EQ(cube_driver_registry_new(sim_folder.c_str(), &r), CUBE_OK);
    CHECK_EQ(cube_driver_open(r, uri, &d), CUBE_OK);
    cube_driver_registry_free(r);  // the driver keeps its plugin loaded
    cube_plan *p = plan_for(robot, kSolution);
    cube_run_report rep;
    cube_run_report_init(&rep);
    CHECK_EQ(cube_driver_run(d, p, nullptr, nullptr, &rep), CUBE_OK);
    CHECK_EQ(rep.actions_done, cube_plan_action_count(p));
    CHECK_EQ(rep.plan_time_us, cube_plan_total_us(p));
    CHECK(query(d, "solved") == "1");
    CHECK(query(d, "time_us") == std::to_string(cube_plan_total_us(p)));
    cube_plan_free(p);
    cube_driver_close(d);
}

TEST(sim_runs_plans_to_a_solved_cube) {
    runs_and_solves("sim:speed=0", "four-arm");
    runs_and_solves("sim:model=two-gripper,speed=0", "two-gripper");
    runs_and_solves("sim:speed=0", "turntable-flipper");
    runs_and_solves("sim:speed=0", "six-motor");
    runs_and_solves("sim-plugin:model=four-arm,speed=0", "four-arm");
}

TEST(sim_honours_timing) {
    // six-motor plan of 15 moves, about 0.4 s of robot time, run 4 times faster.
    cube_driver_registry *r = nullptr;
    cube_driver *d = nullptr;
    cube_driver_registry_new("", &r);
    CHECK_EQ(cube_driver_open(r, "sim:speed=4", &d), CUBE_OK);
    cube_plan *p = plan_for("six-motor", kSolution);
    auto t0 = std::chrono::steady_clock::now();
    CHECK_EQ(cube_driver_run(d, p, nullptr, nullptr, nullptr), CUBE_OK);
    double s = std::chrono::duration<double>(std::chrono::steady_clock::now() - t0).count();
    double want = cube_plan_total_us(p) / 4e6;
    if (!(s >= want * 0.95 && s < want + 0.5)) std::printf("  took %.3f s, expected about %.3f s\n", s, want);
    CHECK(s >= want * 0.95 && s < want + 0.5);
    cube_plan_free(p);
    cube_driver_close(d);
    cube_driver_registry_free(r);
}

TEST(driver_errors_stop_the_run_and_say_how_far) {
    cube_driver_registry *r = nullptr;
    cube_driver *d = nullptr;
    cube_driver_registry_new("", &r);
    CHECK_EQ(cube_driver_open(r, "sim:speed=0,fail_after=5", &d), CUBE_OK);
    cube_plan *p = plan_for("four-arm", kSolution);
    cube_run_report rep;
    cube_run_report_init(&rep);
    CHECK_EQ(cube_driver_run(d, p, nullptr, nullptr, &rep), CUBE_ERROR_IO);
    CHECK(std::string(cube_last_error()).find("injected failure") != std::string::npos);
    CHECK(rep.actions_done <= 5 && rep.actions_done >= 3);
    CHECK_EQ(rep.status, CUBE_ERROR_IO);
    CHECK(query(d, "solved") == "0");
    cube_plan_free(p);
    cube_driver_close(d);

    // A sim of another family refuses the plan before moving anything.
    CHECK_EQ(cube_driver_open(r, "sim:model=six-motor,speed=0", &d), CUBE_OK);
    p = plan_for("four-arm", "R U");
    CHECK_EQ(cube_driver_run(d, p, nullptr, nullptr, nullptr), CUBE_ERROR_INVALID_ARGUMENT);
    CHECK(std::string(cube_last_error()).find("six-motor") != std::string::npos);
    cube_plan_free(p);
    cube_driver_close(d);

    CHECK_EQ(cube_driver_open(r, "nosuch:x", &d), CUBE_ERROR_NOT_FOUND);
    CHECK(std::string(cube_last_error()).find("available: sim") != std::string::npos);
    CHECK_EQ(cube_driver_open(r, "sim:speed=fast", &d), CUBE_ERROR_INVALID_ARGUMENT);
    CHECK(std::string(cube_last_error()).find("speed") != std::string::npos);
    CHECK_EQ(cube_driver_open(r, "sim:model=nine-arm", &d), CUBE_ERROR_PARSE);
    cube_driver_registry_free(r);
}

TEST(cancel_from_another_thread) {
    cube_driver_registry *r = nullptr;
    cube_driver *d = nullptr;
    cube_driver_registry_new("", &r);
    CHECK_EQ(cube_driver_open(r, "sim:speed=1", &d), CUBE_OK);
    cube_plan *p = plan_for("four-arm", kSolution);  // about 10 s of robot time
    std::thread t([&] {
        std::this_thread::sleep_for(std::chrono::milliseconds(300));
        cube_driver_cancel(d);
    });
    auto t0 = std::chrono::steady_clock::now();
    cube_run_report rep;
    cube_run_report_init(&rep);
    CHECK_EQ(cube_driver_run(d, p, nullptr, nullptr, &rep), CUBE_ERROR_CANCELLED);
    double s = std::chrono::duration<double>(std::chrono::steady_clock::now() - t0).count();
    t.join();
    CHECK(s < 0.6);
    CHECK(rep.actions_done > 0 && rep.actions_done < rep.action_count);
    cube_plan_free(p);
    cube_driver_close(d);
    cube_driver_registry_free(r);
}

static int32_t stop_at_half(void *ud, int32_t done, int32_t total, int64_t) {
    *static_cast<int *>(ud) += 1;
    return done * 2 >= total;
}

TEST(progress_reports_and_can_cancel) {
    cube_driver_registry *r = nullptr;
    cube_driver *d = nullptr;
    cube_driver_registry_new("", &r);
    CHECK_EQ(cube_driver_open(r, "sim:speed=0", &d), CUBE_OK);
    cube_plan *p = plan_for("two-gripper", kSolution);
    int calls = 0;
    cube_run_report rep;
    cube_run_report_init(&rep);
    CHECK_EQ(cube_driver_run(d, p, stop_at_half, &calls, &rep), CUBE_ERROR_CANCELLED);
    CHECK(calls > 1);
    CHECK(rep.actions_done * 2 >= rep.action_count && rep.actions_done < rep.action_count);
    cube_plan_free(p);
    cube_driver_close(d);
    cube_driver_registry_free(r);
}

int main(int argc, char **argv) {
    if (argc < 3) {
        std::fprintf(stderr, "usage: test_driver SIM_PLUGIN_FILE TEST_PLUGIN_FOLDER [TEST]\n");
        return 2;
    }
    sim_plugin = argv[1];
    sim_folder = sim_plugin.substr(0, sim_plugin.rfind('/'));
    test_plugins = argv[2];
    char tmpl[] = "/tmp/cube-driver-test-XXXXXX";
    scratch = mkdtemp(tmpl);
    int rc = rt::run_all(argc - 2, argv + 2);
    std::system(("rm -rf '" + scratch + "'").c_str());
    return rc;
}
