#include "plugin_robot.h"

#include <stdio.h>

int32_t plugin_robot_set(plugin_robot *r, const char *spec) {
    cube_robot *robot = NULL;
    cube_status st = r->host->robot_parse(spec, &robot);
    if (st != CUBE_OK) return st;
    if (r->robot) r->host->robot_free(r->robot);
    r->robot = robot;
    snprintf(r->spec, sizeof r->spec, "%s", spec);
    return CUBE_OK;
}

const char *plugin_robot_spec(const plugin_robot *r) {
    return r->robot ? r->spec : "";
}

int32_t plugin_robot_count(const plugin_robot *r) {
    int32_t n = 0;
    if (!r->robot || r->host->robot_actuator_count(r->robot, &n) != CUBE_OK) return 0;
    return n;
}

const char *plugin_robot_name(const plugin_robot *r, int32_t index) {
    const char *name = NULL;
    if (!r->robot || r->host->robot_actuator_name(r->robot, index, &name) != CUBE_OK) return NULL;
    return name;
}

void plugin_robot_free(plugin_robot *r) {
    if (r->robot) r->host->robot_free(r->robot);
    r->robot = NULL;
}
