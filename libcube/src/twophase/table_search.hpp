// The 3x3 table job over several folders (tablefile::TablePlaces: one folder, or the search path): the
// first sound file is mapped; if none is, the tables are built and saved in the first folder that can
// be written.
#pragma once
#include <cstdint>
#include <memory>
#include <string>

#include "tablefile/table_places.hpp"
#include "twophase/twophase.hpp"

namespace lc::twophase {

// Maps the first sound table file in `places.folders` (a notice names each damaged file passed over).
// If there is none, builds the tables and saves them in the first of the writable folders that exists
// or can be made, and can be written (table_set.hpp: build_in_folder); with none, builds them in memory
// after a notice saying why, or with `must_save` fails with CUBE_ERROR_IO before anything is built.
// A file made on a machine of the other byte order is passed over with a notice that says so, and
// never rebuilt over (this machine's file has another name: table_file_name()). With `check_memory`
// (the auto policy, which can do without), a build is not started when the memory available is below
// what it needs (build_memory_problem()): lc::Error(CUBE_ERROR_NO_MEMORY) naming both.
// Every other failure as load_or_build(dir, ...) in twophase.hpp.
std::shared_ptr<const Tables> load_or_build(const tablefile::TablePlaces &places, const Progress &progress,
                                            bool must_save = false, bool check_memory = false);

// What a table build needs in memory: the peak anonymous memory of `cube tables generate`, measured at
// 325 MiB on x86-64 (the 305 MiB file built in memory, and the working sets; docs/tables.md), rounded up;
// and the margin kept on top for the rest of the system.
constexpr uint64_t kBuildMemoryNeed = uint64_t{340} << 20;
constexpr uint64_t kBuildMemoryMargin = uint64_t{64} << 20;

// "" if `available` bytes (platform::available_memory(); 0: unknown) allow a build, else why not.
std::string build_memory_problem(uint64_t available);

// The table file a job on `places` uses: the first whose header and size are right (its checksums are
// not read), else where a build would save it (the first writable folder that can be written, else the
// first writable folder). Throws lc::Error(CUBE_ERROR_NOT_FOUND) when there is no file and no writable
// folder (no usable home folder).
std::string table_file_to_use(const tablefile::TablePlaces &places);

}  // namespace lc::twophase
