// A driver plugin's fault record as it keeps it, and how it reports it through cube_driver_api.fault:
// shared by the plugins in drivers/ (public headers only, header-only).
#pragma once
#include <cube/driver_plugin.h>

#include <string>
#include <utility>

namespace cube_plugin {

struct FaultRecord {
    int32_t code = CUBE_FAULT_NONE;
    int32_t status = CUBE_OK;
    int32_t actuator = -1;
    int32_t action_index = -1;
    uint32_t device_bits = 0;
    int32_t positions_known = 1;
    int32_t stop_level = 0;
    std::string text;
};

// A record of `code` and `status` saying `text`; every other field as a new record has it.
inline FaultRecord fault_record(int32_t code, int32_t status, std::string text) {
    FaultRecord f;
    f.code = code;
    f.status = status;
    f.text = std::move(text);
    return f;
}

// Whether the host's record can take a report: not NULL, and at least the version-1 fields.
inline bool fault_record_fits(const cube_driver_fault *out) {
    return out && out->struct_size >= CUBE_DRIVER_FAULT_SIZE_V1;
}

// Copies `f` into the host's record (which fault_record_fits()); the text stays owned by `f`.
inline void report_fault(const FaultRecord &f, cube_driver_fault &out) {
    out.code = f.code;
    out.status = f.status;
    out.actuator = f.actuator;
    out.action_index = f.action_index;
    out.device_bits = f.device_bits;
    out.positions_known = f.positions_known;
    out.stop_level = f.stop_level;
    out.text = f.text.c_str();
}

}  // namespace cube_plugin
