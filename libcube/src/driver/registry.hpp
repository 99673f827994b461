// Finding drivers: the built-in ones and plugins along a search path.
#pragma once
#include <cube/driver_plugin.h>

#include <memory>
#include <string>
#include <vector>

namespace lc::driver {

// A dlopen()ed plugin; closed when the last driver table from it is gone.
struct Library {
    void *handle = nullptr;
    ~Library();
};

struct Entry {
    std::string name, description, path;  // path "(built-in)" for built-ins
    cube_driver_api api{};                // the fields of the table's version; later ones are zero
    std::shared_ptr<Library> lib;         // null for built-ins
};

struct Registry {
    std::vector<Entry> entries;
    std::vector<std::string> problems;
};

// Built-ins, then every cube-driver-*.so in each folder of `search_path` (':'-separated) in name order.
Registry scan(const std::string &search_path);

// Loads one plugin file; on refusal returns false and says why (without the path).
bool load_plugin(const std::string &path, Entry &out, std::string &why);

// Checks a table of any version from 1 to CUBE_DRIVER_ABI_VERSION (size, required functions, name) and
// copies it into `out` as a built-in; on refusal returns false and says why.
bool accept_table(const cube_driver_api &api, Entry &out, std::string &why);

// $CUBE_DRIVER_PATH, then the installed driver folder.
std::string default_search_path();

}  // namespace lc::driver
