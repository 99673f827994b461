/* A plugin of the right ABI whose table lacks functions: the registry must refuse it. */
#include <cube/driver_plugin.h>

CUBE_DRIVER_EXPORT const cube_driver_api *cube_driver_entry(uint32_t host) {
    (void)host;
    static cube_driver_api api;
    api.struct_size = sizeof api;
    api.abi_version = CUBE_DRIVER_ABI_VERSION;
    api.name = "incomplete";
    api.description = "has no functions";
    return &api;
}
