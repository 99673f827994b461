// Building, saving, mapping and checking the two-phase table file.
#include <sys/stat.h>
#include <unistd.h>

#include <algorithm>
#include <chrono>
#include <string>
#include <thread>
#include <vector>

#include "error.hpp"
#include "tablefile/temp_files.hpp"
#include "twophase/build_progress.hpp"
#include "twophase/tables.hpp"

namespace lc::twophase {
namespace {

// Runs `body`, turning an exception into lc::fail(...) and nullptr.
template <typename Fn>
std::shared_ptr<const Tables> guarded(Fn &&body) {
    try {
        return body();
    } catch (const Error &e) {
        fail(e.status, "%s", e.what());
    } catch (const std::bad_alloc &) {
        fail(CUBE_ERROR_NO_MEMORY, "out of memory while building tables");
    } catch (const std::exception &e) {
        fail(CUBE_ERROR_INTERNAL, "internal error: %s", e.what());
    }
    return nullptr;
}

}  // namespace

std::shared_ptr<const Tables> build_tables(Reporter &r) {
    std::vector<uint64_t> sizes = section_sizes();
    auto tables = std::make_shared<Tables>();
    bind(*tables, tablefile::Blob::allocate(tablefile::layout(sizes).back()));
    Tables &t = *tables;
    fill_move_tables(t, r);
    fill_conjugation_tables(t, r);
    fill_class_tables(t, r);
    fill_cornslice_depth(t, r);
    fill_near_graph(t, r);
    int threads = std::max(1, std::min(2, static_cast<int>(std::thread::hardware_concurrency())));
    fill_corner_dist(t, threads, r);
    fill_prune1(t, threads, r);
    fill_prune2(t, threads, r);
    tablefile::seal(*t.blob, kTableKind, sizes, [&r](double) { return r.stopped(); });
    r.check();
    return tables;
}

namespace {

// The table files being loaded or built on this thread: a progress callback that asks for one of
// them again must not wait for its own caller.
thread_local std::vector<std::string> t_loading;

class LoadingHere {
public:
    explicit LoadingHere(const std::string &path) {
        if (std::find(t_loading.begin(), t_loading.end(), path) != t_loading.end())
            throw Error(CUBE_ERROR_UNSUPPORTED, "the table file " + path +
                                                    " is being loaded on this thread: a progress callback cannot "
                                                    "load it again");
        t_loading.push_back(path);
    }
    ~LoadingHere() { t_loading.pop_back(); }
    LoadingHere(const LoadingHere &) = delete;
    LoadingHere &operator=(const LoadingHere &) = delete;
};

// Runs a call whose failure is handled here: returns its status and message, and keeps the thread's
// last error as it was (a call that succeeds in the end must not leave one behind).
template <typename Fn>
cube_status quietly(Fn &&call, std::string &message) {
    cube_status before = cube_last_status();
    std::string before_message = cube_last_error();
    cube_status st = call();
    if (st != CUBE_OK) message = cube_last_error();
    fail(before, "%s", before_message.c_str());
    return st;
}

// Maps the file at `path`; nullptr (with `why` and `status`) if it is missing or fails a check. With
// a reporter, the check (about 50 ms) stops when the job must stop: lc::Error(CUBE_ERROR_CANCELLED).
std::shared_ptr<const Tables> try_map(const std::string &path, std::string &why, cube_status &status,
                                      const Reporter *r = nullptr) {
    std::unique_ptr<tablefile::Blob> blob;
    tablefile::StepProgress stopped;
    if (r) stopped = [r](double) { return r->stopped(); };
    status = tablefile::map_file(path, kTableKind, section_sizes(), blob, &why, stopped);
    if (r) r->check();
    if (status != CUBE_OK) return nullptr;
    auto t = std::make_shared<Tables>();
    bind(*t, std::move(blob));
    return t;
}

// Builds the tables after a notice that says why, and saves them at `path` unless `cannot_save` says
// why they cannot be; returns the saved file's mapping, or the tables in memory if not saved.
std::shared_ptr<const Tables> build_and_save(Reporter &r, const std::string &path, const std::string &why,
                                             cube_status mapped, const std::string *cannot_save, bool must_save) {
    if (cannot_save && must_save) throw Error(CUBE_ERROR_IO, *cannot_save);
    std::string notice = why + (mapped == CUBE_ERROR_CORRUPT ? "; rebuilding it" : "; building it");
    if (cannot_save) notice += " in memory only (could not save it: " + *cannot_save + ")";
    r.notice(notice);
    auto built = build_tables(r);
    if (cannot_save) return built;
    r.stage(Stage::kWriting, 0.0);
    std::string message;
    cube_status st = quietly(
        [&] { return tablefile::write_atomic(path, *built->blob, [&](double f) { return r.report(Stage::kWriting, f); }); },
        message);
    r.check();
    if (st != CUBE_OK && must_save) throw Error(st, message);
    if (st != CUBE_OK) {
        r.notice("could not save the table file: " + message + "; using the tables from memory");
        return built;
    }
    // Serve the file's pages (shared with other processes) rather than this private copy.
    std::string again;
    auto t = try_map(path, again, mapped);
    return t ? t : built;
}

// Something that is not a regular file (a named pipe, a device, a folder) where the file belongs is
// refused, neither read nor replaced: it is not ours to remove.
void refuse_special_file(const std::string &path) {
    struct stat st;
    if (stat(path.c_str(), &st) != 0 || S_ISREG(st.st_mode)) return;
    throw Error(CUBE_ERROR_IO, "table file " + path + " is " + tablefile::file_type_name(st.st_mode) +
                                   ", not a regular file; remove it or choose another table folder");
}

std::string lock_path_of(const std::string &path) { return path + ".lock"; }

// After a good file was mapped without the build lock: if a writer was killed here (its temporary
// file, or the lock file it held, is still there), removes what it left, under the lock if it is
// free right now (one try: a live holder cleans up itself).
void tidy_after_killed_writers(const std::string &path) {
    std::string lock_path = lock_path_of(path);
    bool lock_file_left = access(lock_path.c_str(), F_OK) == 0;
    if (!lock_file_left && !tablefile::has_stale_temporaries(path)) return;
    tablefile::DirLock lock(lock_path, {}, {}, std::chrono::milliseconds(0));
    if (lock.ok()) tablefile::remove_stale_temporaries(path);
}

}  // namespace

std::string default_table_dir() { return tablefile::default_dir(); }

std::string table_file_name() { return "twophase3x3-v" + std::to_string(kTableVersion) + ".tbl"; }

std::string table_file_path(const std::string &dir) { return dir + "/" + table_file_name(); }


cube_status verify_file(const std::string &path) {
    std::unique_ptr<tablefile::Blob> blob;
    std::string why;
    cube_status st = tablefile::map_file(path, kTableKind, section_sizes(), blob, &why);
    if (st != CUBE_OK) return fail(st, "%s", why.c_str());
    return CUBE_OK;
}

std::shared_ptr<const Tables> load_or_build(const std::string &dir, const Progress &progress, bool must_save) {
    return guarded([&]() -> std::shared_ptr<const Tables> {
        Reporter r(progress);
        std::string path = table_file_path(dir);
        LoadingHere mark(path);
        r.stage(Stage::kChecking, 0.0);
        std::string why;
        cube_status mapped = CUBE_OK;
        refuse_special_file(path);
        auto t = try_map(path, why, mapped, &r);
        if (t) tidy_after_killed_writers(path);
        if (!t) {
            std::string cannot_save;
            if (quietly([&] { return tablefile::make_dirs(dir); }, cannot_save) != CUBE_OK) {
                t = build_and_save(r, path, why, mapped, &cannot_save, must_save);
            } else {
                // Another process (or solver) may be building: wait for it, then look again.
                tablefile::DirLock lock(
                    lock_path_of(path), [&] { return r.stopped(); },
                    [&] { r.notice("waiting while another process or solver builds " + path); });
                r.check();
                if (lock.ok()) {
                    // What a writer that was killed here left behind goes first.
                    tablefile::remove_stale_temporaries(path);
                    refuse_special_file(path);
                    t = try_map(path, why, mapped, &r);
                }
                // Without the lock nothing is written: only one holder at a time writes the file.
                if (!t) t = build_and_save(r, path, why, mapped, lock.ok() ? nullptr : &lock.problem(), must_save);
            }
        }
        r.done();
        return t;
    });
}

}  // namespace lc::twophase
