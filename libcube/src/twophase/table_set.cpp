// Building, saving, mapping and checking the two-phase table file in one folder.
#include <algorithm>
#include <chrono>
#include <string>
#include <thread>
#include <vector>

#include "error.hpp"
#include "platform/platform.hpp"
#include "tablefile/table_places.hpp"
#include "tablefile/temp_files.hpp"
#include "twophase/table_set.hpp"

namespace lc::twophase {

namespace {

std::shared_ptr<const Tables> &stand_in() {
    static std::shared_ptr<const Tables> tables;
    return tables;
}

// A copy of the stand-in's sealed blob, reported stage by stage as a build would be.
std::shared_ptr<const Tables> copy_of_stand_in(Reporter &r) {
    const tablefile::Blob &from = *stand_in()->blob;
    auto blob = tablefile::Blob::allocate(from.size());
    for (int s = static_cast<int>(Stage::kMoveTables); s < static_cast<int>(Stage::kWriting); ++s)
        r.stage(static_cast<Stage>(s), 0.0);
    std::copy(from.data(), from.data() + from.size(), blob->data());
    r.stage(Stage::kPrune2, 1.0);
    auto tables = std::make_shared<Tables>();
    bind(*tables, std::move(blob));
    return tables;
}

}  // namespace

void stand_in_for_builds(std::shared_ptr<const Tables> tables) { stand_in() = std::move(tables); }

std::shared_ptr<const Tables> build_tables(Reporter &r) {
    if (stand_in()) return copy_of_stand_in(r);
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

// The table files being loaded or built on this thread; allocated while there are some (only trivially
// destructible thread_locals: error.cpp says why).
thread_local std::vector<std::string> *t_loading;

// Builds the tables after a notice that says why, and saves them at `path`; returns the saved file's
// mapping, or the tables in memory if they could not be saved (a notice says why; with `must_save`,
// lc::Error(CUBE_ERROR_IO) instead).
std::shared_ptr<const Tables> build_and_save(Reporter &r, const std::string &path, const std::string &why,
                                             cube_status mapped, bool must_save) {
    r.notice(build_notice(why, mapped));
    auto built = build_tables(r);
    r.stage(Stage::kWriting, 0.0);
    std::string message;
    cube_status st = attempt(
        [&] { tablefile::write_atomic(path, *built->blob, [&](double f) { return r.report(Stage::kWriting, f); }); },
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

std::string lock_path_of(const std::string &path) { return path + ".lock"; }

// What a job that waits for another holder of the build lock says.
std::string waiting_notice(const std::string &path, long holder) {
    std::string who = holder == platform::process_id() ? "another solver in this process"
                      : holder > 0                          ? "process " + std::to_string(holder)
                                                            : "another process";
    return who + " is building " + path + "; waiting for it (at most " +
           std::to_string(tablefile::kLockWaitLimit.count() / 60000) + " minutes; a cancel stops the wait)";
}

}  // namespace

std::shared_ptr<const Tables> try_map(const std::string &path, std::string &why, cube_status &status,
                                      const Reporter *r) {
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

std::string special_file_problem(const std::string &path) {
    platform::FileInfo info;
    if (!platform::path_info(path, info, nullptr) || info.type == platform::FileType::kRegular) return "";
    return "table file " + path + " is " + platform::file_type_name(info.type) +
           ", not a regular file; remove it or choose another table folder";
}

std::string in_the_way_problem(const std::string &path) {
    std::string problem = special_file_problem(path);
    if (!problem.empty()) return problem;
    std::string why;
    if (tablefile::probe_file(path, kTableKind, section_sizes(), &why) != CUBE_ERROR_UNSUPPORTED) return "";
    return why + ", and not replaced; remove it or choose another table folder";
}

void refuse_in_the_way(const std::string &path) {
    std::string problem = in_the_way_problem(path);
    if (!problem.empty()) throw Error(CUBE_ERROR_IO, problem);
}

void tidy_after_killed_writers(const std::string &path) {
    std::string lock_path = lock_path_of(path);
    platform::FileInfo lock_info;
    bool lock_file_left = platform::path_info(lock_path, lock_info, nullptr);
    if (!lock_file_left && !tablefile::has_stale_temporaries(path)) return;
    tablefile::DirLock lock(lock_path, {}, {}, std::chrono::milliseconds(0));
    if (lock.ok()) tablefile::remove_stale_temporaries(path);
}

std::shared_ptr<const Tables> build_in_folder(Reporter &r, const std::string &dir, bool must_save) {
    std::string path = table_file_path(dir), why;
    cube_status mapped = CUBE_OK;
    refuse_in_the_way(path);
    // Another process (or solver) may be building: wait for it, then look again.
    tablefile::DirLock lock(
        lock_path_of(path), [&] { return r.stopped(); },
        [&](long holder) { r.notice(waiting_notice(path, holder)); });
    r.check();
    if (!lock.ok()) {
        // Nothing is written without the lock: only one holder at a time writes the file.
        if (must_save) throw Error(CUBE_ERROR_IO, lock.problem());
        auto t = try_map(path, why, mapped, &r);
        return t ? t : build_unsaved(r, build_notice(why, mapped), lock.problem());
    }
    // What a writer that was killed here left behind goes first.
    tablefile::remove_stale_temporaries(path);
    refuse_in_the_way(path);
    auto t = try_map(path, why, mapped, &r);
    return t ? t : build_and_save(r, path, why, mapped, must_save);
}

std::string build_notice(const std::string &why, cube_status mapped) {
    return why + (mapped == CUBE_ERROR_CORRUPT ? "; rebuilding it" : "; building it");
}

std::shared_ptr<const Tables> build_unsaved(Reporter &r, const std::string &notice, const std::string &cannot_save) {
    r.notice(notice + " in memory only (could not save it: " + cannot_save + ")");
    return build_tables(r);
}

LoadingHere::LoadingHere(const std::vector<std::string> &paths) : count_(paths.size()) {
    for (const std::string &path : paths)
        if (t_loading && std::find(t_loading->begin(), t_loading->end(), path) != t_loading->end())
            throw Error(CUBE_ERROR_UNSUPPORTED, "the table file " + path +
                                                    " is being loaded on this thread: a progress callback cannot "
                                                    "load it again");
    if (!t_loading) t_loading = new std::vector<std::string>;
    t_loading->insert(t_loading->end(), paths.begin(), paths.end());
}

LoadingHere::~LoadingHere() {
    t_loading->resize(t_loading->size() - count_);
    if (!t_loading->empty()) return;
    delete t_loading;
    t_loading = nullptr;
}

std::string default_table_dir() { return tablefile::default_dir(); }

std::string table_file_name_for(bool big_endian) {
    return "twophase3x3-v" + std::to_string(kTableVersion) + (big_endian ? "-be" : "") + ".tbl";
}

std::string table_file_name() { return table_file_name_for(tablefile::big_endian_machine()); }

std::string table_file_path(const std::string &dir) { return dir + "/" + table_file_name(); }

std::string other_order_file_path(const std::string &dir) {
    return dir + "/" + table_file_name_for(!tablefile::big_endian_machine());
}

void verify_file(const std::string &path) {
    std::unique_ptr<tablefile::Blob> blob;
    std::string why;
    cube_status st = tablefile::map_file(path, kTableKind, section_sizes(), blob, &why);
    if (st != CUBE_OK) throw Error(st, error_text("%s", why.c_str()));
}

void probe_file(const std::string &path) {
    std::string why;
    cube_status st = tablefile::probe_file(path, kTableKind, section_sizes(), &why);
    if (st != CUBE_OK) throw Error(st, error_text("%s", why.c_str()));
}

}  // namespace lc::twophase
