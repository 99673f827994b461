// What the public registry and driver handles hold.
#pragma once
#include <cube/driver.h>

#include <atomic>
#include <mutex>

#include "driver/registry.hpp"
#include "error.hpp"

struct cube_driver_registry {
    lc::HandleTag tag{lc::kMagicRegistry};
    lc::driver::Registry reg;
    ~cube_driver_registry() { tag.magic = 0; }
};

struct cube_driver {
    lc::HandleTag tag{lc::kMagicDriver};
    lc::driver::Entry entry;  // keeps the plugin loaded
    void *instance = nullptr;
    std::atomic<bool> cancel{false};
    std::mutex stop_mu;  // serialises cancel's stop() with close
    ~cube_driver() { tag.magic = 0; }
};

namespace lc {

inline cube_driver_registry *registry_impl(const cube_driver_registry *r) {
    return checked<cube_driver_registry>(const_cast<cube_driver_registry *>(r), kMagicRegistry, "registry");
}
inline cube_driver *driver_impl(const cube_driver *d) {
    return checked<cube_driver>(const_cast<cube_driver *>(d), kMagicDriver, "driver");
}

// Fails with the driver's own message, prefixed by its name.
cube_status driver_fail(cube_driver *d, int32_t status, const char *what);

}  // namespace lc
