// The steps of a table job in one folder (table_set.cpp), which the search over the folders of the
// search path (table_search.cpp) puts together.
#pragma once
#include <memory>
#include <string>
#include <vector>

#include "error.hpp"
#include "twophase/build_progress.hpp"
#include "twophase/tables.hpp"

namespace lc::twophase {

// Maps the file at `path`; nullptr (with `why` and `status`) if it is missing or fails a check. With a
// reporter, the check (about 50 ms) stops when the job must stop: lc::Error(CUBE_ERROR_CANCELLED).
std::shared_ptr<const Tables> try_map(const std::string &path, std::string &why, cube_status &status,
                                      const Reporter *r = nullptr);

// Why something other than a regular file at `path` (a named pipe, a folder) keeps a build from saving
// there: it is neither read nor replaced, not being ours to remove. "" if nothing or a regular file is there.
std::string special_file_problem(const std::string &path);

// Why what is at `path` keeps a build from saving there: special_file_problem(), or a table file of the
// other byte order (sound for the machine that made it: never replaced). "" if nothing is in the way.
std::string in_the_way_problem(const std::string &path);

// Throws lc::Error(CUBE_ERROR_IO) with in_the_way_problem(path), if there is one.
void refuse_in_the_way(const std::string &path);

// After a good file was mapped without the build lock: if a writer was killed beside it (its temporary
// file, or its lock file, is still there), removes what it left, if the lock is free right now.
void tidy_after_killed_writers(const std::string &path);

// In `dir`, which exists and may be written: takes the build lock (a notice says whom it waits for),
// maps the file if another process saved a sound one meanwhile, else builds the tables after a notice
// saying why (the file's problem as found under the lock) and saves them. Without the lock, or when the
// save fails, the tables are served from memory after a notice, or with `must_save` that is
// lc::Error(CUBE_ERROR_IO).
std::shared_ptr<const Tables> build_in_folder(Reporter &r, const std::string &dir, bool must_save);

// "table file X does not exist; building it", "... is truncated (...); rebuilding it": the notice of a
// build, from the problem of the file (`why`) and the status of the try to map it.
std::string build_notice(const std::string &why, cube_status mapped);

// Builds the tables in memory after the notice `notice` (build_notice()) + " in memory only (could not
// save it: `cannot_save`)".
std::shared_ptr<const Tables> build_unsaved(Reporter &r, const std::string &notice, const std::string &cannot_save);

// Marks table files as loaded on this thread while the object lives: a progress callback that asks for
// one of them again must not wait for its own caller (lc::Error(CUBE_ERROR_UNSUPPORTED) instead).
class LoadingHere {
public:
    explicit LoadingHere(const std::vector<std::string> &paths);
    ~LoadingHere();
    LoadingHere(const LoadingHere &) = delete;
    LoadingHere &operator=(const LoadingHere &) = delete;

private:
    size_t count_;
};

}  // namespace lc::twophase
