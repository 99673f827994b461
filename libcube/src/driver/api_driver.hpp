// Helpers shared by the driver C API files (api_driver*.cpp).
#pragma once
#include "driver/driver_handles.hpp"

namespace lc {

// The driver behind a handle when its plugin may be called: NULL (and CUBE_ERROR_INVALID_ARGUMENT) for a
// bad handle, NULL (and CUBE_ERROR_IO) for a driver whose plugin hung.
cube_driver *usable_driver(const cube_driver *driver);

// The registry's driver `index`, or NULL (and CUBE_ERROR_INVALID_ARGUMENT).
const driver::Entry *entry_at(const cube_driver_registry *registry, int32_t index);

}  // namespace lc
