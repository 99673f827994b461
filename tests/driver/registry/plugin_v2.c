/* A version-2 plugin that fills only the version-2 functions (open_host, execute_steps, stop_level)
 * and every optional one: a six-motor robot that records what it receives and uses the host's services.
 * Queries: "last" (the last execute_steps: "COUNT;size,actuator,kind,param,duration,start,move,action;..."),
 * "calls" ("prepare=N rest=N stop=N level=L"), "host" (what the host services answered).
 * Configure "fail" = "1": the next step fails with CUBE_ERROR_IO and a fault record.
 * Open logs one message at each of the levels error, info and debug; "refuse" fails open.
 * list_devices lists two devices (the second with a version-1-sized struct cut after uri). */
#include <cube/driver_plugin.h>
#include <stddef.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#define ACTUATORS 6

typedef struct recorder {
    const cube_driver_host *host;
    char last[512];
    char error[64];
    int32_t prepares, rests, stops, level;
    int32_t fail_next;
    int32_t done;
    int32_t positions[ACTUATORS];
} recorder;

static recorder *of(void *instance) {
    return (recorder *)instance;
}

static int32_t rec_open(const cube_driver_host *host, const char *options, void **instance, char *err, int32_t cap) {
    if (strcmp(options, "refuse") == 0) {
        snprintf(err, (size_t)cap, "refused on purpose");
        return CUBE_ERROR_IO;
    }
    recorder *r = calloc(1, sizeof(recorder));
    if (!r) return CUBE_ERROR_NO_MEMORY;
    r->host = host;
    host->log(host->context, CUBE_LOG_ERROR, "an error\nover two lines");
    host->log(host->context, CUBE_LOG_INFO, "opening");
    host->log(host->context, CUBE_LOG_DEBUG, "every detail");
    *instance = r;
    return CUBE_OK;
}
static const char *rec_robot_spec(void *instance) {
    (void)instance;
    return "six-motor";
}
static int32_t rec_actuator_count(void *instance) {
    (void)instance;
    return ACTUATORS;
}
static const char *rec_actuator_name(void *instance, int32_t index) {
    static const char *const names[ACTUATORS] = {"U", "R", "F", "D", "L", "B"};
    (void)instance;
    return index >= 0 && index < ACTUATORS ? names[index] : NULL;
}
static int32_t rec_configure(void *instance, const char *key, const char *value) {
    if (strcmp(key, "fail") == 0) {
        of(instance)->fail_next = strcmp(value, "1") == 0;
        return CUBE_OK;
    }
    return strcmp(key, "robot") == 0 ? CUBE_OK : CUBE_ERROR_UNSUPPORTED;
}
static int32_t rec_execute_steps(void *instance, const cube_driver_command *const *commands, int32_t count) {
    recorder *r = of(instance);
    size_t used = (size_t)snprintf(r->last, sizeof r->last, "%d", count);
    for (int32_t i = 0; i < count; ++i) {
        const cube_driver_command *c = commands[i];
        int32_t move = c->struct_size >= CUBE_DRIVER_COMMAND_SIZE_V2 ? c->move_index : -2;
        int32_t action = c->struct_size >= CUBE_DRIVER_COMMAND_SIZE_V2 ? c->action_index : -2;
        used += (size_t)snprintf(r->last + used, sizeof r->last - used, ";%u,%d,%d,%d,%d,%d,%d,%d", c->struct_size,
                                 c->actuator, c->kind, c->param, c->duration_us, c->start_us, move, action);
    }
    if (r->fail_next) {
        r->fail_next = 0;
        snprintf(r->error, sizeof r->error, "motor R stalled");
        return CUBE_ERROR_IO;
    }
    for (int32_t i = 0; i < count; ++i)
        if (commands[i]->actuator >= 0 && commands[i]->actuator < ACTUATORS)
            r->positions[commands[i]->actuator] += commands[i]->param;
    r->done += count;
    return CUBE_OK;
}
static int32_t rec_status(void *instance, cube_driver_status *out) {
    out->state = of(instance)->stops ? CUBE_DRIVER_STOPPED : CUBE_DRIVER_IDLE;
    out->commands_done = of(instance)->done;
    return CUBE_OK;
}
static int32_t rec_position(void *instance, int32_t actuator, int32_t *value) {
    if (actuator < 0 || actuator >= ACTUATORS) return CUBE_ERROR_INVALID_ARGUMENT;
    *value = of(instance)->positions[actuator];
    return CUBE_OK;
}

/* Asks the host services what a plugin needs: a robot, its actuators, its rest state, one step of its
 * physics, a configuration. */
