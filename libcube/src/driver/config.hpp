// Per-actuator configuration files (the format of "@section config" in cube/driver_plugin.h), offered to
// plugins through the host's config_* services.
#pragma once
#include <cube/driver_plugin.h>

#include <map>
#include <string>
#include <vector>

#include "error.hpp"

struct cube_driver_config {
    struct Section {
        std::string name;
        std::map<std::string, std::string> values;
    };
    lc::HandleTag tag{lc::kMagicConfig};
    std::vector<Section> sections;  // in file order
    ~cube_driver_config() { tag.magic = 0; }
};

namespace lc::driver {

// Reads the file format into `out` (which must be empty). `origin` names the text in messages
// ("configuration file PATH"). Throws lc::Error(CUBE_ERROR_PARSE) naming the line.
void parse_config(const std::string &text, const std::string &origin, cube_driver_config &out);

// The text of a configuration file: at most 64 KiB, read with the limits of robot files. Throws lc::Error.
std::string read_config_file(const std::string &path);

// Whether `name` can be a section name or key: not empty, no blank, '[', ']', '=' or '#'.
bool config_name_ok(const std::string &name);

// The host's config_* services (cube_driver_host); they never throw.
cube_status config_load(const char *path, cube_driver_config **out);
cube_status config_parse(const char *text, cube_driver_config **out);
cube_status config_set(cube_driver_config *config, const char *section, const char *key, const char *value);
cube_status config_get(const cube_driver_config *config, const char *section, const char *key, const char **value);
cube_status config_get_int(const cube_driver_config *config, const char *section, const char *key, int64_t min,
                           int64_t max, int64_t fallback, int64_t *value);
cube_status config_section_count(const cube_driver_config *config, int32_t *count);
cube_status config_section_name(const cube_driver_config *config, int32_t index, const char **name);
void config_free(cube_driver_config *config);

}  // namespace lc::driver
