// What is at the table path is checked before it is read: a file of the wrong size (a sparse 64 GB
// file) is refused from its header and size alone, without mapping or reading its body; a named pipe
// is refused without blocking, and neither read nor replaced; a table folder that is a file fails
// cube_tables_generate() before anything is built.
#include <fcntl.h>
#include <sys/stat.h>
#include <unistd.h>

#include <cstdio>
#include <cstring>
#include <string>
#include <vector>

#include <cube/solver.h>

#include "../fault/fault_injection.hpp"
#include "table_dirs.hpp"

#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <setjmp.h>
extern "C" {
#include <cmocka.h>
}

namespace {

constexpr uint64_t kHugeSize = uint64_t{64} << 30;  // 64 GB, sparse
// Far less address space than the file's size: a load that mapped (or read) the body would fail.
constexpr uint64_t kSmallAddressSpace = uint64_t{2} << 30;

// A sparse file of `size` bytes at `path` that starts with `head`.
bool make_sparse_file(const std::string &path, const std::string &head, uint64_t size) {
    int fd = open(path.c_str(), O_WRONLY | O_CREAT | O_TRUNC, 0644);
    if (fd < 0) return false;
    bool ok = write(fd, head.data(), head.size()) == static_cast<ssize_t>(head.size());
    ok = ok && ftruncate(fd, static_cast<off_t>(size)) == 0;
    return close(fd) == 0 && ok;
}

// The first 4 KiB (the header) of the suite's good table file.
std::string good_header() {
    std::string head(lc::tablefile::kHeaderSize, '\0');
    int fd = open(tp_test::shared_table_path().c_str(), O_RDONLY);
    assert_true(fd >= 0);
    assert_int_equal(read(fd, &head[0], head.size()), static_cast<ssize_t>(head.size()));
    close(fd);
    return head;
}

// cube_tables_verify() in a child with little address space; 0 if it said CORRUPT naming `needle`.
int verify_in_small_address_space(const std::string &dir, const std::string &needle) {
    fault::Limits limits;
    limits.address_space = kSmallAddressSpace;
    fault::ChildEnd end = fault::run_in_child(limits, [&] {
        cube_status st = cube_tables_verify(dir.c_str());
        std::printf("verify: %s: %s\n", cube_status_name(st), cube_last_error());
        if (st != CUBE_ERROR_CORRUPT) return 1;
        return std::strstr(cube_last_error(), needle.c_str()) ? 0 : 2;
    });
    return end.exited ? end.code : 100 + end.signal;
}

// A 64 GB file with a good header: refused for its size before its body is touched. (Before the
// check came first, the file was mapped whole: with 2 GB of address space the map failed with
// CUBE_ERROR_IO, and without a limit it took 26 s and 20 GB.)
void oversized_file_is_refused_by_its_size(void **) {
    std::string dir = fault::make_temp_dir(), path = lc::twophase::table_file_path(dir);
    assert_true(make_sparse_file(path, good_header(), kHugeSize));
    std::string sizes = "has trailing data (" + std::to_string(kHugeSize) + " bytes, expected ";
    assert_int_equal(verify_in_small_address_space(dir, sizes), 0);
    fault::remove_dir(dir);
}

// A 64 GB file of zeros: not a table file, said at once, with its size.
void oversized_file_of_zeros_is_refused_at_once(void **) {
    std::string dir = fault::make_temp_dir(), path = lc::twophase::table_file_path(dir);
    assert_true(make_sparse_file(path, "", kHugeSize));
    std::string what = "is not a libcube table file (" + std::to_string(kHugeSize) + " bytes)";
    assert_int_equal(verify_in_small_address_space(dir, what), 0);
    fault::remove_dir(dir);
}

// A good header on a file one section too short: truncated, with both sizes.
void short_file_is_refused_by_its_size(void **) {
    std::string dir = fault::make_temp_dir(), path = lc::twophase::table_file_path(dir);
    assert_true(make_sparse_file(path, good_header(), lc::tablefile::kHeaderSize + 100));
    assert_int_equal(cube_tables_verify(dir.c_str()), CUBE_ERROR_CORRUPT);
    std::printf("verify: %s\n", cube_last_error());
    assert_non_null(std::strstr(cube_last_error(), "is truncated (4196 bytes, expected "));
    fault::remove_dir(dir);
}

// Whether `message` says the table file is a named pipe.
bool names_the_pipe(const char *message) {
    std::printf("%s\n", message);
    return std::strstr(message, "is a named pipe, not a regular file") != nullptr;
}

// A named pipe at the table path: verify, a solver and generate each fail with CUBE_ERROR_IO at once
// (a watchdog kills the child if one blocks, as the open did before), and the pipe stays as it was.
void named_pipe_is_refused_without_blocking(void **) {
    std::string dir = fault::make_temp_dir(), path = lc::twophase::table_file_path(dir);
    assert_int_equal(mkfifo(path.c_str(), 0644), 0);
    fault::Limits limits;
    limits.watchdog_s = 20;
    fault::ChildEnd end = fault::run_in_child(limits, [&] {
        if (cube_tables_verify(dir.c_str()) != CUBE_ERROR_IO || !names_the_pipe(cube_last_error())) return 1;
        cube_solver_config config;
        cube_solver_config_init(&config);
        config.table_policy = CUBE_TABLES_FULL;  // prepare() waits for the load, and returns its error
        config.table_dir = dir.c_str();
        cube_solver *solver = nullptr;
        if (cube_solver_new(&config, &solver) != CUBE_OK) return 2;
        cube_status prepared = cube_solver_prepare(solver, 3, nullptr);
        cube_solver_free(solver);
        if (prepared != CUBE_ERROR_IO || !names_the_pipe(cube_last_error())) return 3;
        cube_tables_options options;
        cube_tables_options_init(&options);
        options.table_dir = dir.c_str();
        if (cube_tables_generate(&options) != CUBE_ERROR_IO || !names_the_pipe(cube_last_error())) return 4;
        return 0;
    });
    assert_true(end.exited);
    assert_int_equal(end.code, 0);
    struct stat st;
    assert_int_equal(stat(path.c_str(), &st), 0);
    assert_true(S_ISFIFO(st.st_mode));
    assert_int_equal(fault::names_in(dir).size(), 1);  // no lock or temporary file either
    fault::remove_dir(dir);
}

// Stops a job at its first build stage (a build that should not have begun).
int32_t stop_at_build(void *user, const cube_progress *p) {
    bool building = p->event == CUBE_PROGRESS_STAGE && std::strcmp(p->stage, "checking table file") != 0;
    if (building) *static_cast<bool *>(user) = true;
    return building;
}

// A table folder that is a file: nothing can be saved, so generate fails with CUBE_ERROR_IO before it
// builds (before, the build ran and only its write failed).
void folder_that_is_a_file_fails_before_building(void **) {
    std::string dir = fault::make_temp_dir(), file = dir + "/not-a-folder";
    assert_true(make_sparse_file(file, "x", 1));
    bool built = false;
    cube_tables_options options;
    cube_tables_options_init(&options);
    options.table_dir = file.c_str();
    options.progress = stop_at_build;
    options.progress_user_data = &built;
    assert_int_equal(cube_tables_generate(&options), CUBE_ERROR_IO);
    std::printf("generate: %s\n", cube_last_error());
    assert_non_null(std::strstr(cube_last_error(), "is a regular file, not a folder"));
    assert_false(built);
    assert_int_equal(fault::names_in(dir).size(), 1);
    fault::remove_dir(dir);
}

}  // namespace

int main() {
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(oversized_file_is_refused_by_its_size),
        cmocka_unit_test(oversized_file_of_zeros_is_refused_at_once),
        cmocka_unit_test(short_file_is_refused_by_its_size),
        cmocka_unit_test(named_pipe_is_refused_without_blocking),
        cmocka_unit_test(folder_that_is_a_file_fails_before_building),
    };
    return cmocka_run_group_tests(tests, nullptr, nullptr);
}
