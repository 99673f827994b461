// Table files that travel between byte orders, and the memory a build needs. The header's byte-order mark
// is checked right after the magic: a file of the other byte order (made here by flipping the mark of a
// copy of the suite's file) is passed over with a notice that says so, never called damaged, never
// rebuilt over; this machine's file is used or built beside it under its own name. An unknown mark is
// damage. Files written before the mark existed (a zero tail) still load. The auto policy builds only
// when the memory available (overridden by CUBE_TEST_MEM_AVAILABLE_KB here) allows it.
#include <fcntl.h>
#include <sys/stat.h>
#include <unistd.h>

#include <algorithm>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <functional>
#include <string>
#include <vector>

#include <cube/solver.h>

#include "../fault/fault_injection.hpp"
#include "helpers.hpp"
#include "platform/available_memory.hpp"
#include "reports.hpp"
#include "tablefile/table_file.hpp"
#include "twophase/table_search.hpp"
#include "twophase/tables.hpp"
#include "twophase/twophase.hpp"

#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <setjmp.h>
extern "C" {
#include <cmocka.h>
}

namespace {

namespace tf = lc::tablefile;
namespace tp = lc::twophase;
using tp_test::Reports;

const std::string &shared_file() {
    static const std::string path = tp::table_file_path(tp::default_table_dir());
    return path;
}

std::string table_path(const std::string &dir) { return tp::table_file_path(dir); }

using Bytes = std::vector<unsigned char>;

Bytes read_header(const std::string &path) {
    Bytes h(tf::kHeaderSize);
    int fd = open(path.c_str(), O_RDONLY);
    assert_true(fd >= 0);
    assert_int_equal(pread(fd, h.data(), h.size(), 0), static_cast<ssize_t>(h.size()));
    close(fd);
    return h;
}

off_t size_of(const std::string &path) {
    struct stat st;
    assert_int_equal(stat(path.c_str(), &st), 0);
    return st.st_size;
}

// A sparse copy of the suite's file: its header edited by `edit`, then holes of the file's size.
void header_copy(const std::string &to, const std::function<void(Bytes &)> &edit) {
    Bytes h = read_header(shared_file());
    edit(h);
    int fd = open(to.c_str(), O_WRONLY | O_CREAT | O_EXCL, 0644);
    assert_true(fd >= 0);
    assert_int_equal(write(fd, h.data(), h.size()), static_cast<ssize_t>(h.size()));
    assert_int_equal(ftruncate(fd, size_of(shared_file())), 0);
    close(fd);
}

void flip_mark(Bytes &h) {
    auto mark = h.begin() + tf::kByteOrderMarkOffset;
    std::reverse(mark, mark + 4);
}

void set_mark(Bytes &h, uint32_t mark) { std::memcpy(h.data() + tf::kByteOrderMarkOffset, &mark, 4); }

// A header as libcube wrote it before the mark existed: the tail after the header checksum is zero.
void zero_tail(Bytes &h) { std::fill(h.begin() + tf::kByteOrderMarkOffset, h.end(), 0); }

// "made on a big-endian machine" on a little-endian one, and the other way round.
std::string other_machine() {
    return std::string("made on a ") + tf::byte_order_name(!tf::big_endian_machine()) + " machine";
}

cube_status probe(const std::string &path, std::string &why) {
    return tf::probe_file(path, tp::kTableKind, tp::section_sizes(), &why);
}

cube_status map(const std::string &path, std::string &why) {
    std::unique_ptr<tf::Blob> blob;
    return tf::map_file(path, tp::kTableKind, tp::section_sizes(), blob, &why);
}

bool contains(const std::string &text, const std::string &part) { return text.find(part) != std::string::npos; }

// The mark's values; what seal() writes (the mark in this machine's order and its word sizes); and the
// suite's file, which may come from another machine of this byte order (scripts/test-cross.sh copies the
// x86-64 file for a 32-bit one: the sections hold fixed-width numbers only).
void mark_values_and_header(void **) {
    assert_true(tf::origin_of(tf::kByteOrderMark, tf::Origin::kUnknown) == tf::Origin::kNative);
    assert_true(tf::origin_of(__builtin_bswap32(tf::kByteOrderMark), tf::Origin::kUnknown) == tf::Origin::kOtherOrder);
    assert_true(tf::origin_of(0, tf::Origin::kNative) == tf::Origin::kNative);
    assert_true(tf::origin_of(0, tf::Origin::kOtherOrder) == tf::Origin::kOtherOrder);
    assert_true(tf::origin_of(0xdeadbeef, tf::Origin::kNative) == tf::Origin::kUnknown);
    const std::vector<uint64_t> sizes{64};
    auto sealed = tf::Blob::allocate(tf::layout(sizes).back());
    assert_true(tf::seal(*sealed, tp::kTableKind, sizes));
    uint32_t mark = 0;
    uint16_t pointer_bytes = 0, size_bytes = 0;
    std::memcpy(&mark, sealed->data() + tf::kByteOrderMarkOffset, 4);
    std::memcpy(&pointer_bytes, sealed->data() + tf::kByteOrderMarkOffset + 4, 2);
    std::memcpy(&size_bytes, sealed->data() + tf::kByteOrderMarkOffset + 6, 2);
    assert_int_equal(mark, tf::kByteOrderMark);
    assert_int_equal(pointer_bytes, sizeof(void *));
    assert_int_equal(size_bytes, sizeof(size_t));
    Bytes h = read_header(shared_file());
    std::memcpy(&mark, h.data() + tf::kByteOrderMarkOffset, 4);
    std::memcpy(&pointer_bytes, h.data() + tf::kByteOrderMarkOffset + 4, 2);
    assert_int_equal(mark, tf::kByteOrderMark);
    assert_true(pointer_bytes == 4 || pointer_bytes == 8);
    bool big = tp::table_file_name() != "twophase3x3-v2.tbl";
    assert_true(big == tf::big_endian_machine());
    assert_string_equal(tp::table_file_name_for(false).c_str(), "twophase3x3-v2.tbl");
    assert_string_equal(tp::table_file_name_for(true).c_str(), "twophase3x3-v2-be.tbl");
}

// A file whose mark says the other byte order: sound for that machine, so "made on a ... machine"
// (CUBE_ERROR_UNSUPPORTED), not damaged; checked before any checksum (the copy's sections are holes).
void other_order_is_not_damaged(void **) {
    std::string dir = fault::make_temp_dir(), path = table_path(dir);
    header_copy(path, flip_mark);
    std::string why;
    assert_int_equal(probe(path, why), CUBE_ERROR_UNSUPPORTED);
    std::printf("probe: %s\n", why.c_str());
    assert_true(contains(why, other_machine()));
    assert_false(contains(why, "damaged") || contains(why, "corrupt"));
    why.clear();
    assert_int_equal(map(path, why), CUBE_ERROR_UNSUPPORTED);
    assert_true(contains(why, other_machine()));
    assert_int_equal(tp_test::verify_status(path), CUBE_ERROR_UNSUPPORTED);
    // A file from before the mark, written by a machine of the other order: its section count tells.
    unlink(path.c_str());
    header_copy(path, [](Bytes &h) {
        zero_tail(h);
        std::reverse(h.begin() + 24, h.begin() + 32);  // the section count, in the other order
    });
    assert_int_equal(probe(path, why), CUBE_ERROR_UNSUPPORTED);
    assert_true(contains(why, other_machine()));
    fault::remove_dir(dir);
}

// Bad marks and headers are damage, each with its reason.
void bad_marks_are_damage(void **) {
    std::string dir = fault::make_temp_dir(), path = table_path(dir);
    struct Case {
        std::function<void(Bytes &)> edit;
        const char *says;
    } cases[] = {
        {[](Bytes &h) { set_mark(h, 0xdeadbeef); }, "has a damaged header (unknown byte-order mark 0xdeadbeef)"},
        {[](Bytes &h) { set_mark(h, 0x01020403); }, "unknown byte-order mark"},
        {[](Bytes &h) { h[tf::kByteOrderMarkOffset + 4] ^= 1; }, "has a damaged header (checksum mismatch)"},
        {[](Bytes &h) { h[tf::kByteOrderMarkOffset + 8] ^= 1; }, "has a damaged header (checksum mismatch)"},
        {[](Bytes &h) { h[40] ^= 1; }, "has a damaged header (checksum mismatch)"},
        {[](Bytes &h) {
             zero_tail(h);
             h[24] = 0x40, h[31] = 0x40;  // a section count that is large in either order
         },
         "has a damaged header"},
    };
    for (const Case &c : cases) {
        header_copy(path, c.edit);
        std::string why;
        assert_int_equal(probe(path, why), CUBE_ERROR_CORRUPT);
        std::printf("%s\n", why.c_str());
        assert_true(contains(why, c.says));
        unlink(path.c_str());
    }
    fault::remove_dir(dir);
}

// A file written before the mark existed (the same content, the header's tail zero) loads as before.
void unmarked_files_still_load(void **) {
    std::string dir = fault::make_temp_dir(), path = table_path(dir);
    int in = open(shared_file().c_str(), O_RDONLY), out = open(path.c_str(), O_WRONLY | O_CREAT | O_EXCL, 0644);
    assert_true(in >= 0 && out >= 0);
    std::vector<char> piece(8 << 20);
    for (;;) {
        ssize_t n = read(in, piece.data(), piece.size());
        assert_true(n >= 0);
        if (n == 0) break;
        assert_int_equal(write(out, piece.data(), static_cast<size_t>(n)), n);
    }
    Bytes h = read_header(shared_file());
    zero_tail(h);
    assert_int_equal(pwrite(out, h.data(), h.size(), 0), static_cast<ssize_t>(h.size()));
    close(in);
    close(out);
    std::string why;
    assert_int_equal(map(path, why), CUBE_OK);
    fault::remove_dir(dir);
}

// Sets an environment variable for one test.
struct EnvSet {
    std::string name;
    EnvSet(const char *n, const std::string &value) : name(n) { setenv(n, value.c_str(), 1); }
    ~EnvSet() { unsetenv(name.c_str()); }
};

// Three folders for the search path: $CUBE_TABLE_DIR, $XDG_CACHE_HOME and the system folder.
struct ThreeFolders {
    std::string chosen = fault::make_temp_dir(), xdg = fault::make_temp_dir(), system = fault::make_temp_dir();
    std::string cache = xdg + "/libcube";
    std::string saved = tp::default_table_dir();
    ThreeFolders() {
        setenv("CUBE_TABLE_DIR", chosen.c_str(), 1);
        setenv("XDG_CACHE_HOME", xdg.c_str(), 1);
        setenv("CUBE_SYSTEM_TABLE_DIR", system.c_str(), 1);
    }
    ~ThreeFolders() {
        setenv("CUBE_TABLE_DIR", saved.c_str(), 1);
        unsetenv("XDG_CACHE_HOME");
        unsetenv("CUBE_SYSTEM_TABLE_DIR");
        fault::remove_dir(cache);
        for (const std::string &dir : {chosen, xdg, system}) fault::remove_dir(dir);
    }
};

std::string path_for(const char *table_dir) {
    char path[4096];
    assert_int_equal(cube_tables_path(table_dir, path, sizeof path, nullptr), CUBE_OK);
    return path;
}

bool no_notice_says_damaged(Reports &reports) {
    std::string all = reports.all_notices();
    return !contains(all, "damaged") && !contains(all, "corrupt") && !contains(all, "rebuilding");
}

// The other order's file under this machine's name, before a good file: passed over with its notice
// (not damaged), left as it was; the good file is used, and a build would save elsewhere.
void other_order_file_is_passed_over(void **) {
    ThreeFolders f;
    header_copy(table_path(f.chosen), flip_mark);
    Bytes before = read_header(table_path(f.chosen));
    assert_int_equal(link(shared_file().c_str(), table_path(f.system).c_str()), 0);
    assert_string_equal(path_for(nullptr).c_str(), table_path(f.system).c_str());
    Reports reports;
    cube_solver *solver = tp_test::new_solver(CUBE_TABLES_FULL, "", &reports);
    assert_int_equal(cube_solver_prepare(solver, 3, nullptr), CUBE_OK);
    cube_solver_free(solver);
    std::printf("notices:\n%s", reports.all_notices().c_str());
    assert_non_null(reports.find_notice(other_machine()));
    assert_non_null(reports.find_notice("; using " + table_path(f.system) + " instead"));
    assert_true(no_notice_says_damaged(reports));
    assert_int_equal(cube_tables_verify(f.chosen.c_str()), CUBE_ERROR_UNSUPPORTED);
    assert_true(contains(cube_last_error(), other_machine()));
    assert_true(read_header(table_path(f.chosen)) == before);
    assert_int_equal(size_of(table_path(f.chosen)), size_of(shared_file()));
    // With the good file gone, a build saves in the next folder that can be written, not over it.
    unlink(table_path(f.system).c_str());
    assert_string_equal(path_for(nullptr).c_str(), table_path(f.cache).c_str());
}

// The other order's file under its own name: listed (cube_tables_other_order_file), and this machine's
// file is built beside it after a notice that names it; it is left as it was.
void native_file_is_built_beside(void **) {
    ThreeFolders f;
    std::string other = tp::other_order_file_path(f.chosen);
    char listed[4096];
    assert_int_equal(cube_tables_other_order_file(f.chosen.c_str(), listed, sizeof listed, nullptr),
                     CUBE_ERROR_NOT_FOUND);
    header_copy(other, flip_mark);
    Bytes before = read_header(other);
    assert_int_equal(cube_tables_other_order_file(f.chosen.c_str(), listed, sizeof listed, nullptr),
                     CUBE_ERROR_UNSUPPORTED);
    assert_string_equal(listed, other.c_str());
    assert_true(contains(cube_last_error(), other_machine()));
    assert_int_equal(cube_tables_other_order_file(nullptr, listed, sizeof listed, nullptr),
                     CUBE_ERROR_INVALID_ARGUMENT);
    assert_int_equal(cube_tables_other_order_file(f.chosen.c_str(), listed, 4, nullptr), CUBE_ERROR_BUFFER_TOO_SMALL);
    // A file this machine can read under the other's name is not the other order's (CUBE_OK, as documented);
    // a folder without it has none.
    assert_int_equal(cube_tables_other_order_file(f.system.c_str(), listed, sizeof listed, nullptr),
                     CUBE_ERROR_NOT_FOUND);
    header_copy(tp::other_order_file_path(f.system), [](Bytes &) {});
    assert_int_equal(cube_tables_other_order_file(f.system.c_str(), listed, sizeof listed, nullptr), CUBE_OK);
    assert_int_equal(unlink(tp::other_order_file_path(f.system).c_str()), 0);
    assert_string_equal(path_for(nullptr).c_str(), table_path(f.chosen).c_str());  // a build saves beside it
    Reports reports;
    cube_tables_options options;
    cube_tables_options_init(&options);
    options.progress = Reports::record;
    options.progress_user_data = &reports;
    tp::stand_in_for_builds(tp_test::load_or_null(f.saved, tp::Progress{}));  // what is tested is where it goes
    assert_int_equal(cube_tables_generate(&options), CUBE_OK);
    tp::stand_in_for_builds(nullptr);
    std::printf("notices:\n%s", reports.all_notices().c_str());
    std::string beside = std::string("building the ") + tf::byte_order_name(tf::big_endian_machine()) + " file " +
                         table_path(f.chosen);
    const std::string *notice = reports.find_notice(other_machine());
    assert_non_null(notice);
    assert_true(contains(*notice, other) && contains(*notice, beside));
    assert_true(no_notice_says_damaged(reports));
    assert_int_equal(cube_tables_verify(f.chosen.c_str()), CUBE_OK);
    assert_true(read_header(other) == before);
    assert_int_equal(fault::names_in(f.chosen).size(), 2);  // the two files: nothing else left behind
}

void memory_needed_for_a_build(void **) {
    uint64_t need = tp::kBuildMemoryNeed + tp::kBuildMemoryMargin;
    assert_string_equal(tp::build_memory_problem(0).c_str(), "");  // unknown: no reason to refuse
    assert_string_equal(tp::build_memory_problem(need).c_str(), "");
    assert_string_equal(tp::build_memory_problem(uint64_t{64} << 30).c_str(), "");
    std::string problem = tp::build_memory_problem(need - 1);
    assert_true(contains(problem, "needs about " + std::to_string(need >> 20) + " MiB"));
    assert_true(contains(tp::build_memory_problem(uint64_t{200} << 20), "and 200 MiB are available"));
}

void mem_available_is_read(void **) {
    namespace pl = lc::platform;
    assert_int_equal(pl::mem_available_from("MemTotal:  1000 kB\nMemFree: 10 kB\nMemAvailable:    2048 kB\n"),
                     2048 * 1024);
    assert_int_equal(pl::mem_available_from("MemAvailable: 7 kB"), 7 * 1024);
    assert_int_equal(pl::mem_available_from("MemTotal:  1000 kB\nMemFree: 10 kB\n"), 0);  // old kernels
    assert_int_equal(pl::mem_available_from("MemAvailable: lots kB\n"), 0);
    assert_int_equal(pl::mem_available_from("MemAvailable: 12 MB\n"), 0);
    assert_int_equal(pl::mem_available_from("XMemAvailable: 12 kB\n"), 0);
    assert_int_equal(pl::mem_available_from(""), 0);
    {
        EnvSet low("CUBE_TEST_MEM_AVAILABLE_KB", "1234");
        assert_int_equal(pl::available_memory(), 1234 * 1024);
    }
    {
        EnvSet bad("CUBE_TEST_MEM_AVAILABLE_KB", "-5");
        assert_int_equal(pl::available_memory(), 0);
    }
    assert_true(pl::available_memory() > 0);  // this machine's /proc/meminfo
}

// Auto policy below the need: no build starts; a notice names the need, what is available and the way
// (generate on a bigger machine and copy the file); the compact tables answer.
void auto_stays_compact_when_memory_is_short(void **) {
    std::string dir = fault::make_temp_dir();
    EnvSet low("CUBE_TEST_MEM_AVAILABLE_KB", std::to_string(100 * 1024));
    Reports reports;
    cube_solver *solver = tp_test::new_solver(CUBE_TABLES_AUTO, dir, &reports);
    assert_int_equal(cube_solver_prepare(solver, 3, nullptr), CUBE_OK);
    assert_true(reports.wait_for_notice("solving with the compact tables"));
    cube_state *state = nullptr;
    cube_moves *solution = nullptr;
    assert_int_equal(cube_state_random(3, 7, &state), CUBE_OK);
    assert_int_equal(cube_solve(solver, state, nullptr, &solution), CUBE_OK);
    cube_moves_free(solution);
    cube_state_free(state);
    cube_solver_free(solver);
    std::printf("notices:\n%s", reports.all_notices().c_str());
    const std::string *notice = reports.find_notice("100 MiB are available");
    assert_non_null(notice);
    uint64_t need = tp::kBuildMemoryNeed + tp::kBuildMemoryMargin;
    assert_true(contains(*notice, "needs about " + std::to_string(need >> 20) + " MiB"));
    assert_true(contains(*notice, "cube tables generate") && contains(*notice, dir));
    assert_false(reports.building);
    assert_int_equal(fault::names_in(dir).size(), 0);
    fault::remove_dir(dir);
}

// Auto policy with enough memory: the build starts as before (stopped at its first stage).
void auto_builds_when_memory_suffices(void **) {
    std::string dir = fault::make_temp_dir();
    EnvSet plenty("CUBE_TEST_MEM_AVAILABLE_KB", std::to_string(uint64_t{16} << 20));
    Reports reports;
    cube_solver *solver = tp_test::new_solver(CUBE_TABLES_AUTO, dir, &reports);
    assert_int_equal(cube_solver_prepare(solver, 3, nullptr), CUBE_OK);
    assert_true(reports.wait_for_build());
    cube_solver_free(solver);
    assert_non_null(reports.find_notice("does not exist; building it"));
    assert_null(reports.find_notice("MiB are available"));
    assert_int_equal(fault::names_in(dir).size(), 0);
    fault::remove_dir(dir);
}

}  // namespace

int main() {
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(mark_values_and_header),
        cmocka_unit_test(other_order_is_not_damaged),
        cmocka_unit_test(bad_marks_are_damage),
        cmocka_unit_test(unmarked_files_still_load),
        cmocka_unit_test(other_order_file_is_passed_over),
        cmocka_unit_test(native_file_is_built_beside),
        cmocka_unit_test(memory_needed_for_a_build),
        cmocka_unit_test(mem_available_is_read),
        cmocka_unit_test(auto_stays_compact_when_memory_is_short),
        cmocka_unit_test(auto_builds_when_memory_suffices),
    };
    return cmocka_run_group_tests(tests, nullptr, nullptr);
}
