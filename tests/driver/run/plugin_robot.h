/* For the executor's test plugins: the robot a plugin is told with configure "robot", read through the
 * host's services. */
#ifndef CUBE_TEST_PLUGIN_ROBOT_H
#define CUBE_TEST_PLUGIN_ROBOT_H

#include <cube/driver_plugin.h>

typedef struct plugin_robot {
    const cube_driver_host *host;
    cube_robot *robot; /* NULL until configured */
    char spec[512];
} plugin_robot;

/* Parses `spec` with the host's robot_parse and keeps it. CUBE_OK or the host's error. */
int32_t plugin_robot_set(plugin_robot *r, const char *spec);
/* The spec given, "" before. */
const char *plugin_robot_spec(const plugin_robot *r);
/* 0 before a robot is given. */
int32_t plugin_robot_count(const plugin_robot *r);
/* NULL for a bad index. */
const char *plugin_robot_name(const plugin_robot *r, int32_t index);
void plugin_robot_free(plugin_robot *r);

#endif
