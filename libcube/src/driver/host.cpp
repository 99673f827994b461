#include "driver/host.hpp"

#include <algorithm>

#include "driver/config.hpp"
#include "driver/host_step.hpp"
#include "driver/host_timeline.hpp"

namespace lc::driver {
namespace {

// A plugin's message as one line: line breaks and other control characters become blanks.
std::string one_line(const char *message) {
    std::string line(message);
    std::replace_if(
        line.begin(), line.end(), [](char c) { return static_cast<unsigned char>(c) < 0x20; }, ' ');
    return line;
}

// cube_driver_host.log: the context is the driver's Host. Never lets an exception into the plugin.
void host_log(void *context, int32_t level, const char *message) {
    auto *host = static_cast<Host *>(context);
    if (!host || !host->sink || !message) return;
    try {
        host->sink->write(level, host->driver_name, one_line(message).c_str());
    } catch (...) {
        // A message that cannot be written (out of memory) is dropped.
    }
}

}  // namespace

void LogSink::write(int32_t level, const std::string &driver, const char *message) {
    level = std::clamp<int32_t>(level, CUBE_LOG_ERROR, CUBE_LOG_DEBUG);
    std::lock_guard<std::mutex> lock(mu);
    if (fn && level <= max_level) fn(user_data, level, driver.c_str(), message);
}

std::unique_ptr<Host> make_host(const std::string &name, std::shared_ptr<LogSink> sink) {
    auto host = std::make_unique<Host>();
    host->sink = std::move(sink);
    host->driver_name = name;
    cube_driver_host &t = host->table;
    t.struct_size = sizeof t;
    t.abi_version = CUBE_DRIVER_ABI_VERSION;
    t.context = host.get();
    t.log = host_log;
    t.robot_parse = cube_robot_parse;
    t.robot_free = cube_robot_free;
    t.robot_actuator_count = cube_robot_actuator_count;
    t.robot_actuator_name = cube_robot_actuator_name;
    t.robot_rest_positions = cube_robot_rest_positions;
    t.robot_step = host_robot_step;
    t.last_error = cube_last_error;
    t.config_load = config_load;
    t.config_parse = config_parse;
    t.config_set = config_set;
    t.config_get = config_get;
    t.config_get_int = config_get_int;
    t.config_section_count = config_section_count;
    t.config_section_name = config_section_name;
    t.config_free = config_free;
    t.timeline_new = host_timeline_new;
    t.timeline_launch = host_timeline_launch;
    t.timeline_free = host_timeline_free;
    return host;
}

}  // namespace lc::driver
