/* The sim driver's function table (version 2). libcube lists it as the built-in driver "sim";
 * sim_plugin.cpp exports it, renamed "sim-plugin", from cube-driver-sim-plugin.so. */
#ifndef CUBE_SIM_DRIVER_H
#define CUBE_SIM_DRIVER_H

#include <cube/driver_plugin.h>

#ifdef __cplusplus
extern "C" {
#endif

/* The table, named "sim". Not exported from libcube or the plugin. */
__attribute__((visibility("hidden"))) const cube_driver_api *lc_sim_driver_table(void);

#ifdef __cplusplus
}
#endif

#endif /* CUBE_SIM_DRIVER_H */
