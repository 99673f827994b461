// The sim driver as a plugin, cube-driver-sim-plugin.so, named "sim-plugin" so that it does not clash
// with the built-in "sim". Built from the public headers and libcube.so only: it proves that a plugin
// needs nothing private.
#include "sim_driver.h"

namespace {

cube_driver_api renamed() {
    cube_driver_api api = *lc_sim_driver_table();
    api.name = "sim-plugin";
    api.description = "simulated robot and cube, loaded as a plugin";
    return api;
}

}  // namespace

// Needs a host of version 2 or later: the sim opens with the host's services (open_host).
CUBE_DRIVER_EXPORT const cube_driver_api *cube_driver_entry(uint32_t host_abi_version) {
    if (host_abi_version < 2) return nullptr;
    static const cube_driver_api api = renamed();
    return &api;
}
