// C API: what an open driver reports: its status and where its actuators are.
#include <algorithm>
#include <string>
#include <vector>

#include "api_util.hpp"
#include "driver/api_driver.hpp"
#include "versioned.hpp"

extern "C" {

CUBE_API cube_status cube_driver_status_init_sized(cube_driver_status *status, uint32_t size) {
    return lc::api_guard([&]() -> cube_status {
        return lc::init_versioned(status, size, cube_driver_status{sizeof(cube_driver_status), CUBE_DRIVER_IDLE, 0});
    });
}

CUBE_API cube_status cube_driver_get_status(cube_driver *driver, cube_driver_status *status) {
    return lc::api_guard([&]() -> cube_status {
        // Checks the caller's struct and clears it before the plugin is asked.
        cube_driver_status value{sizeof value, CUBE_DRIVER_IDLE, 0};
        cube_status st = lc::write_versioned(value, status, "status");
        if (st != CUBE_OK) return st;
        cube_driver *d = lc::usable_driver(driver);
        if (!d) return cube_last_status();
        int32_t s = d->entry.api.status(d->instance, &value);
        if (s != CUBE_OK) return lc::driver_fail(d, s, "status");
        value.struct_size = sizeof value;
        return lc::write_versioned(value, status, "status");
    });
}

CUBE_API cube_status cube_driver_positions(cube_driver *driver, int32_t *positions, int32_t capacity, int32_t *count) {
    return lc::api_guard([&]() -> cube_status {
        if (count) *count = 0;
        if (capacity < 0) return lc::set_error(CUBE_ERROR_INVALID_ARGUMENT, "capacity %d is negative", capacity);
        if (!positions && capacity > 0)
            return lc::set_error(CUBE_ERROR_INVALID_ARGUMENT, "positions is NULL but capacity is %d", capacity);
        cube_driver *d = lc::usable_driver(driver);
        if (!d) return cube_last_status();
        const int32_t n = d->entry.api.actuator_count(d->instance);
        if (n <= 0)
            return lc::set_error(CUBE_ERROR_INVALID_ARGUMENT,
                                 "driver %s knows no robot yet (configure \"robot\" first)",
                                 d->entry.name.c_str());
        if (count) *count = n;
        if (capacity < n)
            return lc::set_error(CUBE_ERROR_BUFFER_TOO_SMALL,
                                 "room for %d positions, the robot has %d actuators", capacity,
                                 n);
        std::vector<int32_t> read(size_t(n), 0);
        // Every actuator is asked, so that the message names each one whose position is not known.
        int32_t first_failure = CUBE_OK;
        std::string unknown;
        for (int32_t i = 0; i < n; ++i) {
            int32_t s = d->entry.api.position(d->instance, i, &read[size_t(i)]);
            if (s == CUBE_OK) continue;
            if (first_failure == CUBE_OK) first_failure = s;
            const char *why = d->entry.api.last_error(d->instance);
            unknown += (unknown.empty() ? "" : "; ") + ("actuator " + std::to_string(i) + ": ") +
                       (why && *why ? why : "(no message)");
        }
        if (first_failure != CUBE_OK)
            return lc::set_error_text(lc::plugin_status(first_failure),
                                      "driver " + d->entry.name + ": positions: " + unknown);
        std::copy(read.begin(), read.end(), positions);
        return CUBE_OK;
    });
}

}  // extern "C"
