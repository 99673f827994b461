// What the public registry and driver handles hold.
#pragma once
#include <cube/driver_plugin.h>

#include <atomic>
#include <memory>
#include <mutex>
#include <string>

#include "driver/host.hpp"
#include "driver/plugin_kit/plugin_fault.hpp"
#include "driver/registry.hpp"
#include "error.hpp"

struct cube_driver_registry {
    lc::HandleTag tag{lc::kMagicRegistry};
    lc::driver::Registry reg;
    std::shared_ptr<lc::driver::LogSink> log = std::make_shared<lc::driver::LogSink>();  // shared with its drivers
    ~cube_driver_registry() { tag.magic = 0; }
};

namespace lc::driver {

// The last fault of a driver, as cube_driver_get_fault() reports it: the record a plugin keeps.
using Fault = cube_plugin::FaultRecord;

class Worker;  // worker.hpp: runs execute() on its own thread so that a deadline can be enforced
class StepPool;  // step_pool.hpp: threads for the steps of a plugin that runs steps concurrently

}  // namespace lc::driver

struct cube_driver {
    lc::HandleTag tag{lc::kMagicDriver};
    lc::driver::Entry entry;                      // keeps the plugin loaded
    std::unique_ptr<lc::driver::Host> host;       // the services the plugin was opened with
    void *instance = nullptr;
    std::atomic<bool> cancel{false};
    std::mutex stop_mu;                           // serialises stop() from other threads with close
    lc::driver::Fault fault;                      // last fault (guarded by the one thread using the driver)
    std::shared_ptr<lc::driver::Worker> worker;   // created by the first run
    std::shared_ptr<lc::driver::StepPool> pool;   // created by the first concurrent run
    std::atomic<bool> hung{false};                // execute() did not return after stop: never call the plugin again
    ~cube_driver() { tag.magic = 0; }
};

namespace lc {

inline cube_driver_registry *registry_impl(const cube_driver_registry *r) {
    return checked<cube_driver_registry>(const_cast<cube_driver_registry *>(r), kMagicRegistry, "registry");
}
inline cube_driver *driver_impl(const cube_driver *d) {
    return checked<cube_driver>(const_cast<cube_driver *>(d), kMagicDriver, "driver");
}

// Fails with the driver's own message, prefixed by its name (driver_fail_text: that message).
cube_status driver_fail(cube_driver *d, int32_t status, const char *what);
std::string driver_fail_text(cube_driver *d, const char *what);
// A plugin's status as the C API returns it: an odd one (not negative, or past the known errors) is an IO error.
cube_status plugin_status(int32_t status);

}  // namespace lc
