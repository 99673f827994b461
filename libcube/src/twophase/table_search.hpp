// The 3x3 table job over several folders (tablefile::TablePlaces: one folder, or the search path): the
// first sound file is mapped; if none is, the tables are built and saved in the first folder that can
// be written.
#pragma once
#include <memory>
#include <string>

#include "tablefile/table_places.hpp"
#include "twophase/twophase.hpp"

namespace lc::twophase {

// Maps the first sound table file in `places.folders` (a notice names each damaged file passed over).
// If there is none, builds the tables and saves them in the first of the writable folders that exists
// or can be made, and can be written (table_set.hpp: build_in_folder); with none, builds them in memory
// after a notice saying why, or with `must_save` fails with CUBE_ERROR_IO before anything is built.
// Every other failure as load_or_build(dir, ...) in twophase.hpp.
std::shared_ptr<const Tables> load_or_build(const tablefile::TablePlaces &places, const Progress &progress,
                                            bool must_save = false);

// The table file a job on `places` uses: the first whose header and size are right (its checksums are
// not read), else where a build would save it (the first writable folder that can be written, else the
// first writable folder). Throws lc::Error(CUBE_ERROR_NOT_FOUND) when there is no file and no writable
// folder (no usable home folder).
std::string table_file_to_use(const tablefile::TablePlaces &places);

}  // namespace lc::twophase
