// Table folders for the tests of the table file: a temporary folder holding the suite's good 3x3
// table file (a hard link where it can be, else a copy written by the library), and its leftovers.
#pragma once
#include <unistd.h>

#include <string>

#include "../fault/fault_injection.hpp"
#include "helpers.hpp"
#include "tablefile/table_file.hpp"
#include "twophase/tables.hpp"

namespace tp_test {

// The suite's table file (CUBE_TABLE_DIR, set by meson).
inline std::string shared_table_path() {
    return lc::twophase::table_file_path(lc::twophase::default_table_dir());
}

// A new folder beside the suite's table folder (so that a hard link can work); "" if it cannot be made.
inline std::string table_test_dir() {
    std::string parent = lc::twophase::default_table_dir() + "/..";
    std::string dir = fault::make_temp_dir(parent);
    return dir.empty() ? fault::make_temp_dir() : dir;
}

// Puts the good table file into `dir`; true if it is there. A hard link shares the suite's inode: tests
// may rename files over it or unlink it, never write into it.
inline bool place_good_table_file(const std::string &dir) {
    std::string path = lc::twophase::table_file_path(dir);
    if (link(shared_table_path().c_str(), path.c_str()) == 0) return true;
    auto shared = shared_tables();
    return shared && write_status(path, *shared->blob) == CUBE_OK;
}

}  // namespace tp_test
