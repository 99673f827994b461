// Recording a driver's fault (what cube_driver_get_fault() reports) after a failed call.
#pragma once
#include <cube/driver.h>

#include <cstdint>
#include <string>

struct cube_driver;

namespace lc::driver {

// After a plugin call failed with `status`: the plugin's own record when its table has fault() and the
// record names a code; else `fallback_code`, the plugin's last_error() as text, and positions known when
// position() answers for every actuator. `action_index` (-1: none) and `stop_level` (0: the robot was
// not stopped) are the host's. Never calls the plugin of a hung driver.
void record_fault(cube_driver *d, int32_t fallback_code, int32_t status, int32_t action_index, int32_t stop_level);

// A fault the host found itself (a timeout, a mismatch, a cancel, a hung plugin): `text` says what.
void record_host_fault(cube_driver *d, int32_t code, int32_t status, const std::string &text, int32_t action_index,
                       int32_t stop_level, bool positions_known);

// No fault (CUBE_FAULT_NONE), as after a successful run.
void clear_fault(cube_driver *d);

}  // namespace lc::driver
