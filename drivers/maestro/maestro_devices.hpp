// list_devices: the Maestros' command ports, found by USB ids under /sys/class/tty.
#pragma once
#include <cube/driver_plugin.h>

namespace cube_maestro {

// Calls `found` for each Maestro command port (USB vendor 1ffb, products 0089/008a/008b/008c, interface
// 00) under `sys_tty` (normally /sys/class/tty). None found is not an error. Never throws.
int32_t list_devices(const char *sys_tty, void *sink, cube_driver_device_sink found);

}  // namespace cube_maestro
