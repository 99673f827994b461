// What `cube tables path --search` shows: each folder of the 3x3 table search path and the state of the file
// there (the public handle cube_table_search of cube/solver.h), and its text and JSON. The search for the file a
// solver uses is twophase/table_search.hpp's.
#pragma once
#include <cube/solver.h>

#include <string>
#include <vector>

#include "error.hpp"

namespace lc {

constexpr uint32_t kMagicTableSearch = 0x54534552;  // "TSER"

// One folder of the search path and the file there.
struct TableFolder {
    int32_t role = CUBE_TABLE_FOLDER_ENV;   // a cube_table_folder_role
    std::string folder;
    std::string file;                        // the file looked at (the folder if no file name could be made)
    int32_t state = CUBE_TABLE_FILE_MISSING; // a cube_table_file_state
    std::string error;                       // why it cannot be used; "" when sound or missing
    std::string other_file;                  // the other byte order's file, when one is there, else ""
    std::string other_notice;                // the notice that names it
};

}  // namespace lc

struct cube_table_search {
    lc::HandleTag tag{lc::kMagicTableSearch};
    std::vector<lc::TableFolder> folders;
    std::string path;  // the file used, else where a build saves it; "" for neither
    int32_t used = -1;         // the folder whose file is used (the first sound one), or -1
    int32_t build_saves = -1;  // with none used, the folder a build saves in, or -1
    ~cube_table_search() { tag.magic = 0; }
};

namespace lc {

// Looks along the search path now (every file present is verified completely).
void run_table_search(cube_table_search &search);

// The search as `cube tables path --search` prints it, or (json) as `--search --json` does without the newline.
std::string format_table_search(const cube_table_search &search, bool json);

}  // namespace lc
