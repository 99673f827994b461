// Tests of the table file: damaged files (truncated, a flipped byte, another version, missing) are
// detected; load_or_build says so in a notice before it rebuilds, reports its progress, and two
// builders at once build only once; tables that cannot be saved are served from memory; a stopped
// build or a failed write leaves no file; the lock file goes when released; the file is named by
// its content version.
#include <fcntl.h>
#include <sys/stat.h>
#include <unistd.h>

#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <dirent.h>
#include <fstream>
#include <iterator>
#include <memory>
#include <string>
#include <thread>
#include <vector>

#include "cancel.hpp"
#include "error.hpp"
#include "helpers.hpp"
#include "tablefile/table_file.hpp"
#include "twophase/tables.hpp"
#include "twophase/twophase.hpp"
#include "probe.hpp"

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
    assert_int_equal(tp_test::write_status(path, *blob), CUBE_OK);
    return path;
}

// Every name in a folder but . and ..
std::vector<std::string> names_in(const std::string &dir) {
    std::vector<std::string> names;
    DIR *d = opendir(dir.c_str());
    assert_non_null(d);
    for (dirent *e; (e = readdir(d)) != nullptr;)
        if (std::strcmp(e->d_name, ".") != 0 && std::strcmp(e->d_name, "..") != 0) names.push_back(e->d_name);
    closedir(d);
    return names;
}

// What a load reported: its notices and stage reports, in order; optionally stopping at the build.
struct Recorder {
    struct Report {
        int32_t event;
        std::string stage;
        double stage_fraction, fraction;
        int64_t elapsed_us;
    };
    std::vector<Report> reports;
    bool stop_at_build = false;

    static int32_t record(void *user, const cube_progress *p) {
        auto *r = static_cast<Recorder *>(user);
        r->reports.push_back({p->event, p->stage, p->stage_fraction, p->fraction, p->elapsed_us});
        bool building = p->event == CUBE_PROGRESS_STAGE && std::strcmp(p->stage, "checking table file") != 0;
        return r->stop_at_build && building;
    }
    twophase::Progress progress(StopFlag *stop = nullptr) {
        twophase::Progress p;
        p.fn = record;
        p.user = this;
        p.stop = stop;
        return p;
    }
    std::string notices() const {
        std::string all;
        for (const Report &r : reports)
            if (r.event == CUBE_PROGRESS_NOTICE) all += r.stage + "\n";
        return all;
    }
    // Notices come before the work they announce, fractions only grow, and a finished job ends with "done".
    void check_order(bool finished) const {
        double fraction = 0;
        int64_t elapsed = 0;
        bool built = false;
        for (const Report &r : reports) {
            assert_true(r.fraction >= fraction && r.fraction <= 1.0);
            assert_true(r.elapsed_us >= elapsed);
            fraction = r.fraction, elapsed = r.elapsed_us;
            if (r.event == CUBE_PROGRESS_STAGE && r.stage != "checking table file") built = true;
            if (r.event == CUBE_PROGRESS_NOTICE && r.stage.find("building") != std::string::npos) assert_false(built);
        }
        if (finished) {
            assert_true(reports.back().stage == "done");
            assert_true(reports.back().fraction == 1.0);
        }
    }
};

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
    assert_int_equal(tp_test::verify_status(copy), CUBE_ERROR_CORRUPT);
    assert_non_null(strstr(cube_last_error(), "checksum"));
    unlink(copy.c_str());
    assert_int_equal(tp_test::verify_status(copy), CUBE_ERROR_NOT_FOUND);
    rmdir(dir.c_str());
}

