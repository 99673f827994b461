#include "driver/calls.hpp"

#include <algorithm>
#include <cstdlib>
#include <cstring>
#include <string>

namespace lc::driver {
namespace {

// The longest margin a plugin may ask for.
constexpr int64_t kMaxMarginUs = 60'000'000;
// The speed factors the host paces concurrent steps by: as the sim allows.
constexpr double kMinSpeed = 1e-3;
constexpr double kMaxSpeed = 1e6;

// A plugin's short text answer to `key`, or "" when it gives none (unknown key, too long, an error).
std::string short_answer(const Entry &e, void *instance, const char *key) {
    char buffer[32] = {};
    int32_t length = 0;
    if (e.api.query(instance, key, buffer, int32_t(sizeof buffer), &length) != CUBE_OK) return "";
    if (length < 0 || size_t(length) >= sizeof buffer) return "";
    return std::string(buffer, strnlen(buffer, size_t(length)));
}

// The command as a version-1 execute() indexes it: 24 bytes, whatever cube_driver_command grows to.
struct CommandV1 {
    uint32_t struct_size;
    int32_t actuator;
    int32_t kind;
    int32_t param;
    int32_t duration_us;
    int32_t start_us;
};
static_assert(sizeof(CommandV1) == CUBE_DRIVER_COMMAND_SIZE_V1, "a version-1 command is 24 bytes");

}  // namespace

int32_t call_open(const Entry &e, const cube_driver_host *host, const char *options, void **instance, char *err,
                  int32_t err_capacity) {
    if (e.api.open_host) return e.api.open_host(host, options, instance, err, err_capacity);
    return e.api.open(options, instance, err, err_capacity);
}

int32_t call_execute(const Entry &e, void *instance, const cube_driver_command *commands, int32_t count) {
    if (count < 1 || count > kMaxStepCommands) return CUBE_ERROR_INTERNAL;
    if (e.api.execute_steps) {
        const cube_driver_command *pointers[kMaxStepCommands];
        for (int32_t i = 0; i < count; ++i) pointers[i] = &commands[i];
        return e.api.execute_steps(instance, pointers, count);
    }
    CommandV1 v1[kMaxStepCommands];
    for (int32_t i = 0; i < count; ++i) {
        const cube_driver_command &c = commands[i];
        v1[i] = CommandV1{CUBE_DRIVER_COMMAND_SIZE_V1, c.actuator, c.kind, c.param, c.duration_us, c.start_us};
    }
    // The version-1 header's cube_driver_command is exactly CommandV1.
    return e.api.execute(instance, reinterpret_cast<const cube_driver_command *>(v1), count);
}

int32_t call_stop(const Entry &e, void *instance, int32_t level) {
    if (e.api.stop_level) return e.api.stop_level(instance, level);
    return e.api.stop(instance);
}

int32_t call_prepare(const Entry &e, void *instance) {
    return e.api.prepare ? e.api.prepare(instance) : CUBE_OK;
}

int32_t call_rest(const Entry &e, void *instance) {
    return e.api.rest ? e.api.rest(instance) : CUBE_OK;
}

bool call_fault(const Entry &e, void *instance, cube_driver_fault &out) {
    return e.api.fault && e.api.fault(instance, &out) == CUBE_OK;
}

bool call_concurrent(const Entry &e, void *instance, double &speed) {
    speed = 1;
    if (short_answer(e, instance, CUBE_DRIVER_QUERY_CONCURRENT_STEPS) != "yes") return false;
    std::string text = short_answer(e, instance, CUBE_DRIVER_QUERY_SPEED);
    char *end = nullptr;
    double value = std::strtod(text.c_str(), &end);
    if (!text.empty() && *end == 0 && value >= kMinSpeed && value <= kMaxSpeed) speed = value;
    return true;
}

int64_t call_margin_us(const Entry &e, void *instance) {
    if (!e.api.margin_us) return -1;
    return std::clamp<int64_t>(e.api.margin_us(instance), 0, kMaxMarginUs);
}

}  // namespace lc::driver
