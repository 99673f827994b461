// Tests of the table file: damaged files (truncated, a flipped byte, another version, missing) are
// detected; load_or_build reports them and rebuilds, and two builders at once build only once;
// tables that cannot be saved are served from memory.
// Project headers come before cmocka.h, whose fail() macro would clash with lc::fail.
#include <fcntl.h>
#include <sys/stat.h>
#include <unistd.h>

#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <fstream>
#include <iterator>
#include <string>
#include <thread>
#include <vector>

#include "../../tables/table_file.hpp"
#include "error.hpp"
#include "helpers.hpp"
#include "twophase/twophase.hpp"

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

constexpr uint64_t kKind = 0x7465737400000001ULL;
const std::vector<uint64_t> kSizes = {100, 5000, 64};

std::string temp_dir() {
    char name[] = "/tmp/libcube-tabletest-XXXXXX";
    assert_non_null(mkdtemp(name));
    return name;
}

std::string read_all(const std::string &path) {
    std::ifstream in(path, std::ios::binary);
    return std::string(std::istreambuf_iterator<char>(in), {});
}

void write_all(const std::string &path, const std::string &data) {
    std::ofstream out(path, std::ios::binary | std::ios::trunc);
    out.write(data.data(), static_cast<std::streamsize>(data.size()));
}

// A small table file of kind `kind` with bytes 0, 1, 2, ... in its sections.
std::string make_small_file(const std::string &dir, uint64_t kind) {
    auto blob = tf::Blob::allocate(tf::layout(kSizes).back());
    for (size_t i = tf::kHeaderSize; i < blob->size(); ++i) blob->data()[i] = static_cast<uint8_t>(i * 7);
    tf::seal(*blob, kind, kSizes);
    std::string path = dir + "/small.tbl";
    assert_int_equal(tf::write_atomic(path, *blob), CUBE_OK);
    return path;
}

cube_status map_small(const std::string &path, std::string *why) {
    std::unique_ptr<tf::Blob> blob;
    return tf::map_file(path, kKind, kSizes, blob, why);
}

void intact_file_maps(void **) {
    std::string dir = temp_dir(), path = make_small_file(dir, kKind), why;
    std::unique_ptr<tf::Blob> blob;
    assert_int_equal(tf::map_file(path, kKind, kSizes, blob, &why), CUBE_OK);
    assert_true(blob->mapped_from_file());
    assert_int_equal(blob->data()[tf::kHeaderSize + 1], 7);
    blob.reset();
    unlink(path.c_str());
    rmdir(dir.c_str());
}

void damaged_files_are_refused(void **) {
    std::string dir = temp_dir(), path = make_small_file(dir, kKind), good = read_all(path), why;
    // Truncated.
    write_all(path, good.substr(0, good.size() - 10));
    assert_int_equal(map_small(path, &why), CUBE_ERROR_CORRUPT);
    assert_non_null(strstr(why.c_str(), "truncated"));
    write_all(path, good.substr(0, 100));
    assert_int_equal(map_small(path, &why), CUBE_ERROR_CORRUPT);
    // One byte flipped in a section, and in the header.
    std::string bad = good;
    bad[tf::kHeaderSize + 300] ^= 0x10;
    write_all(path, bad);
    assert_int_equal(map_small(path, &why), CUBE_ERROR_CORRUPT);
    assert_non_null(strstr(why.c_str(), "checksum"));
    bad = good;
    bad[20] ^= 1;
    write_all(path, bad);
    assert_int_equal(map_small(path, &why), CUBE_ERROR_CORRUPT);
    // Another version (a well-formed file of another kind).
    make_small_file(dir, kKind + 1);
    assert_int_equal(map_small(path, &why), CUBE_ERROR_CORRUPT);
    assert_non_null(strstr(why.c_str(), "version"));
    // Not a table file; missing.
    write_all(path, std::string(8192, 'x'));
    assert_int_equal(map_small(path, &why), CUBE_ERROR_CORRUPT);
    unlink(path.c_str());
    assert_int_equal(map_small(path, &why), CUBE_ERROR_NOT_FOUND);
    rmdir(dir.c_str());
}

