// The services the host offers a plugin (cube_driver_host), and where its log messages go.
#pragma once
#include <cube/driver_plugin.h>

#include <memory>
#include <mutex>
#include <string>

namespace lc::driver {

// A registry's log destination (cube_driver_registry_set_log), shared with the drivers opened from it.
struct LogSink {
    std::mutex mu;
    cube_log_fn fn = nullptr;
    void *user_data = nullptr;
    int32_t max_level = 0;
    void write(int32_t level, const std::string &driver, const char *message);
};

// One driver's services: the table the plugin sees, and the context its log() calls carry.
struct Host {
    cube_driver_host table{};
    std::shared_ptr<LogSink> sink;
    std::string driver_name;
};

// Services for driver `name`, logging into `sink` (may be null: messages are dropped).
std::unique_ptr<Host> make_host(const std::string &name, std::shared_ptr<LogSink> sink);

}  // namespace lc::driver