// A truncated file is reported and rebuilt; two loaders at once build it only once.
void truncated_file_is_rebuilt_once(void **) {
    auto shared = tp_test::shared_tables();
    assert_non_null(shared.get());
    std::string real = twophase::table_file_path(twophase::default_table_dir());
    std::string dir = temp_dir(), path = twophase::table_file_path(dir);
    write_all(path, read_all(real).substr(0, 1 << 20));
    Recorder seen[2];
    std::shared_ptr<const twophase::Tables> got[2];
    std::thread other([&] { got[1] = tp_test::load_or_null(dir, seen[1].progress()); });
    got[0] = tp_test::load_or_null(dir, seen[0].progress());
    other.join();
    int rebuilt = 0;
    for (int k = 0; k < 2; ++k) {
        assert_non_null(got[k].get());
        seen[k].check_order(true);
        std::string notices = seen[k].notices();
        if (notices.find("rebuilding it") != std::string::npos) {
            printf("notices: %s", notices.c_str());
            assert_non_null(strstr(notices.c_str(), "truncated"));
            ++rebuilt;
        }
        tp_test::Rng rng{42u + k};
        CubieCube c = tp_test::random_state(rng);
        MoveList out;
        assert_int_equal(tp_test::solve_status(*got[k], c, CubieCube::solved(), twophase::Options{}, out), CUBE_OK);
        assert_true(tp_test::apply_moves(c, out) == CubieCube::solved());
    }
    assert_int_equal(rebuilt, 1);
    assert_int_equal(tp_test::verify_status(path), CUBE_OK);
    // Generation is deterministic: the same file but for the writer's word sizes and their checksum (the
    // suite's file may come from another machine of this byte order: scripts/test-cross.sh).
    std::string built = read_all(path), expected = read_all(real);
    const size_t marked = tf::kByteOrderMarkOffset + 4;
    assert_true(built.substr(0, marked) == expected.substr(0, marked));
    assert_true(built.substr(tf::kHeaderSize) == expected.substr(tf::kHeaderSize));
    got[0].reset(), got[1].reset();
    assert_int_equal(names_in(dir).size(), 1);  // the table file only: no temporary file, no lock file
    unlink(path.c_str());
    rmdir(dir.c_str());
}

// Where the file cannot be written, the tables built in memory are announced and served as they are;
// a caller that wants the file gets CUBE_ERROR_IO before anything is built.
void unsaveable_tables_are_used_from_memory(void **) {
    twophase::stand_in_for_builds(tp_test::shared_tables());  // truncated_file_is_rebuilt_once computes one
    Recorder seen;
    auto t = tp_test::load_or_null("/dev/null/libcube", seen.progress());
    assert_non_null(t.get());
    printf("notices: %s", seen.notices().c_str());
    assert_non_null(strstr(seen.notices().c_str(), "could not save"));
    seen.check_order(true);
    assert_false(twophase::tables_mapped(*t));
    tp_test::Rng rng{7};
    for (int i = 0; i < 5; ++i) {
        CubieCube c = tp_test::random_state(rng);
        MoveList out;
        assert_int_equal(tp_test::solve_status(*t, c, CubieCube::solved(), twophase::Options{}, out), CUBE_OK);
        assert_true(tp_test::apply_moves(c, out) == CubieCube::solved());
        assert_true(out.size() <= 20);
    }
    Recorder must;
    assert_null(tp_test::load_or_null("/dev/null/libcube", must.progress(), true).get());
    assert_int_equal(cube_last_status(), CUBE_ERROR_IO);
    for (const Recorder::Report &r : must.reports) assert_true(r.stage == "checking table file");
    twophase::stand_in_for_builds(nullptr);
}

// A build stopped by its callback or its stop flag leaves nothing in the folder.
void stopped_build_leaves_no_file(void **) {
    std::string dir = temp_dir();
    Recorder by_callback;
    by_callback.stop_at_build = true;
    assert_null(tp_test::load_or_null(dir, by_callback.progress()).get());
    assert_int_equal(cube_last_status(), CUBE_ERROR_CANCELLED);
    by_callback.check_order(false);
    assert_non_null(strstr(by_callback.notices().c_str(), "does not exist; building it"));
    assert_int_equal(names_in(dir).size(), 0);
    Recorder quiet;
    StopFlag stop;
    stop.stop();
    assert_null(tp_test::load_or_null(dir, quiet.progress(&stop)).get());
    assert_int_equal(cube_last_status(), CUBE_ERROR_CANCELLED);
    assert_int_equal(names_in(dir).size(), 0);
    rmdir(dir.c_str());
}