void flipped_byte_in_real_file(void **) {
    auto shared = tp_test::shared_tables();
    assert_non_null(shared.get());
    std::string real = twophase::table_file_path(twophase::default_table_dir());
    std::string dir = temp_dir(), copy = twophase::table_file_path(dir);
    std::string data = read_all(real);
    assert_true(data.size() > 100000000);
    data[data.size() - 12345] ^= 0x01;  // deep inside the last pruning table
    write_all(copy, data);
    assert_int_equal(twophase::verify_file(copy), CUBE_ERROR_CORRUPT);
    assert_non_null(strstr(cube_last_error(), "checksum"));
    unlink(copy.c_str());
    assert_int_equal(twophase::verify_file(copy), CUBE_ERROR_NOT_FOUND);
    rmdir(dir.c_str());
}

// A truncated file is reported and rebuilt; two loaders at once build it only once.
void truncated_file_is_rebuilt_once(void **) {
    auto shared = tp_test::shared_tables();
    assert_non_null(shared.get());
    std::string real = twophase::table_file_path(twophase::default_table_dir());
    std::string dir = temp_dir(), path = twophase::table_file_path(dir);
    write_all(path, read_all(real).substr(0, 1 << 20));
    std::string report[2];
    std::shared_ptr<const twophase::Tables> got[2];
    std::thread other([&] { got[1] = twophase::load_or_build(dir, twophase::Progress{}, &report[1]); });
    got[0] = twophase::load_or_build(dir, twophase::Progress{}, &report[0]);
    other.join();
    int rebuilt = 0;
    for (int k = 0; k < 2; ++k) {
        assert_non_null(got[k].get());
        if (!report[k].empty()) {
            printf("report: %s\n", report[k].c_str());
            assert_non_null(strstr(report[k].c_str(), "truncated"));
            assert_non_null(strstr(report[k].c_str(), "rebuilding"));
            ++rebuilt;
        }
        tp_test::Rng rng{42u + k};
        CubieCube c = tp_test::random_state(rng);
        MoveList out;
        assert_int_equal(twophase::solve(*got[k], c, CubieCube::solved(), twophase::Options{}, out), CUBE_OK);
        assert_true(tp_test::apply_moves(c, out) == CubieCube::solved());
    }
    assert_int_equal(rebuilt, 1);
    assert_int_equal(twophase::verify_file(path), CUBE_OK);
    assert_true(read_all(path) == read_all(real));  // generation is deterministic
    got[0].reset(), got[1].reset();
    unlink(path.c_str());
    unlink((path + ".lock").c_str());
    rmdir(dir.c_str());
}

// Where the file cannot be written, the tables built in memory are reported and served as they are.
void unsaveable_tables_are_used_from_memory(void **) {
    std::string report;
    auto t = twophase::load_or_build("/dev/null/libcube", twophase::Progress{}, &report);
    assert_non_null(t.get());
    printf("report: %s\n", report.c_str());
    assert_non_null(strstr(report.c_str(), "could not save"));
    assert_false(twophase::tables_mapped(*t));
    tp_test::Rng rng{7};
    for (int i = 0; i < 5; ++i) {
        CubieCube c = tp_test::random_state(rng);
        MoveList out;
        assert_int_equal(twophase::solve(*t, c, CubieCube::solved(), twophase::Options{}, out), CUBE_OK);
        assert_true(tp_test::apply_moves(c, out) == CubieCube::solved());
        assert_true(out.size() <= 20);
    }
}

}  // namespace

int main() {
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(intact_file_maps),
        cmocka_unit_test(damaged_files_are_refused),
        cmocka_unit_test(flipped_byte_in_real_file),
        cmocka_unit_test(truncated_file_is_rebuilt_once),
        cmocka_unit_test(unsaveable_tables_are_used_from_memory),
    };
    return cmocka_run_group_tests(tests, nullptr, nullptr);
}
