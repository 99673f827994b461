#include "driver/registry.hpp"

#include <dirent.h>
#include <dlfcn.h>
#include <sys/stat.h>
#include <unistd.h>

#include <algorithm>
#include <cstddef>
#include <cstdlib>
#include <cstring>

#include "driver/sim.hpp"

#ifndef CUBE_DRIVER_DIR
#define CUBE_DRIVER_DIR "/usr/local/lib/libcube/drivers"
#endif

namespace lc::driver {

Library::~Library() {
    if (handle) dlclose(handle);
}

namespace {

// Size of the version-1 table: every field up to and including close.
constexpr uint32_t kApiV1Size = offsetof(cube_driver_api, close) + sizeof(void (*)(void *));

bool valid_name(const char *n) {
    if (!n || !*n || std::strlen(n) > 32) return false;
    for (const char *c = n; *c; ++c)
        if (!((*c >= 'a' && *c <= 'z') || (*c >= '0' && *c <= '9') || *c == '-' || *c == '_')) return false;
    return true;
}

const char *missing_function(const cube_driver_api &a) {
    if (!a.open) return "open";
    if (!a.robot_spec) return "robot_spec";
    if (!a.actuator_count) return "actuator_count";
    if (!a.actuator_name) return "actuator_name";
    if (!a.configure) return "configure";
    if (!a.execute) return "execute";
    if (!a.status) return "status";
    if (!a.position) return "position";
    if (!a.query) return "query";
    if (!a.stop) return "stop";
    if (!a.last_error) return "last_error";
    if (!a.close) return "close";
    return nullptr;
}

bool plugin_file_name(const char *n) {
    size_t len = std::strlen(n);
    return std::strncmp(n, "cube-driver-", 12) == 0 && len > 15 && std::strcmp(n + len - 3, ".so") == 0;
}

// Why a folder or plugin file is not safe to load code from ("" if it is): anyone could have written it
// (world-writable), or it belongs to someone other than root and this user. Checked before dlopen(),
// which runs the plugin's constructors. Symbolic links are followed: the file loaded is what counts.
std::string unsafe(const std::string &path) {
    struct stat st;
    if (stat(path.c_str(), &st) != 0) return "";
    if (st.st_mode & S_IWOTH) return "world-writable (anyone could have put code there)";
    if (st.st_uid != 0 && st.st_uid != geteuid())
        return "owned by uid " + std::to_string(st.st_uid) + ", neither root nor this user";
    return "";
}

void add(Registry &r, Entry e) {
    for (const Entry &o : r.entries)
        if (o.name == e.name) {
            r.problems.push_back(e.path + ": driver \"" + e.name + "\" ignored: " + o.path + " provides it first");
            return;
        }
    r.entries.push_back(std::move(e));
}

}  // namespace

bool load_plugin(const std::string &path, Entry &out, std::string &why) {
    dlerror();
    auto lib = std::make_shared<Library>();
    lib->handle = dlopen(path.c_str(), RTLD_NOW | RTLD_LOCAL);
    if (!lib->handle) {
        const char *e = dlerror();
        why = std::string("not a loadable shared object: ") + (e ? e : "dlopen failed");
        return false;
    }
    void *sym = dlsym(lib->handle, CUBE_DRIVER_ENTRY_SYMBOL);
    if (!sym) {
        why = "not a libcube driver: it does not export " CUBE_DRIVER_ENTRY_SYMBOL;
        return false;
    }
    auto entry = reinterpret_cast<cube_driver_entry_fn>(sym);
    const cube_driver_api *api = entry(CUBE_DRIVER_ABI_VERSION);
    if (!api) {
        why = "the plugin declined this host (driver ABI " + std::to_string(CUBE_DRIVER_ABI_VERSION) + ")";
        return false;
    }
    if (api->abi_version != CUBE_DRIVER_ABI_VERSION) {
        why = "driver ABI version " + std::to_string(api->abi_version) + ", this libcube needs " +
              std::to_string(CUBE_DRIVER_ABI_VERSION);
        return false;
    }
    if (api->struct_size < kApiV1Size) {
        why = "driver table of " + std::to_string(api->struct_size) + " bytes is smaller than version 1 (" +
              std::to_string(kApiV1Size) + ")";
        return false;
    }
    cube_driver_api copy{};
    std::memcpy(&copy, api, std::min<size_t>(api->struct_size, sizeof copy));
    if (const char *f = missing_function(copy)) {
        why = std::string("driver table lacks the function ") + f;
        return false;
    }
    if (!valid_name(copy.name)) {
        why = "driver name is missing or not 1-32 of a-z 0-9 - _";
        return false;
    }
    out.name = copy.name;
    out.description = copy.description ? copy.description : "";
    out.path = path;
    out.api = copy;
    out.lib = std::move(lib);
    return true;
}

std::string default_search_path() {
    const char *env = std::getenv("CUBE_DRIVER_PATH");
    std::string p = env && *env ? std::string(env) + ":" : "";
    return p + CUBE_DRIVER_DIR;
}

Registry scan(const std::string &search_path) {
    Registry r;
    static const cube_driver_api kSim =
        sim_api("sim", "simulated robot and cube: executes plans with the robot's physics");
    add(r, Entry{kSim.name, kSim.description, "(built-in)", kSim, nullptr});
    size_t pos = 0;
    while (pos <= search_path.size()) {
        size_t colon = search_path.find(':', pos);
        std::string dir = search_path.substr(pos, colon == std::string::npos ? std::string::npos : colon - pos);
        pos = colon == std::string::npos ? search_path.size() + 1 : colon + 1;
        if (dir.empty()) continue;
        if (dir[0] != '/') {
            r.problems.push_back(dir + ": refused: a relative folder in the driver search path (it depends on the "
                                       "current folder); give absolute folders");
            continue;
        }
        DIR *d = opendir(dir.c_str());
        if (!d) continue;  // a folder that does not exist is no problem
        std::string folder_risk = unsafe(dir);
        if (!folder_risk.empty()) {
            closedir(d);
            r.problems.push_back(dir + ": refused: the folder is " + folder_risk + "; no plugin there is loaded");
            continue;
        }
        std::vector<std::string> files;
        while (dirent *e = readdir(d))
            if (plugin_file_name(e->d_name)) files.push_back(e->d_name);
        closedir(d);
        std::sort(files.begin(), files.end());
        for (const std::string &f : files) {
            Entry e;
            std::string why, path = dir + "/" + f;
            std::string risk = unsafe(path);
            if (!risk.empty()) {
                r.problems.push_back(path + ": refused: the file is " + risk);
                continue;
            }
            if (load_plugin(path, e, why))
                add(r, std::move(e));
            else
                r.problems.push_back(path + ": refused: " + why);
        }
    }
    return r;
}

}  // namespace lc::driver
