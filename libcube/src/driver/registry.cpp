#include "driver/registry.hpp"

#include <algorithm>
#include <cstddef>
#include <cstdlib>
#include <cstring>

#include "sim/sim_driver.h"  // the built-in sim driver (sim/)
#include "platform/platform.hpp"
#include "versioned.hpp"

namespace lc::driver {

Library::~Library() {
    if (handle) platform::close_library(handle);
}

namespace {

// The published size of each table version: sizes[v - 1] for version v.
using ApiSizes = StructInfo<cube_driver_api>;
static_assert(sizeof(ApiSizes::sizes) / sizeof(uint32_t) == CUBE_DRIVER_ABI_VERSION,
              "publish the table size of every driver ABI version");

bool valid_name(const char *n) {
    if (!n || !*n || std::strlen(n) > 32) return false;
    for (const char *c = n; *c; ++c)
        if (!((*c >= 'a' && *c <= 'z') || (*c >= '0' && *c <= '9') || *c == '-' || *c == '_')) return false;
    return true;
}

// The first function a table of `version` must have and lacks, or null.
const char *missing_function(const cube_driver_api &a, uint32_t version) {
    if (version == 1) {
        if (!a.open) return "open";
        if (!a.execute) return "execute";
        if (!a.stop) return "stop";
    } else {
        if (!a.open && !a.open_host) return "open (or open_host)";
        if (!a.execute && !a.execute_steps) return "execute (or execute_steps)";
        if (!a.stop && !a.stop_level) return "stop (or stop_level)";
    }
    if (!a.robot_spec) return "robot_spec";
    if (!a.actuator_count) return "actuator_count";
    if (!a.actuator_name) return "actuator_name";
    if (!a.configure) return "configure";
    if (!a.status) return "status";
    if (!a.position) return "position";
    if (!a.query) return "query";
    if (!a.last_error) return "last_error";
    if (!a.close) return "close";
    return nullptr;
}

bool plugin_file_name(const char *n) {
    const char *suffix = platform::library_suffix();
    size_t len = std::strlen(n);
    size_t suffix_len = std::strlen(suffix);
    return std::strncmp(n, "cube-driver-", 12) == 0 && len > 12 + suffix_len &&
           std::strcmp(n + len - suffix_len, suffix) == 0;
}

// Why a folder or plugin file is not safe to load code from ("" if it is), checked before the library is
// loaded (which runs the plugin's constructors): see platform::unsafe_to_load.
std::string unsafe(const std::string &path) { return platform::unsafe_to_load(path); }

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
    auto lib = std::make_shared<Library>();
    std::string load_problem;
    lib->handle = platform::load_library(path, load_problem);
    if (!lib->handle) {
        why = "not a loadable shared object: " + load_problem;
        return false;
    }
    void *sym = platform::library_symbol(lib->handle, CUBE_DRIVER_ENTRY_SYMBOL);
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
    if (!accept_table(*api, out, why)) return false;
    out.path = path;
    out.lib = std::move(lib);
    return true;
}

bool accept_table(const cube_driver_api &api, Entry &out, std::string &why) {
    const uint32_t version = api.abi_version;
    if (version < 1 || version > CUBE_DRIVER_ABI_VERSION) {
        why = "driver ABI version " + std::to_string(version) + ", this libcube accepts 1 to " +
              std::to_string(CUBE_DRIVER_ABI_VERSION);
        return false;
    }
    const uint32_t published = ApiSizes::sizes[version - 1];
    if (api.struct_size < published) {
        why = "driver table of " + std::to_string(api.struct_size) + " bytes is smaller than version " +
              std::to_string(version) + "'s " + std::to_string(published);
        return false;
    }
    // Only the fields of the table's own version: a version-1 table's later fields stay zero.
    cube_driver_api copy{};
    std::memcpy(&copy, &api, published);
    if (const char *f = missing_function(copy, version)) {
        why = std::string("driver table (version ") + std::to_string(version) + ") lacks the function " + f;
        return false;
    }
    if (!valid_name(copy.name)) {
        why = "driver name is missing or not 1-32 of a-z 0-9 - _";
        return false;
    }
    out.name = copy.name;
    out.description = copy.description ? copy.description : "";
    out.path = "(built-in)";
    out.api = copy;
    return true;
}

std::string default_search_path() {
    const char *env = std::getenv("CUBE_DRIVER_PATH");
    std::string p = env && *env ? std::string(env) + platform::path_list_separator() : "";
    return p + platform::driver_folder();
}

Registry scan(const std::string &search_path) {
    Registry r;
    Entry sim;
    std::string sim_refused;
    if (accept_table(*lc_sim_driver_table(), sim, sim_refused))
        add(r, std::move(sim));
    else
        r.problems.push_back("(built-in) sim: refused: " + sim_refused);
    size_t pos = 0;
    while (pos <= search_path.size()) {
        size_t colon = search_path.find(platform::path_list_separator(), pos);
        std::string dir = search_path.substr(pos, colon == std::string::npos ? std::string::npos : colon - pos);
        pos = colon == std::string::npos ? search_path.size() + 1 : colon + 1;
        if (dir.empty()) continue;
        if (!platform::is_absolute(dir)) {
            r.problems.push_back(dir + ": refused: a relative folder in the driver search path (it depends on the "
                                       "current folder); give absolute folders");
            continue;
        }
        std::vector<std::string> names;
        if (!platform::list_folder(dir, names)) continue;  // a folder that does not exist is no problem
        std::string folder_risk = unsafe(dir);
        if (!folder_risk.empty()) {
            r.problems.push_back(dir + ": refused: the folder is " + folder_risk + "; no plugin there is loaded");
            continue;
        }
        std::vector<std::string> files;
        for (const std::string &name : names)
            if (plugin_file_name(name.c_str())) files.push_back(name);
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
