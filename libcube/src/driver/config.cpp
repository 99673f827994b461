// The host's config_* services: loading, looking up (with [defaults]), setting, listing, freeing.
#include "driver/config.hpp"

#include <cerrno>
#include <cinttypes>
#include <cstdlib>
#include <cstring>
#include <memory>

#include "api_util.hpp"
#include "small_text_file.hpp"

namespace lc::driver {
namespace {

cube_driver_config *config_impl(const cube_driver_config *c) {
    return checked<cube_driver_config>(const_cast<cube_driver_config *>(c), kMagicConfig, "config");
}

const cube_driver_config::Section *find_section(const cube_driver_config &c, const std::string &name) {
    for (const cube_driver_config::Section &s : c.sections)
        if (s.name == name) return &s;
    return nullptr;
}

const std::string *find_value(const cube_driver_config &c, const std::string &section, const std::string &key) {
    const cube_driver_config::Section *s = find_section(c, section);
    if (!s) return nullptr;
    auto it = s->values.find(key);
    return it == s->values.end() ? nullptr : &it->second;
}

// The value of section.key, else (for actuator sections) of defaults.key; null when absent.
const std::string *lookup(const cube_driver_config &c, const std::string &section, const std::string &key) {
    if (const std::string *v = find_value(c, section, key)) return v;
    if (section == "device" || section == "defaults") return nullptr;
    return find_value(c, "defaults", key);
}

cube_status check_names(const char *section, const char *key) {
    if (!section || !key) return set_error(CUBE_ERROR_INVALID_ARGUMENT, "section or key is NULL");
    return CUBE_OK;
}

// What a get call reads: `value` cleared first, then the handle, section and key checked; NULL (and the
// error) when one is wrong.
template <typename T>
const cube_driver_config *config_to_read(const cube_driver_config *config, const char *section, const char *key,
                                         T *value) {
    if (clear_out(value, "value") != CUBE_OK) return nullptr;
    const cube_driver_config *c = config_impl(config);
    if (!c || check_names(section, key) != CUBE_OK) return nullptr;
    return c;
}

// Decimal digits with an optional sign, nothing else.
bool integer_syntax(const std::string &s) {
    const size_t first_digit = !s.empty() && (s[0] == '+' || s[0] == '-') ? 1 : 0;
    return s.size() > first_digit && s.find_first_not_of("0123456789", first_digit) == std::string::npos;
}

cube_status new_config(const std::string &text, const std::string &origin, cube_driver_config **out) {
    auto config = std::make_unique<cube_driver_config>();
    parse_config(text, origin, *config);
    *out = config.release();
    return CUBE_OK;
}

}  // namespace

cube_status config_load(const char *path, cube_driver_config **out) {
    return api_guard([&]() -> cube_status {
        cube_status st = check_out(out);
        if (st != CUBE_OK) return st;
        if (!path) return set_error(CUBE_ERROR_INVALID_ARGUMENT, "path is NULL");
        return new_config(read_config_file(path), std::string("configuration file ") + path, out);
    });
}

cube_status config_parse(const char *text, cube_driver_config **out) {
    return api_guard([&]() -> cube_status {
        cube_status st = check_out(out);
        if (st != CUBE_OK) return st;
        if (!text) return set_error(CUBE_ERROR_INVALID_ARGUMENT, "text is NULL");
        if (strnlen(text, kMaxSmallTextBytes + 1) > kMaxSmallTextBytes)
            return set_error(CUBE_ERROR_INVALID_ARGUMENT,
                             "configuration text of more than %zu bytes, the most it may have",
                             kMaxSmallTextBytes);
        return new_config(text, "configuration", out);
    });
}

cube_status config_set(cube_driver_config *config, const char *section, const char *key, const char *value) {
    return api_guard([&]() -> cube_status {
        cube_driver_config *c = config_impl(config);
        if (!c) return cube_last_status();
        cube_status st = check_names(section, key);
        if (st != CUBE_OK) return st;
        if (!value) return set_error(CUBE_ERROR_INVALID_ARGUMENT, "value is NULL");
        if (!config_name_ok(section) || !config_name_ok(key))
            return set_error(CUBE_ERROR_INVALID_ARGUMENT,
                             "\"%s\".\"%s\": names are not empty and have no blank, [, ], = or #",
                             section, key);
        if (!find_section(*c, section)) c->sections.push_back({section, {}});
        for (cube_driver_config::Section &s : c->sections)
            if (s.name == section) s.values[key] = value;
        return CUBE_OK;
    });
}

cube_status config_get(const cube_driver_config *config, const char *section, const char *key, const char **value) {
    return api_guard([&]() -> cube_status {
        const cube_driver_config *c = config_to_read(config, section, key, value);
        if (!c) return cube_last_status();
        const std::string *v = lookup(*c, section, key);
        *value = v ? v->c_str() : nullptr;
        return CUBE_OK;
    });
}

cube_status config_get_int(const cube_driver_config *config, const char *section, const char *key, int64_t min,
                           int64_t max, int64_t fallback, int64_t *value) {
    return api_guard([&]() -> cube_status {
        const cube_driver_config *c = config_to_read(config, section, key, value);
        if (!c) return cube_last_status();
        if (min > max)
            return set_error(CUBE_ERROR_INVALID_ARGUMENT,
                             "%s.%s: min %" PRId64 " is above max %" PRId64, section, key, min,
                             max);
        const std::string *text = lookup(*c, section, key);
        if (!text) {
            *value = fallback;
            return CUBE_OK;
        }
        if (!integer_syntax(*text))
            return set_error(CUBE_ERROR_PARSE,
                             "configuration %s.%s = \"%s\": not an integer", section, key, text->c_str());
        errno = 0;
        long long n = std::strtoll(text->c_str(), nullptr, 10);
        if (errno == ERANGE || n < min || n > max)
            return set_error(CUBE_ERROR_PARSE,
                             "configuration %s.%s = %s: out of range %" PRId64 "..%" PRId64, section, key,
                             text->c_str(), min, max);
        *value = n;
        return CUBE_OK;
    });
}

cube_status config_section_count(const cube_driver_config *config, int32_t *count) {
    return api_guard([&]() -> cube_status {
        cube_status st = clear_out(count, "count");
        if (st != CUBE_OK) return st;
        const cube_driver_config *c = config_impl(config);
        if (!c) return cube_last_status();
        *count = int32_t(c->sections.size());
        return CUBE_OK;
    });
}

cube_status config_section_name(const cube_driver_config *config, int32_t index, const char **name) {
    return api_guard([&]() -> cube_status {
        cube_status st = clear_out(name, "name");
        if (st != CUBE_OK) return st;
        const cube_driver_config *c = config_impl(config);
        if (!c) return cube_last_status();
        if (index < 0 || size_t(index) >= c->sections.size())
            return set_error(CUBE_ERROR_INVALID_ARGUMENT,
                             "section %d: the configuration has %zu", index, c->sections.size());
        *name = c->sections[size_t(index)].name.c_str();
        return CUBE_OK;
    });
}

void config_free(cube_driver_config *config) {
    if (config && config->tag.magic == kMagicConfig) delete config;
}

}  // namespace lc::driver
