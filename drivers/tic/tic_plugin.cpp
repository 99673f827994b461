// The plugin table (version 2): each entry calls the Driver; no exception crosses it.
#include <cstdio>
#include <cstring>
#include <exception>

#include "tic_driver.hpp"

namespace cube_tic {
namespace {

Driver *of(void *instance) {
    return static_cast<Driver *>(instance);
}

// Runs `body`, turning an exception (out of memory, a thread that cannot start) into a status.
template <typename F>
int32_t guarded(F body) {
    try {
        return body();
    } catch (const std::bad_alloc &) {
        return CUBE_ERROR_NO_MEMORY;
    } catch (...) {
        return CUBE_ERROR_INTERNAL;
    }
}

int32_t open_host(const cube_driver_host *host, const char *options, void **instance, char *err,
                  int32_t err_capacity) {
    return guarded([&] {
        Driver *d = nullptr;
        std::string message;
        int32_t st = Driver::open(*host, options ? options : "", &d, message);
        if (st != CUBE_OK) {
            if (err && err_capacity > 0) std::snprintf(err, size_t(err_capacity), "%s", message.c_str());
            return st;
        }
        *instance = d;
        return int32_t(CUBE_OK);
    });
}

const char *robot_spec(void *instance) { return of(instance)->robot_spec(); }
int32_t actuator_count(void *instance) { return of(instance)->actuator_count(); }
const char *actuator_name(void *instance, int32_t index) { return of(instance)->actuator_name(index); }
int32_t configure(void *instance, const char *key, const char *value) {
    return guarded([&] { return of(instance)->configure(key, value); });
}
int32_t status(void *instance, cube_driver_status *out) { return of(instance)->status(out); }
int32_t position(void *instance, int32_t actuator, int32_t *value) {
    return guarded([&] { return of(instance)->position(actuator, value); });
}
int32_t query(void *instance, const char *key, char *buffer, int32_t capacity, int32_t *length) {
    return guarded([&] { return of(instance)->query(key, buffer, capacity, length); });
}
const char *last_error(void *instance) { return of(instance)->last_error(); }
void close(void *instance) { delete of(instance); }
int32_t execute_steps(void *instance, const cube_driver_command *const *commands, int32_t count) {
    return guarded([&] { return of(instance)->execute(commands, count); });
}
int32_t stop_level(void *instance, int32_t level) {
    return guarded([&] { return of(instance)->stop(level); });
}
int32_t prepare(void *instance) {
    return guarded([&] { return of(instance)->prepare(); });
}
int32_t rest(void *instance) {
    return guarded([&] { return of(instance)->rest(); });
}
int32_t fault(void *instance, cube_driver_fault *out) { return of(instance)->fault(out); }
int32_t margin_us(void *instance) { return of(instance)->margin_us(); }
int32_t devices(const cube_driver_host *host, void *sink, cube_driver_device_sink found) {
    return guarded([&] { return list_devices(host, sink, found); });
}

cube_driver_api table() {
    cube_driver_api api{};
    api.struct_size = sizeof api;
    api.abi_version = CUBE_DRIVER_ABI_VERSION;
    api.name = "tic";
    api.description = "Pololu Tic USB stepper boards, one per motor (tic:config=FILE or tic:U=SERIAL,...)";
    api.robot_spec = robot_spec;
    api.actuator_count = actuator_count;
    api.actuator_name = actuator_name;
    api.configure = configure;
    api.status = status;
    api.position = position;
    api.query = query;
    api.last_error = last_error;
    api.close = close;
    api.open_host = open_host;
    api.execute_steps = execute_steps;
    api.stop_level = stop_level;
    api.prepare = prepare;
    api.rest = rest;
    api.fault = fault;
    api.margin_us = margin_us;
    api.list_devices = devices;
    return api;
}

}  // namespace
}  // namespace cube_tic

// Needs a host of version 2 or later: the driver opens with the host's services (open_host).
CUBE_DRIVER_EXPORT const cube_driver_api *cube_driver_entry(uint32_t host_abi_version) {
    if (host_abi_version < 2) return nullptr;
    static const cube_driver_api api = cube_tic::table();
    return &api;
}
