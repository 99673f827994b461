#include "tablefile/table_places.hpp"

#include <pwd.h>
#include <sys/stat.h>
#include <unistd.h>

#include <algorithm>
#include <cerrno>
#include <cstdlib>
#include <cstring>
#include <vector>

#include <cube/solver.h>

#include "error.hpp"

#ifndef CUBE_SYSTEM_TABLE_DIR
#error "the build defines CUBE_SYSTEM_TABLE_DIR (libcube/meson.build)"
#endif

namespace lc::tablefile {
namespace {

constexpr const char *kNoHome = "no table folder: set CUBE_TABLE_DIR or HOME";

// A set environment variable, or "".
std::string env(const char *name) {
    const char *value = std::getenv(name);
    return value ? value : "";
}

// The user's cache folder for libcube, or "" (with `why`) when there is no usable home folder.
// Relative cache and home folders are ignored (as the XDG spec says): they would move with the
// working folder.
std::string user_cache_dir(std::string &why) {
    std::string xdg = env("XDG_CACHE_HOME");
    if (!xdg.empty() && xdg[0] == '/') return xdg + "/libcube";
    std::string home = env("HOME");
    if (!home.empty() && home[0] == '/') return home + "/.cache/libcube";
    // No usable HOME: the user's home folder from the password database.
    std::vector<char> buffer(16384);
    struct passwd entry;
    struct passwd *found = nullptr;
    int err = getpwuid_r(getuid(), &entry, buffer.data(), buffer.size(), &found);
    if (err == 0 && found && found->pw_dir && found->pw_dir[0] == '/')
        return std::string(found->pw_dir) + "/.cache/libcube";
    why = kNoHome;
    return "";
}

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
    return chosen.empty() ? CUBE_SYSTEM_TABLE_DIR : chosen;
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
    struct stat st;
    while (stat(at.c_str(), &st) != 0) {
        if (errno != ENOENT && errno != ENOTDIR) return "folder " + at + ": " + std::strerror(errno);
        std::string up = parent_of(at);
        if (up == at) return "folder " + at + " does not exist";
        at = up;
    }
    if (!S_ISDIR(st.st_mode)) return "table folder " + at + " is not a folder";
    if (access(at.c_str(), W_OK | X_OK) != 0) return "folder " + at + " cannot be written: " + std::strerror(errno);
    return "";
}

}  // namespace lc::tablefile