static void ask_host(const cube_driver_host *h, char *answer, size_t size) {
    cube_robot *robot = NULL;
    int32_t count = 0, rest[ACTUATORS], next[ACTUATORS];
    const char *first = "", *port = "";
    cube_driver_command turn = {CUBE_DRIVER_COMMAND_SIZE_V1, 0, CUBE_ACTION_TURN, 1, 100000, 0, 0, 0};
    const cube_driver_command *step[1] = {&turn};
    cube_driver_config *config = NULL;
    if (h->robot_parse("six-motor", &robot) != CUBE_OK || h->robot_actuator_count(robot, &count) != CUBE_OK ||
        h->robot_actuator_name(robot, 0, &first) != CUBE_OK ||
        h->robot_rest_positions(robot, rest, ACTUATORS, &count) != CUBE_OK ||
        h->robot_step(robot, rest, step, 1, next, NULL) != CUBE_OK ||
        h->config_parse("[device]\nport = /dev/null # the port\n", &config) != CUBE_OK ||
        h->config_get(config, "device", "port", &port) != CUBE_OK) {
        snprintf(answer, size, "failed: %s", h->last_error());
    } else {
        snprintf(answer, size, "abi=%u count=%d first=%s step=%d port=%s", h->abi_version, count, first, next[0],
                 port);
    }
    h->config_free(config);
    h->robot_free(robot);
}

static int32_t rec_query(void *instance, const char *key, char *buffer, int32_t capacity, int32_t *length) {
    recorder *r = of(instance);
    char answer[512];
    if (strcmp(key, "last") == 0)
        snprintf(answer, sizeof answer, "%s", r->last);
    else if (strcmp(key, "calls") == 0)
        snprintf(answer, sizeof answer, "prepare=%d rest=%d stop=%d level=%d", r->prepares, r->rests, r->stops,
                 r->level);
    else if (strcmp(key, "host") == 0)
        ask_host(r->host, answer, sizeof answer);
    else
        return CUBE_ERROR_UNSUPPORTED;
    int32_t n = (int32_t)strlen(answer);
    if (length) *length = n;
    if (capacity <= n) return CUBE_ERROR_BUFFER_TOO_SMALL;
    memcpy(buffer, answer, (size_t)n + 1);
    return CUBE_OK;
}
static int32_t rec_stop_level(void *instance, int32_t level) {
    of(instance)->stops++;
    of(instance)->level = level;
    return CUBE_OK;
}
static const char *rec_last_error(void *instance) {
    return of(instance)->error;
}
static void rec_close(void *instance) {
    free(instance);
}
static int32_t rec_prepare(void *instance) {
    of(instance)->prepares++;
    return CUBE_OK;
}
static int32_t rec_rest(void *instance) {
    of(instance)->rests++;
    return CUBE_OK;
}
static int32_t rec_fault(void *instance, cube_driver_fault *out) {
    if (!of(instance)->error[0]) return CUBE_OK;
    out->code = CUBE_FAULT_DEVICE;
    out->actuator = 1;
    out->device_bits = 0x40;
    out->positions_known = 0;
    out->text = of(instance)->error;
    return CUBE_OK;
}
static int32_t rec_margin_us(void *instance) {
    (void)instance;
    return 99000000; /* more than the host allows */
}
static int32_t rec_list_devices(const cube_driver_host *host, void *sink, cube_driver_device_sink found) {
    cube_driver_device first = {sizeof first, 7, "recorder-v2:port=1", "Board", "A1", "firmware 1"};
    cube_driver_device cut = {offsetof(cube_driver_device, product), 8, "recorder-v2:port=2", "not covered",
                              "not covered", "not covered"};
    host->log(host->context, CUBE_LOG_INFO, "listing");
    if (found(sink, &first) != 0) return CUBE_OK;
    found(sink, &cut);
    return CUBE_OK;
}

CUBE_DRIVER_EXPORT const cube_driver_api *cube_driver_entry(uint32_t host_abi_version) {
    static cube_driver_api api;
    if (host_abi_version < 2) return NULL;
    api.struct_size = sizeof api;
    api.abi_version = CUBE_DRIVER_ABI_VERSION;
    api.name = "recorder-v2";
    api.description = "records what a version-2 plugin receives";
    api.robot_spec = rec_robot_spec;
    api.actuator_count = rec_actuator_count;
    api.actuator_name = rec_actuator_name;
    api.configure = rec_configure;
    api.status = rec_status;
    api.position = rec_position;
    api.query = rec_query;
    api.last_error = rec_last_error;
    api.close = rec_close;
    api.open_host = rec_open;
    api.execute_steps = rec_execute_steps;
    api.stop_level = rec_stop_level;
    api.prepare = rec_prepare;
    api.rest = rec_rest;
    api.fault = rec_fault;
    api.margin_us = rec_margin_us;
    api.list_devices = rec_list_devices;
    return &api;
}
