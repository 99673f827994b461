// cube_tables_generate() on a disk that fills up part-way through the write (a file size limit in a
// child process stands for it): the call fails with CUBE_ERROR_IO, says why, and leaves no table file,
// temporary file or lock file. The build is the suite's tables copied (lc::twophase::stand_in_for_builds):
// what is tested is the write.
#include <cstdio>
#include <cstring>

#include <cube/solver.h>

#include "../fault/fault_injection.hpp"
#include "helpers.hpp"
#include "twophase/tables.hpp"

#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <setjmp.h>
extern "C" {
#include <cmocka.h>
}

namespace {

// Room for the lock file and the first 64 MB of the 320 MB file.
constexpr uint64_t kFreeSpace = uint64_t{64} << 20;

void generate_on_a_full_disk_fails_and_leaves_nothing(void **) {
    std::string dir = fault::make_temp_dir();
    assert_false(dir.empty());
    lc::twophase::stand_in_for_builds(tp_test::shared_tables());
    fault::Limits full_disk;
    full_disk.file_size = kFreeSpace;
    full_disk.watchdog_s = 280;
    fault::ChildEnd end = fault::run_in_child(full_disk, [&] {
        cube_tables_options options;
        cube_tables_options_init(&options);
        options.table_dir = dir.c_str();
        return fault::full_disk_answer("generate", cube_tables_generate(&options));
    });
    assert_true(end.exited);
    assert_int_equal(end.code, 0);
    assert_int_equal(fault::names_in(dir).size(), 0);
    fault::remove_dir(dir);
}

}  // namespace

int main() {
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(generate_on_a_full_disk_fails_and_leaves_nothing),
    };
    return cmocka_run_group_tests(tests, nullptr, nullptr);
}
