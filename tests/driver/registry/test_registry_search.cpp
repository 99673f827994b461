// The registry's search path: the built-in sim, plugins found along $CUBE_DRIVER_PATH in name order, files
// that are not plugins, a driver name found twice, and locations others could have written (never loaded).
// Usage: test_registry_search SIM_PLUGIN_FILE
#include <cube/driver.h>

#include <sys/stat.h>
#include <unistd.h>

#include <cstdlib>
#include <cstring>
#include <fstream>
#include <string>

#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
extern "C" {
#include <cmocka.h>
}

namespace {

std::string sim_plugin;  // the sim built as a plugin (cube-driver-sim-plugin.so)
std::string scratch;     // a private folder for this run

void link_in(const std::string &dir, const std::string &from, const std::string &as) {
    mkdir(dir.c_str(), 0755);
    std::string to = dir + "/" + as;
    unlink(to.c_str());
    int linked = symlink(from.c_str(), to.c_str());
    if (linked != 0) print_error("cannot link %s\n", to.c_str());
    assert_int_equal(linked, 0);
}

// Copies a file byte for byte (a real file, not a link, so that its own mode counts).
void copy_file(const std::string &from, const std::string &to) {
    std::ifstream in(from, std::ios::binary);
    std::ofstream out(to, std::ios::binary);
    out << in.rdbuf();
    assert_true(bool(out));
}

bool has_problem(cube_driver_registry *r, const char *a, const char *b) {
    for (int32_t i = 0; i < cube_driver_registry_problem_count(r); ++i) {
        std::string p = cube_driver_registry_problem(r, i);
        if (p.find(a) != std::string::npos && p.find(b) != std::string::npos) return true;
    }
    print_error("no problem mentions \"%s\" and \"%s\"\n", a, b);
    return false;
}

int32_t index_of(cube_driver_registry *r, const char *name) {
    for (int32_t i = 0; i < cube_driver_registry_count(r); ++i)
        if (std::string(cube_driver_registry_name(r, i)) == name) return i;
    return -1;
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

void search_path_finds_plugins_and_reports_the_rest(void **) {
    std::string a = scratch + "/a", b = scratch + "/b";
    link_in(a, sim_plugin, "cube-driver-sim-plugin.so");
    std::ofstream(a + "/cube-driver-junk.so") << "this is not a shared object\n";
    std::ofstream(a + "/README.txt") << "not named like a plugin: ignored\n";
    link_in(b, sim_plugin, "cube-driver-sim-copy.so");  // the same driver name, later on the path
    setenv("CUBE_DRIVER_PATH", (a + ":" + scratch + "/missing:" + b).c_str(), 1);
    cube_driver_registry *r = nullptr;
    assert_int_equal(cube_driver_registry_new(nullptr, &r), CUBE_OK);
    unsetenv("CUBE_DRIVER_PATH");
    assert_int_equal(cube_driver_registry_count(r), 2);
    int32_t i = index_of(r, "sim-plugin");
    assert_true(i >= 0);
    assert_string_equal(cube_driver_registry_path(r, i), (a + "/cube-driver-sim-plugin.so").c_str());
    assert_true(has_problem(r, "cube-driver-junk.so", "not a loadable shared object"));
    assert_true(has_problem(r, "cube-driver-sim-copy.so", "ignored"));
    assert_int_equal(cube_driver_registry_problem_count(r), 2);
    cube_driver *d = nullptr;
    assert_int_equal(cube_driver_open(r, "nosuch:x", &d), CUBE_ERROR_NOT_FOUND);
    assert_null(d);
    assert_non_null(std::strstr(cube_last_error(), "available: sim, sim-plugin"));
    cube_driver_registry_free(r);
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

}  // namespace

int main(int argc, char **argv) {
    if (argc < 2) {
        print_error("usage: test_registry_search SIM_PLUGIN_FILE\n");
        return 2;
    }
    sim_plugin = argv[1];
    char dir[] = "/tmp/cube-registry-search-XXXXXX";
    if (!mkdtemp(dir)) return 2;
    scratch = dir;
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(builtin_sim_is_always_there),
        cmocka_unit_test(search_path_finds_plugins_and_reports_the_rest),
        cmocka_unit_test(unsafe_plugin_locations_are_refused),
    };
    int failed = cmocka_run_group_tests(tests, nullptr, nullptr);
    std::string cleanup = "rm -rf '" + scratch + "'";
    if (std::system(cleanup.c_str()) != 0) print_error("could not remove %s\n", scratch.c_str());
    return failed;
}
