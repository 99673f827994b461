// The folders a table file is looked for in and saved to: one folder the caller names, or the search
// path ($CUBE_TABLE_DIR, the user cache, then the read-only system folder).
#pragma once
#include <cstddef>
#include <cstdint>
#include <string>
#include <vector>

namespace lc::tablefile {

// Folders to look in, in order; the first `writable` of them are those a build may save in.
struct TablePlaces {
    std::vector<std::string> folders;
    std::vector<int32_t> roles;  // search_path(): a cube_table_folder_role per folder
    size_t writable = 0;
    std::string unnamed;  // why the user cache has no name (no usable home folder), or ""
};

// Only `dir`: looked in, and saved in.
TablePlaces only_folder(const std::string &dir);

// $CUBE_TABLE_DIR (if set) and the user cache (if it has a name), where a build saves; then the
// system folder, only looked in.
TablePlaces search_path();

// $CUBE_SYSTEM_TABLE_DIR if set (tests, packagers), else the folder compiled in (meson option
// system_table_dir, default LIBDIR/libcube/tables).
std::string system_dir();

// $CUBE_TABLE_DIR, else the user cache ($XDG_CACHE_HOME/libcube if absolute, else HOME/.cache/libcube
// with HOME the absolute $HOME or the password database's home); throws lc::Error(CUBE_ERROR_NOT_FOUND)
// with neither.
std::string default_dir();

// Whether files can be created in `dir`, or in the folder that creating `dir` would add to (its nearest
// existing parent); "" if so, else why not. Creates nothing.
std::string why_not_writable(const std::string &dir);

}  // namespace lc::tablefile
