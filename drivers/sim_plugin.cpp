// The sim driver built as a plugin (cube-driver-sim-plugin.so), named "sim-plugin" so that it does not
// clash with the built-in "sim": proves that the plugin path works end to end.
#include <cube/driver.h>

#include "driver/sim.hpp"

extern "C" __attribute__((visibility("default"))) const cube_driver_api *cube_driver_entry(uint32_t host_abi_version) {
    if (host_abi_version != CUBE_DRIVER_ABI_VERSION) return nullptr;
    static const cube_driver_api api =
        lc::driver::sim_api("sim-plugin", "simulated robot and cube, loaded as a plugin");
    return &api;
}
