#include "driver/faults.hpp"

#include "driver/calls.hpp"
#include "driver/driver_handles.hpp"

namespace lc::driver {
namespace {

bool known_code(int32_t code) {
    return code > CUBE_FAULT_NONE && code <= CUBE_FAULT_OTHER;
}

// Whether the plugin still answers position() for every actuator.
bool positions_answer(cube_driver *d) {
    const cube_driver_api &a = d->entry.api;
    const int32_t n = a.actuator_count(d->instance);
    for (int32_t i = 0; i < n; ++i) {
        int32_t value = 0;
        if (a.position(d->instance, i, &value) != CUBE_OK) return false;
    }
    return n > 0;
}

// The plugin's record, read into `f`; false when it has none or names no code.
bool plugin_record(cube_driver *d, Fault &f) {
    cube_driver_fault record{};
    record.struct_size = sizeof record;
    record.actuator = -1;
    record.positions_known = 1;
    if (!call_fault(d->entry, d->instance, record) || !known_code(record.code)) return false;
    f.code = record.code;
    f.actuator = record.actuator;
    f.device_bits = record.device_bits;
    f.positions_known = record.positions_known != 0;
    f.text = record.text ? record.text : "";
    return true;
}

}  // namespace

void record_fault(cube_driver *d, int32_t fallback_code, int32_t status, int32_t action_index, int32_t stop_level) {
    Fault f;
    if (d->hung) {
        f.code = fallback_code;
        f.positions_known = 0;
        f.text = "driver " + d->entry.name + " hung";
    } else if (!plugin_record(d, f)) {
        const char *message = d->entry.api.last_error(d->instance);
        f.code = fallback_code;
        f.text = message ? message : "";
        f.positions_known = positions_answer(d);
    }
    f.status = status;
    f.action_index = action_index;
    f.stop_level = stop_level;
    d->fault = std::move(f);
}

void record_host_fault(cube_driver *d, int32_t code, int32_t status, const std::string &text, int32_t action_index,
                       int32_t stop_level, bool positions_known) {
    Fault f = cube_plugin::fault_record(code, status, text);
    f.action_index = action_index;
    f.stop_level = stop_level;
    f.positions_known = positions_known;
    d->fault = std::move(f);
}

void clear_fault(cube_driver *d) {
    d->fault = Fault{};
}

}  // namespace lc::driver
