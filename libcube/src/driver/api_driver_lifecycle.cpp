// C API: the lifecycle of an open driver: prepare, rest, stop.
#include "api_util.hpp"
#include "driver/api_driver.hpp"
#include "driver/calls.hpp"
#include "driver/faults.hpp"
#include "driver/rest.hpp"

namespace {

// Fails with the plugin's message and records its fault.
cube_status failed(cube_driver *d, int32_t status, const char *what) {
    cube_status st = lc::driver_fail(d, status, what);
    lc::driver::record_fault(d, CUBE_FAULT_OTHER, st, -1, 0);
    return st;
}

}  // namespace

extern "C" {

CUBE_API cube_status cube_driver_prepare(cube_driver *driver) {
    return lc::api_guard([&]() -> cube_status {
        cube_driver *d = lc::usable_driver(driver);
        if (!d) return cube_last_status();
        int32_t s = lc::driver::call_prepare(d->entry, d->instance);
        return s == CUBE_OK ? CUBE_OK : failed(d, s, "prepare");
    });
}

CUBE_API cube_status cube_driver_rest(cube_driver *driver) {
    return lc::api_guard([&]() -> cube_status {
        cube_driver *d = lc::usable_driver(driver);
        if (!d) return cube_last_status();
        // A driver that knows its robot is first brought to rest by a plan; the plugin's rest then
        // leaves it safe.
        if (d->entry.api.actuator_count(d->instance) > 0) lc::driver::bring_to_rest(d);
        int32_t s = lc::driver::call_rest(d->entry, d->instance);
        return s == CUBE_OK ? CUBE_OK : failed(d, s, "rest");
    });
}

CUBE_API cube_status cube_driver_stop(cube_driver *driver, int32_t level) {
    return lc::api_guard([&]() -> cube_status {
        cube_driver *d = lc::usable_driver(driver);
        if (!d) return cube_last_status();
        if (level != CUBE_STOP_HALT && level != CUBE_STOP_DEENERGIZE)
            return lc::set_error(CUBE_ERROR_INVALID_ARGUMENT, "stop level %d: expected %d (CUBE_STOP_HALT) or %d "
                                                         "(CUBE_STOP_DEENERGIZE)",
                                 level, CUBE_STOP_HALT, CUBE_STOP_DEENERGIZE);
        std::lock_guard<std::mutex> lock(d->stop_mu);
        int32_t s = lc::driver::call_stop(d->entry, d->instance, level);
        if (s == CUBE_OK) return CUBE_OK;
        // Not the plugin's last_error: another thread may be inside the plugin.
        if (s >= 0 || s < CUBE_ERROR_INTERNAL) s = CUBE_ERROR_IO;
        return lc::set_error(cube_status(s), "driver %s: stop (level %d) failed", d->entry.name.c_str(), level);
    });
}

}  // extern "C"
