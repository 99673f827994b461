// The Maestro driver's C function table and entry point: each function hands its call to the Maestro
// instance and turns what it throws into a status and a message, so nothing is thrown across the C ABI.
#include "maestro.hpp"
#include "maestro_devices.hpp"
#include "maestro_failure.hpp"

namespace cube_maestro {
namespace {

Maestro *of(void *instance) {
    return static_cast<Maestro *>(instance);
}

// The host's services must cover version 1: the driver uses the robot, physics and config services.
bool host_usable(const cube_driver_host *host) {
    return host && host->struct_size >= CUBE_DRIVER_HOST_SIZE_V1 && host->robot_parse && host->robot_free &&
           host->robot_actuator_count && host->robot_actuator_name && host->robot_rest_positions &&
           host->robot_step && host->last_error && host->config_load && host->config_parse && host->config_set &&
           host->config_get && host->config_get_int && host->config_section_count && host->config_section_name &&
           host->config_free;
}

int32_t open_host(const cube_driver_host *host, const char *options, void **instance, char *err,
                  int32_t err_capacity) {
    return cube_plugin::open_instance(host_usable(host), instance, err, err_capacity,
                                      [&] { return new Maestro(*host, options ? options : ""); });
}

const char *robot_spec(void *instance) {
    return instance ? of(instance)->robot_spec() : "";
}

int32_t actuator_count(void *instance) {
    return instance ? of(instance)->actuator_count() : 0;
}

const char *actuator_name(void *instance, int32_t index) {
    return instance ? of(instance)->actuator_name(index) : nullptr;
}

int32_t configure(void *instance, const char *key, const char *value) {
    return cube_plugin::guarded(of(instance), [&](Maestro &m) { return m.configure(key, value); });
}

int32_t execute_steps(void *instance, const cube_driver_command *const *commands, int32_t count) {
    return cube_plugin::guarded(of(instance), [&](Maestro &m) { return m.execute(commands, count); });
}

int32_t status(void *instance, cube_driver_status *out) {
    return cube_plugin::guarded(of(instance), [&](Maestro &m) { return m.status(out); });
}

int32_t position(void *instance, int32_t actuator, int32_t *value) {
    return cube_plugin::guarded(of(instance), [&](Maestro &m) { return m.position(actuator, value); });
}

int32_t query(void *instance, const char *key, char *buffer, int32_t capacity, int32_t *length) {
    return cube_plugin::guarded(of(instance), [&](Maestro &m) { return m.query(key, buffer, capacity, length); });
}

// Not guarded: a stop from another thread must not touch the message the calling thread reads.
int32_t stop_level(void *instance, int32_t level) {
    if (!instance) return CUBE_ERROR_INVALID_ARGUMENT;
    return of(instance)->stop(level);
}

int32_t prepare(void *instance) {
    return cube_plugin::guarded(of(instance), [&](Maestro &m) { return m.prepare(); });
}

int32_t rest(void *instance) {
    return cube_plugin::guarded(of(instance), [&](Maestro &m) { return m.rest(); });
}

int32_t fault(void *instance, cube_driver_fault *out) {
    return cube_plugin::guarded(of(instance), [&](Maestro &m) { return m.fault(out); });
}

int32_t margin_us(void *instance) {
    return instance ? of(instance)->margin_us() : 0;
}

const char *last_error(void *instance) {
    return instance ? of(instance)->last_error() : "no instance";
}

void close(void *instance) {
    delete of(instance);
}

int32_t devices(const cube_driver_host *host, void *sink, cube_driver_device_sink found) {
    (void)host;
    return list_devices("/sys/class/tty", sink, found);
}

cube_driver_api make_table() {
    cube_driver_api api{};
    api.struct_size = sizeof api;
    api.abi_version = CUBE_DRIVER_ABI_VERSION;
    api.name = "maestro";
    api.description = "Pololu Maestro servo controller (serial): four-arm and two-gripper robots on hobby servos";
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
}  // namespace cube_maestro

// Needs a host of version 2 or later: the driver opens with the host's services (open_host).
CUBE_DRIVER_EXPORT const cube_driver_api *cube_driver_entry(uint32_t host_abi_version) {
    if (host_abi_version < 2) return nullptr;
    static const cube_driver_api api = cube_maestro::make_table();
    return &api;
}
