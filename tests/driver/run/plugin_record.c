/* A driver that records the calls it gets, for the executor's call order. Query "calls" answers them,
 * one word each ("configure:robot prepare execute stop:1 rest ..."). Options: fail_at=N (the N-th execute,
 * from 0, fails once with CUBE_ERROR_IO). It drives whatever robot it is told and has no margin_us (the
 * host's default margin applies). */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "plugin_robot.h"

typedef struct record_driver {
    plugin_robot robot;
    long fail_at;
    long executes;
    char calls[8192];
    char error[256];
} record_driver;

static void note(record_driver *r, const char *call) {
    size_t used = strlen(r->calls);
    snprintf(r->calls + used, sizeof r->calls - used, "%s%s", used ? " " : "", call);
}

static int32_t say(record_driver *r, int32_t status, const char *message) {
    snprintf(r->error, sizeof r->error, "%s", message);
    return status;
}

static int32_t record_open(const cube_driver_host *host, const char *options, void **instance, char *err,
                           int32_t err_capacity) {
    record_driver *r = calloc(1, sizeof *r);
    if (!r) return CUBE_ERROR_NO_MEMORY;
    r->robot.host = host;
    r->fail_at = -1;
    if (*options && sscanf(options, "fail_at=%ld", &r->fail_at) != 1) {
        snprintf(err, (size_t)err_capacity, "record: bad options \"%s\" (fail_at=N)", options);
        free(r);
        return CUBE_ERROR_INVALID_ARGUMENT;
    }
    *instance = r;
    return CUBE_OK;
}

static const char *record_robot_spec(void *p) {
    return plugin_robot_spec(&((record_driver *)p)->robot);
}

static int32_t record_actuator_count(void *p) {
    return plugin_robot_count(&((record_driver *)p)->robot);
}

static const char *record_actuator_name(void *p, int32_t index) {
    return plugin_robot_name(&((record_driver *)p)->robot, index);
}

static int32_t record_configure(void *p, const char *key, const char *value) {
    record_driver *r = p;
    char call[64];
    snprintf(call, sizeof call, "configure:%s", key);
    note(r, call);
    if (!strcmp(key, "robot")) return plugin_robot_set(&r->robot, value);
    if (!strcmp(key, "scramble")) return CUBE_OK;
    return say(r, CUBE_ERROR_UNSUPPORTED, "unknown option");
}

static int32_t record_execute(void *p, const cube_driver_command *const *commands, int32_t count) {
    record_driver *r = p;
    (void)commands;
    (void)count;
    note(r, "execute");
    if (r->executes++ == r->fail_at) return say(r, CUBE_ERROR_IO, "injected failure");
    return CUBE_OK;
}

static int32_t record_status(void *p, cube_driver_status *out) {
    (void)p;
    out->state = CUBE_DRIVER_IDLE;
    return CUBE_OK;
}

static int32_t record_position(void *p, int32_t actuator, int32_t *value) {
    (void)actuator;
    (void)value;
    return say(p, CUBE_ERROR_UNSUPPORTED, "positions unknown");
}

static int32_t record_query(void *p, const char *key, char *buffer, int32_t capacity, int32_t *length) {
    record_driver *r = p;
    if (strcmp(key, "calls") != 0) return say(r, CUBE_ERROR_UNSUPPORTED, "only \"calls\"");
    int32_t n = (int32_t)strlen(r->calls);
    if (length) *length = n;
    if (!buffer || capacity <= n) return say(r, CUBE_ERROR_BUFFER_TOO_SMALL, "buffer too small");
    memcpy(buffer, r->calls, (size_t)n + 1);
    return CUBE_OK;
}

static int32_t record_stop(void *p, int32_t level) {
    char call[32];
    snprintf(call, sizeof call, "stop:%d", (int)level);
    note(p, call);
    return CUBE_OK;
}

static int32_t record_prepare(void *p) {
    note(p, "prepare");
    return CUBE_OK;
}

static int32_t record_rest(void *p) {
    note(p, "rest");
    return CUBE_OK;
}

static const char *record_last_error(void *p) {
    return ((record_driver *)p)->error;
}

static void record_close(void *p) {
    record_driver *r = p;
    plugin_robot_free(&r->robot);
    free(r);
}

CUBE_DRIVER_EXPORT const cube_driver_api *cube_driver_entry(uint32_t host_abi_version) {
    static const cube_driver_api api = {
        .struct_size = sizeof api,
        .abi_version = CUBE_DRIVER_ABI_VERSION,
        .name = "record",
        .description = "test driver that records its calls",
        .robot_spec = record_robot_spec,
        .actuator_count = record_actuator_count,
        .actuator_name = record_actuator_name,
        .configure = record_configure,
        .status = record_status,
        .position = record_position,
        .query = record_query,
        .last_error = record_last_error,
        .close = record_close,
        .open_host = record_open,
        .execute_steps = record_execute,
        .stop_level = record_stop,
        .prepare = record_prepare,
        .rest = record_rest,
    };
    (void)host_abi_version;
    return &api;
}
