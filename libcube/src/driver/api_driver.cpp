// C API: the driver registry (finding drivers, their problems, where their log goes).
#include "driver/api_driver.hpp"

#include "api_util.hpp"

namespace lc {

cube_status plugin_status(int32_t status) {
    return status >= 0 || status < CUBE_ERROR_INTERNAL ? CUBE_ERROR_IO : cube_status(status);
}

std::string driver_fail_text(cube_driver *d, const char *what) {
    const char *msg = d->entry.api.last_error(d->instance);
    return error_text("driver %s: %s: %s", d->entry.name.c_str(), what, msg ? msg : "(no message)");
}

cube_status driver_fail(cube_driver *d, int32_t status, const char *what) {
    return set_error_text(plugin_status(status), driver_fail_text(d, what));
}

cube_driver *usable_driver(const cube_driver *driver) {
    cube_driver *d = driver_impl(driver);
    if (d && d->hung) {
        set_error(CUBE_ERROR_IO,
                  "driver %s hung (a call did not return even after stop): it is not called again; close it",
                  d->entry.name.c_str());
        return nullptr;
    }
    return d;
}

const driver::Entry *entry_at(const cube_driver_registry *registry, int32_t i) {
    cube_driver_registry *r = registry_impl(registry);
    if (!r) return nullptr;
    if (i < 0 || size_t(i) >= r->reg.entries.size()) {
        set_error(CUBE_ERROR_INVALID_ARGUMENT, "driver %d: the registry has %zu", i, r->reg.entries.size());
        return nullptr;
    }
    return &r->reg.entries[size_t(i)];
}

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
        lc::set_error(CUBE_ERROR_INVALID_ARGUMENT, "problem %d: the registry has %zu", index, r->reg.problems.size());
        return nullptr;
    }
    return r->reg.problems[size_t(index)].c_str();
}

CUBE_API cube_status cube_driver_registry_set_log(cube_driver_registry *registry, cube_log_fn log, void *user_data,
                                                  int32_t max_level) {
    return lc::api_guard([&]() -> cube_status {
        cube_driver_registry *r = lc::registry_impl(registry);
        if (!r) return cube_last_status();
        if (max_level < 0 || max_level > CUBE_LOG_DEBUG)
            return lc::set_error(CUBE_ERROR_INVALID_ARGUMENT,
                                 "max_level %d: expected 0 (nothing) to %d (CUBE_LOG_DEBUG)",
                                 max_level, CUBE_LOG_DEBUG);
        std::lock_guard<std::mutex> lock(r->log->mu);
        r->log->fn = log;
        r->log->user_data = user_data;
        r->log->max_level = max_level;
        return CUBE_OK;
    });
}

}  // extern "C"
