#include "tablefile/table_places.hpp"

#include <algorithm>
#include <vector>

#include <cube/solver.h>

#include "error.hpp"
#include "platform/platform.hpp"

namespace lc::tablefile {
namespace {

// A set environment variable, or "".
std::string env(const char *name) { return platform::env(name); }

// The user's cache folder for libcube, or "" (with `why`) when there is no usable home folder.
std::string user_cache_dir(std::string &why) { return platform::user_cache_folder(why); }

std::string parent_of(const std::string &dir) {
    size_t slash = dir.find_last_of('/', dir.size() > 1 ? dir.size() - 2 : 0);
    if (slash == std::string::npos) return ".";
    return slash == 0 ? "/" : dir.substr(0, slash);
}

// Appends `dir` with its role unless it is "" or listed already.
void add_new(TablePlaces &places, const std::string &dir, int32_t role) {
    if (dir.empty()) return;
    if (std::find(places.folders.begin(), places.folders.end(), dir) != places.folders.end()) return;
    places.folders.push_back(dir);
    places.roles.push_back(role);
}

}  // namespace

TablePlaces only_folder(const std::string &dir) {
    TablePlaces places;
    places.folders = {dir};
    places.writable = 1;
    return places;
}

TablePlaces search_path() {
    TablePlaces places;
    std::string chosen = env("CUBE_TABLE_DIR");
    add_new(places, chosen, CUBE_TABLE_FOLDER_ENV);
    add_new(places, user_cache_dir(places.unnamed), CUBE_TABLE_FOLDER_CACHE);
    places.writable = places.folders.size();
    add_new(places, system_dir(), CUBE_TABLE_FOLDER_SYSTEM);
    return places;
}

std::string system_dir() {
    std::string chosen = env("CUBE_SYSTEM_TABLE_DIR");
    return chosen.empty() ? platform::system_table_folder() : chosen;
}

std::string default_dir() {
    std::string chosen = env("CUBE_TABLE_DIR");
    if (!chosen.empty()) return chosen;
    std::string why;
    std::string cache = user_cache_dir(why);
    // Callers run inside api_guard, which turns this into the status and message of the call.
    if (cache.empty()) throw Error(CUBE_ERROR_NOT_FOUND, why);
    return cache;
}

std::string why_not_writable(const std::string &dir) {
    std::string at = dir;
    platform::FileInfo info;
    platform::OsError e;
    while (!platform::path_info(at, info, &e)) {
        if (e.kind != platform::Fail::kMissing && e.kind != platform::Fail::kNotFolder)
            return "folder " + at + ": " + e.text;
        std::string up = parent_of(at);
        if (up == at) return "folder " + at + " does not exist";
        at = up;
    }
    if (info.type != platform::FileType::kFolder) return "table folder " + at + " is not a folder";
    if (!platform::folder_writable(at, e)) return "folder " + at + " cannot be written: " + e.text;
    return "";
}

}  // namespace lc::tablefile
