// C API: opening and closing drivers, their name and robot, options and queries.
#include <cstring>

#include "api_util.hpp"
#include "driver/api_driver.hpp"
#include "driver/calls.hpp"

namespace {

// What a driver is opened with: "NAME:OPTIONS" or "NAME".
struct Uri {
    std::string name;
    const char *options;
};

Uri split_uri(const char *uri) {
    const char *colon = std::strchr(uri, ':');
    return colon ? Uri{std::string(uri, colon), colon + 1} : Uri{uri, ""};
}

std::string driver_names(const lc::driver::Registry &reg) {
    std::string known;
    for (const lc::driver::Entry &e : reg.entries) known += (known.empty() ? "" : ", ") + e.name;
    return known;
}

}  // namespace

extern "C" {

CUBE_API cube_status cube_driver_open(const cube_driver_registry *registry, const char *uri, cube_driver **out) {
    return lc::api_guard([&]() -> cube_status {
        cube_status st = lc::check_out(out);
        if (st != CUBE_OK) return st;
        cube_driver_registry *r = lc::registry_impl(registry);
        if (!r) return cube_last_status();
        if (!uri) return lc::set_error(CUBE_ERROR_INVALID_ARGUMENT, "uri is NULL");
        const Uri parts = split_uri(uri);
        for (const lc::driver::Entry &e : r->reg.entries) {
            if (e.name != parts.name) continue;
            auto d = std::make_unique<cube_driver>();
            d->entry = e;
            d->host = lc::driver::make_host(e.name, r->log);
            char err[512] = "";
            int32_t s = lc::driver::call_open(e, &d->host->table, parts.options, &d->instance, err, sizeof err);
            if (s != CUBE_OK || !d->instance) {
                if (s >= 0 || s < CUBE_ERROR_INTERNAL) s = CUBE_ERROR_IO;
                err[sizeof err - 1] = 0;
                return lc::set_error(cube_status(s), "driver %s: cannot open \"%s\": %s", e.name.c_str(), parts.options,
                                     err[0] ? err : "(no message)");
            }
            *out = d.release();
            return CUBE_OK;
        }
        return lc::set_error(CUBE_ERROR_NOT_FOUND, "no driver named \"%s\" (available: %s)", parts.name.c_str(),
                             driver_names(r->reg).c_str());
    });
}

CUBE_API void cube_driver_close(cube_driver *driver) {
    if (!driver || driver->tag.magic != lc::kMagicDriver) return;
    if (driver->hung) {
        // Abandoned, not freed: the plugin may still return into its instance, its host services and its
        // library, so all of them stay until the process ends. The handle is no longer valid.
        driver->tag.magic = 0;
        return;
    }
    {
        std::lock_guard<std::mutex> lock(driver->stop_mu);
        lc::driver::call_stop(driver->entry, driver->instance, CUBE_STOP_DEENERGIZE);
        driver->entry.api.close(driver->instance);
        driver->instance = nullptr;
    }
    delete driver;
}

CUBE_API const char *cube_driver_name(const cube_driver *driver) {
    cube_driver *d = lc::driver_impl(driver);
    return d ? d->entry.name.c_str() : nullptr;
}

CUBE_API const char *cube_driver_robot_spec(const cube_driver *driver) {
    cube_driver *d = lc::usable_driver(driver);
    if (!d) return nullptr;
    const char *spec = d->entry.api.robot_spec(d->instance);
    return spec ? spec : "";
}

CUBE_API cube_status cube_driver_configure(cube_driver *driver, const char *key, const char *value) {
    return lc::api_guard([&]() -> cube_status {
        cube_driver *d = lc::usable_driver(driver);
        if (!d) return cube_last_status();
        if (!key || !value) return lc::set_error(CUBE_ERROR_INVALID_ARGUMENT, "key or value is NULL");
        int32_t s = d->entry.api.configure(d->instance, key, value);
        return s == CUBE_OK ? CUBE_OK : lc::driver_fail(d, s, key);
    });
}

CUBE_API cube_status cube_driver_query(cube_driver *driver, const char *key, char *buffer, int32_t capacity,
                                       int32_t *length) {
    return lc::api_guard([&]() -> cube_status {
        cube_driver *d = lc::usable_driver(driver);
        if (!d) return cube_last_status();
        if (!key) return lc::set_error(CUBE_ERROR_INVALID_ARGUMENT, "key is NULL");
        if (capacity < 0 || (!buffer && capacity > 0))
            return lc::set_error(CUBE_ERROR_INVALID_ARGUMENT, "buffer %s with capacity %d", buffer ? "given" : "NULL",
                                 capacity);
        int32_t s = d->entry.api.query(d->instance, key, buffer, capacity, length);
        return s == CUBE_OK ? CUBE_OK : lc::driver_fail(d, s, key);
    });
}

}  // extern "C"
