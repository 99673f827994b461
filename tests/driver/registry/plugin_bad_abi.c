/* A plugin built for a driver ABI that does not exist: the registry must refuse it. */
#include <cube/driver_plugin.h>

static const char *spec(void *i) {
    (void)i;
    return "";
}

CUBE_DRIVER_EXPORT const cube_driver_api *cube_driver_entry(uint32_t host) {
    (void)host;
    static cube_driver_api api;
    api.struct_size = sizeof api;
    api.abi_version = 99;
    api.name = "future";
    api.description = "built for driver ABI 99";
    api.robot_spec = spec;
    return &api;
}