// A failed or stopped write removes its temporary file.
void failed_write_leaves_no_temporary_file(void **) {
    std::string dir = temp_dir();
    auto blob = tf::Blob::allocate(tf::layout(kSizes).back());
    tf::seal(*blob, kKind, kSizes);
    // The target is a folder: the rename fails after the temporary file was written.
    std::string folder = dir + "/in-the-way";
    assert_int_equal(mkdir(folder.c_str(), 0755), 0);
    assert_int_equal(tp_test::write_status(folder, *blob), CUBE_ERROR_IO);
    assert_non_null(strstr(cube_last_error(), "rename"));
    assert_int_equal(names_in(dir).size(), 1);
    rmdir(folder.c_str());
    // Stopped by its progress.
    assert_int_equal(tp_test::write_status(dir + "/small.tbl", *blob, [](double) { return true; }), CUBE_ERROR_CANCELLED);
    assert_int_equal(names_in(dir).size(), 0);
    // A folder that does not exist.
    assert_int_equal(tp_test::write_status(dir + "/missing/small.tbl", *blob), CUBE_ERROR_IO);
    assert_int_equal(names_in(dir).size(), 0);
    rmdir(dir.c_str());
}

// The lock file goes with the lock; a second taker waits (told once), and can stop waiting.
void lock_file_is_removed_when_released(void **) {
    std::string dir = temp_dir(), lock_path = dir + "/x.lock";
    auto first = std::make_unique<tf::DirLock>(lock_path);
    assert_true(first->ok());
    assert_int_equal(names_in(dir).size(), 1);
    int told = 0, asked = 0;
    tf::DirLock gave_up(
        lock_path, [&] { return ++asked > 3; }, [&](long) { ++told; });
    assert_false(gave_up.ok());
    assert_int_equal(told, 1);
    std::atomic<bool> second_has_it{false};
    std::thread second([&] {
        tf::DirLock lock(lock_path);
        second_has_it = lock.ok();
    });
    usleep(20000);
    assert_false(second_has_it.load());
    first.reset();
    second.join();
    assert_true(second_has_it.load());
    assert_int_equal(names_in(dir).size(), 0);
    rmdir(dir.c_str());
}

// The file name and the header's kind carry one version number.
void file_is_named_by_its_content_version(void **) {
    assert_int_equal(twophase::kTableKind & 0xffff, twophase::kTableVersion);
    // A big-endian machine's file also carries the byte order (docs/tables.md).
    bool big = __BYTE_ORDER__ == __ORDER_BIG_ENDIAN__;
    std::string name = "twophase3x3-v" + std::to_string(twophase::kTableVersion) + (big ? "-be" : "") + ".tbl";
    assert_string_equal(twophase::table_file_name().c_str(), name.c_str());
    assert_string_equal(twophase::table_file_path("/x").c_str(), ("/x/" + name).c_str());
    assert_string_equal(name.c_str(), big ? "twophase3x3-v2-be.tbl" : "twophase3x3-v2.tbl");
    assert_int_equal(tp_test::verify_status(twophase::table_file_path(twophase::default_table_dir())), CUBE_OK);
}

}  // namespace

int main() {
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(intact_file_maps),
        cmocka_unit_test(damaged_files_are_refused),
        cmocka_unit_test(flipped_byte_in_real_file),
        cmocka_unit_test(file_is_named_by_its_content_version),
        cmocka_unit_test(failed_write_leaves_no_temporary_file),
        cmocka_unit_test(lock_file_is_removed_when_released),
        cmocka_unit_test(stopped_build_leaves_no_file),
        cmocka_unit_test(truncated_file_is_rebuilt_once),
        cmocka_unit_test(unsaveable_tables_are_used_from_memory),
    };
    return cmocka_run_group_tests(tests, nullptr, nullptr);
}
