// What the driver reports: status, positions, its fault record and its deadline margin.
#include "plugin_answer.hpp"
#include "tic_driver.hpp"

#include <cstdio>
#include <cstring>

namespace cube_tic {

int32_t Driver::status(cube_driver_status *out) {
    std::lock_guard<std::mutex> lock(mu_);
    if (!out || out->struct_size < CUBE_DRIVER_STATUS_SIZE_V1) return CUBE_ERROR_INVALID_ARGUMENT;
    out->state = state_;
    out->commands_done = commands_done_;
    return CUBE_OK;
}

int32_t Driver::position(int32_t actuator, int32_t *value) {
    std::lock_guard<std::mutex> lock(mu_);
    if (!value || actuator < 0 || size_t(actuator) >= positions_.size()) {
        error_ = "tic: position: no actuator " + std::to_string(actuator);
        return CUBE_ERROR_INVALID_ARGUMENT;
    }
    if (where_[size_t(actuator)] != Where::kKnown) {
        error_ = "tic: " + where_text_locked(size_t(actuator));
        return CUBE_ERROR_IO;
    }
    *value = positions_[size_t(actuator)];
    return CUBE_OK;
}

int32_t Driver::fault(cube_driver_fault *out) {
    std::lock_guard<std::mutex> lock(mu_);
    if (!cube_plugin::fault_record_fits(out)) return CUBE_ERROR_INVALID_ARGUMENT;
    cube_plugin::report_fault(fault_, *out);
    return CUBE_OK;
}

// "concurrent-steps": "yes" unless concurrent=0 (<cube/driver_plugin.h>); the boards run in real time,
// so there is no "speed" answer.
int32_t Driver::query(const char *key, char *buffer, int32_t capacity, int32_t *length) {
    std::lock_guard<std::mutex> lock(mu_);
    if (!key) {
        error_ = "tic: query: key is NULL";
        return CUBE_ERROR_INVALID_ARGUMENT;
    }
    if (std::strcmp(key, CUBE_DRIVER_QUERY_CONCURRENT_STEPS) != 0) {
        error_ = std::string("tic: unknown query \"") + key + "\" (the driver knows concurrent-steps)";
        return CUBE_ERROR_UNSUPPORTED;
    }
    std::string answer = settings_.concurrent ? "yes" : "no";
    return cube_plugin::copy_answer(answer, buffer, capacity, length, error_);
}

const char *Driver::last_error() const {
    // Not a std::string: MinGW's emulated thread-local storage is freed before thread_local destructors run.
    thread_local char copy[1024];
    std::lock_guard<std::mutex> lock(mu_);
    std::snprintf(copy, sizeof copy, "%s", error_.c_str());
    return copy;
}

int32_t Driver::margin_us() const {
    // The driver's own deadline is the motion time plus margin; the host's must come later, after the
    // halts of a fault (one transfer time limit each) have been sent.
    return int32_t(2 * settings_.margin_ms * 1000 + 2 * int32_t(kTransferTimeoutMs) * 1000);
}

}  // namespace cube_tic
