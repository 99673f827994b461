// The sim's C function table: each function hands its call to the Sim instance and turns what it
// throws into a status and a message, so that nothing is thrown across the C ABI.
#include "sim.hpp"
#include "sim_driver.h"
#include "sim_failure.hpp"

namespace cube_sim {
namespace {

Sim *sim(void *instance) {
    return static_cast<Sim *>(instance);
}

// The host's services must cover version 1 and give what the sim calls.
bool host_usable(const cube_driver_host *host) {
    return host && host->struct_size >= CUBE_DRIVER_HOST_SIZE_V1 && host->robot_parse && host->robot_free &&
           host->robot_actuator_count && host->robot_actuator_name && host->robot_rest_positions &&
           host->robot_step && host->last_error;
}

int32_t sim_open(const cube_driver_host *host, const char *options, void **instance, char *err, int32_t err_capacity) {
    return cube_plugin::open_instance(host_usable(host), instance, err, err_capacity,
                                      [&] { return new Sim(*host, parse_options(options ? options : "")); });
}

const char *sim_robot_spec(void *instance) {
    return instance ? sim(instance)->robot_spec() : "";
}

int32_t sim_actuator_count(void *instance) {
    return instance ? sim(instance)->actuator_count() : 0;
}

const char *sim_actuator_name(void *instance, int32_t index) {
    return instance ? sim(instance)->actuator_name(index) : nullptr;
}

int32_t sim_configure(void *instance, const char *key, const char *value) {
    return cube_plugin::guarded(sim(instance), [&](Sim &s) { return s.configure(key, value); });
}

int32_t sim_execute_steps(void *instance, const cube_driver_command *const *commands, int32_t count) {
    return cube_plugin::guarded(sim(instance), [&](Sim &s) { return s.execute(commands, count); });
}

int32_t sim_status(void *instance, cube_driver_status *out) {
    return cube_plugin::guarded(sim(instance), [&](Sim &s) { return s.status(out); });
}

int32_t sim_position(void *instance, int32_t actuator, int32_t *value) {
    return cube_plugin::guarded(sim(instance), [&](Sim &s) { return s.position(actuator, value); });
}

int32_t sim_query(void *instance, const char *key, char *buffer, int32_t capacity, int32_t *length) {
    return cube_plugin::guarded(sim(instance), [&](Sim &s) { return s.query(key, buffer, capacity, length); });
}

// Not guarded: a stop from another thread must not touch the message the calling thread reads.
int32_t sim_stop_level(void *instance, int32_t level) {
    if (!instance) return CUBE_ERROR_INVALID_ARGUMENT;
    try {
        return sim(instance)->stop(level);
    } catch (...) {
        return CUBE_ERROR_NO_MEMORY;  // only the log message can fail; the sim is stopped
    }
}

int32_t sim_prepare(void *instance) {
    return cube_plugin::guarded(sim(instance), [&](Sim &s) { return s.prepare(); });
}

int32_t sim_rest(void *instance) {
    return cube_plugin::guarded(sim(instance), [&](Sim &s) { return s.rest(); });
}

int32_t sim_fault(void *instance, cube_driver_fault *out) {
    return cube_plugin::guarded(sim(instance), [&](Sim &s) { return s.fault(out); });
}

int32_t sim_margin_us(void *instance) {
    return instance ? sim(instance)->margin_us() : 0;
}

const char *sim_last_error(void *instance) {
    return instance ? sim(instance)->last_error() : "no instance";
}

void sim_close(void *instance) {
    delete sim(instance);
}

cube_driver_api make_table() {
    cube_driver_api api{};
    api.struct_size = sizeof api;
    api.abi_version = CUBE_DRIVER_ABI_VERSION;
    api.name = "sim";
    api.description = "simulated robot and cube: executes plans with the robot's physics";
    api.robot_spec = sim_robot_spec;
    api.actuator_count = sim_actuator_count;
    api.actuator_name = sim_actuator_name;
    api.configure = sim_configure;
    api.status = sim_status;
    api.position = sim_position;
    api.query = sim_query;
    api.last_error = sim_last_error;
    api.close = sim_close;
    api.open_host = sim_open;
    api.execute_steps = sim_execute_steps;
    api.stop_level = sim_stop_level;
    api.prepare = sim_prepare;
    api.rest = sim_rest;
    api.fault = sim_fault;
    api.margin_us = sim_margin_us;
    return api;
}

}  // namespace
}  // namespace cube_sim

extern "C" const cube_driver_api *lc_sim_driver_table(void) {
    static const cube_driver_api api = cube_sim::make_table();
    return &api;
}
