// C API: a driver's last fault and the names of fault codes.
#include "api_util.hpp"
#include "driver/api_driver.hpp"
#include "versioned.hpp"

namespace {

cube_driver_fault default_fault() {
    cube_driver_fault f{};
    f.struct_size = sizeof f;
    f.code = CUBE_FAULT_NONE;
    f.status = CUBE_OK;
    f.actuator = -1;
    f.action_index = -1;
    f.positions_known = 1;
    f.text = "";
    return f;
}

}  // namespace

extern "C" {

CUBE_API cube_status cube_driver_fault_init_sized(cube_driver_fault *fault, uint32_t size) {
    return lc::api_guard([&]() -> cube_status { return lc::init_versioned(fault, size, default_fault()); });
}

// Works on a hung driver too: the fault says it hung. Reads only what the host recorded.
CUBE_API cube_status cube_driver_get_fault(cube_driver *driver, cube_driver_fault *fault) {
    return lc::api_guard([&]() -> cube_status {
        cube_status st = lc::write_versioned(default_fault(), fault, "fault");
        if (st != CUBE_OK) return st;
        cube_driver *d = lc::driver_impl(driver);
        if (!d) return cube_last_status();
        cube_driver_fault value = default_fault();
        cube_plugin::report_fault(d->fault, value);
        return lc::write_versioned(value, fault, "fault");
    });
}

CUBE_API const char *cube_fault_name(int32_t code) {
    static const char *const kNames[] = {
        "CUBE_FAULT_NONE",    "CUBE_FAULT_DEVICE",    "CUBE_FAULT_COMMUNICATION",
        "CUBE_FAULT_TIMEOUT", "CUBE_FAULT_REFUSED",   "CUBE_FAULT_MISMATCH",
        "CUBE_FAULT_CANCELLED", "CUBE_FAULT_POSITION", "CUBE_FAULT_HUNG",
        "CUBE_FAULT_OTHER",
    };
    static_assert(sizeof kNames / sizeof kNames[0] == CUBE_FAULT_OTHER + 1, "a name for every fault code");
    if (code < CUBE_FAULT_NONE || code > CUBE_FAULT_OTHER) return "CUBE_FAULT_UNKNOWN";
    return kNames[code];
}

}  // extern "C"
