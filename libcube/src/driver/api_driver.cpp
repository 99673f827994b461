// C API: the driver registry, opening drivers, options and queries.
#include <cstring>

#include "api_util.hpp"
#include "driver/driver_handles.hpp"

namespace lc {

cube_status driver_fail(cube_driver *d, int32_t status, const char *what) {
    const char *msg = d->entry.api.last_error(d->instance);
    if (status >= 0 || status < CUBE_ERROR_INTERNAL) status = CUBE_ERROR_IO;  // a plugin's odd status
    return fail(cube_status(status), "driver %s: %s: %s", d->entry.name.c_str(), what, msg ? msg : "(no message)");
}

namespace {

const driver::Entry *entry_at(const cube_driver_registry *registry, int32_t i) {
    cube_driver_registry *r = registry_impl(registry);
    if (!r) return nullptr;
    if (i < 0 || size_t(i) >= r->reg.entries.size()) {
        fail(CUBE_ERROR_INVALID_ARGUMENT, "driver %d: the registry has %zu", i, r->reg.entries.size());
        return nullptr;
    }
    return &r->reg.entries[i];
}

}  // namespace
}  // namespace lc

extern "C" {

CUBE_API cube_status cube_driver_registry_new(const char *search_path, cube_driver_registry **out) {
    return lc::api_guard([&]() -> cube_status {
        cube_status st = lc::check_out(out);
        if (st != CUBE_OK) return st;
        auto r = std::make_unique<cube_driver_registry>();
        r->reg = lc::driver::scan(search_path ? search_path : lc::driver::default_search_path());
        *out = r.release();
        return CUBE_OK;
    });
}

CUBE_API void cube_driver_registry_free(cube_driver_registry *registry) {
    if (registry && registry->tag.magic == lc::kMagicRegistry) delete registry;
}

CUBE_API int32_t cube_driver_registry_count(const cube_driver_registry *registry) {
    cube_driver_registry *r = lc::registry_impl(registry);
    return r ? int32_t(r->reg.entries.size()) : cube_last_status();
}

CUBE_API const char *cube_driver_registry_name(const cube_driver_registry *registry, int32_t index) {
    const lc::driver::Entry *e = lc::entry_at(registry, index);
    return e ? e->name.c_str() : nullptr;
}

CUBE_API const char *cube_driver_registry_description(const cube_driver_registry *registry, int32_t index) {
    const lc::driver::Entry *e = lc::entry_at(registry, index);
    return e ? e->description.c_str() : nullptr;
}

CUBE_API const char *cube_driver_registry_path(const cube_driver_registry *registry, int32_t index) {
    const lc::driver::Entry *e = lc::entry_at(registry, index);
    return e ? e->path.c_str() : nullptr;
}

CUBE_API int32_t cube_driver_registry_problem_count(const cube_driver_registry *registry) {
    cube_driver_registry *r = lc::registry_impl(registry);
    return r ? int32_t(r->reg.problems.size()) : cube_last_status();
}

CUBE_API const char *cube_driver_registry_problem(const cube_driver_registry *registry, int32_t index) {
    cube_driver_registry *r = lc::registry_impl(registry);
    if (!r) return nullptr;
    if (index < 0 || size_t(index) >= r->reg.problems.size()) {
        lc::fail(CUBE_ERROR_INVALID_ARGUMENT, "problem %d: the registry has %zu", index, r->reg.problems.size());
        return nullptr;
    }
    return r->reg.problems[index].c_str();
}

CUBE_API cube_status cube_driver_open(const cube_driver_registry *registry, const char *uri, cube_driver **out) {
    return lc::api_guard([&]() -> cube_status {
        cube_status st = lc::check_out(out);
        if (st != CUBE_OK) return st;
        cube_driver_registry *r = lc::registry_impl(registry);
        if (!r) return cube_last_status();
        if (!uri) return lc::fail(CUBE_ERROR_INVALID_ARGUMENT, "uri is NULL");
        const char *colon = std::strchr(uri, ':');
        std::string name = colon ? std::string(uri, colon) : std::string(uri);
        const char *options = colon ? colon + 1 : "";
        for (const lc::driver::Entry &e : r->reg.entries) {
            if (e.name != name) continue;
            auto d = std::make_unique<cube_driver>();
            d->entry = e;
            char err[512] = "";
            int32_t s = e.api.open(options, &d->instance, err, sizeof err);
            if (s != CUBE_OK || !d->instance) {
                if (s >= 0 || s < CUBE_ERROR_INTERNAL) s = CUBE_ERROR_IO;
                err[sizeof err - 1] = 0;
                return lc::fail(cube_status(s), "driver %s: cannot open \"%s\": %s", name.c_str(), options,
                                err[0] ? err : "(no message)");
            }
            *out = d.release();
            return CUBE_OK;
        }
        std::string known;
        for (const lc::driver::Entry &e : r->reg.entries)
            known += (known.empty() ? "" : ", ") + e.name;
        return lc::fail(CUBE_ERROR_NOT_FOUND, "no driver named \"%s\" (available: %s)", name.c_str(), known.c_str());
    });
}

CUBE_API void cube_driver_close(cube_driver *driver) {
    if (!driver || driver->tag.magic != lc::kMagicDriver) return;
    {
        std::lock_guard<std::mutex> lock(driver->stop_mu);
        driver->entry.api.stop(driver->instance);
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
    cube_driver *d = lc::driver_impl(driver);
    if (!d) return nullptr;
    const char *spec = d->entry.api.robot_spec(d->instance);
    return spec ? spec : "";
}

CUBE_API cube_status cube_driver_configure(cube_driver *driver, const char *key, const char *value) {
    return lc::api_guard([&]() -> cube_status {
        cube_driver *d = lc::driver_impl(driver);
        if (!d) return cube_last_status();
        if (!key || !value) return lc::fail(CUBE_ERROR_INVALID_ARGUMENT, "key or value is NULL");
        int32_t s = d->entry.api.configure(d->instance, key, value);
        return s == CUBE_OK ? CUBE_OK : lc::driver_fail(d, s, key);
    });
}

CUBE_API cube_status cube_driver_query(cube_driver *driver, const char *key, char *buffer, int32_t capacity,
                                       int32_t *length) {
    return lc::api_guard([&]() -> cube_status {
        cube_driver *d = lc::driver_impl(driver);
        if (!d) return cube_last_status();
        if (!key) return lc::fail(CUBE_ERROR_INVALID_ARGUMENT, "key is NULL");
        int32_t s = d->entry.api.query(d->instance, key, buffer, capacity, length);
        return s == CUBE_OK ? CUBE_OK : lc::driver_fail(d, s, key);
    });
}

}  // extern "C"
