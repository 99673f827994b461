/* A version-1 plugin, built against the FROZEN libcube 1.0 header (tests/abi/include): a six-motor robot
 * that records what it receives. Queries: "last" (the last execute: "COUNT;size,actuator,kind,param,
 * duration,start;..." read through the version-1 command array) and "stops" (how often stop came).
 * A command of kind 99 fails with CUBE_ERROR_IO. Options: "refuse" fails open. */
#include <cube/driver.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

_Static_assert(CUBE_DRIVER_ABI_VERSION == 1u && sizeof(cube_driver_command) == 24, "built against the 1.0 header");

#define ACTUATORS 6

typedef struct recorder {
    char last[512];
    char error[64];
    int32_t stops;
    int32_t done;
    int32_t positions[ACTUATORS];
} recorder;

static recorder *of(void *instance) {
    return (recorder *)instance;
}

static int32_t rec_open(const char *options, void **instance, char *err, int32_t cap) {
    if (strcmp(options, "refuse") == 0) {
        snprintf(err, (size_t)cap, "refused on purpose");
        return CUBE_ERROR_IO;
    }
    *instance = calloc(1, sizeof(recorder));
    return *instance ? CUBE_OK : CUBE_ERROR_NO_MEMORY;
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
    (void)instance, (void)value;
    return strcmp(key, "robot") == 0 ? CUBE_OK : CUBE_ERROR_UNSUPPORTED;
}
static int32_t rec_execute(void *instance, const cube_driver_command *commands, int32_t count) {
    recorder *r = of(instance);
    size_t used = (size_t)snprintf(r->last, sizeof r->last, "%d", count);
    for (int32_t i = 0; i < count; ++i) {
        const cube_driver_command *c = &commands[i];
        used += (size_t)snprintf(r->last + used, sizeof r->last - used, ";%u,%d,%d,%d,%d,%d", c->struct_size,
                                 c->actuator, c->kind, c->param, c->duration_us, c->start_us);
        if (c->kind == 99) {
            snprintf(r->error, sizeof r->error, "kind 99 refused");
            return CUBE_ERROR_IO;
        }
        if (c->actuator >= 0 && c->actuator < ACTUATORS) r->positions[c->actuator] += c->param;
    }
    r->done += count;
    return CUBE_OK;
}
static int32_t rec_status(void *instance, cube_driver_status *out) {
    out->state = CUBE_DRIVER_IDLE;
    out->commands_done = of(instance)->done;
    return CUBE_OK;
}
static int32_t rec_position(void *instance, int32_t actuator, int32_t *value) {
    if (actuator < 0 || actuator >= ACTUATORS) return CUBE_ERROR_INVALID_ARGUMENT;
    *value = of(instance)->positions[actuator];
    return CUBE_OK;
}
static int32_t rec_query(void *instance, const char *key, char *buffer, int32_t capacity, int32_t *length) {
    recorder *r = of(instance);
    char answer[512];
    if (strcmp(key, "last") == 0)
        snprintf(answer, sizeof answer, "%s", r->last);
    else if (strcmp(key, "stops") == 0)
        snprintf(answer, sizeof answer, "%d", r->stops);
    else
        return CUBE_ERROR_UNSUPPORTED;
    int32_t n = (int32_t)strlen(answer);
    if (length) *length = n;
    if (capacity <= n) return CUBE_ERROR_BUFFER_TOO_SMALL;
    memcpy(buffer, answer, (size_t)n + 1);
    return CUBE_OK;
}
static int32_t rec_stop(void *instance) {
    of(instance)->stops++;
    return CUBE_OK;
}
static const char *rec_last_error(void *instance) {
    return of(instance)->error;
}
static void rec_close(void *instance) {
    free(instance);
}

__attribute__((visibility("default"))) const cube_driver_api *cube_driver_entry(uint32_t host_abi_version) {
    static const cube_driver_api api = {
        sizeof api,         CUBE_DRIVER_ABI_VERSION, "recorder-v1",  "records what a version-1 plugin receives",
        rec_open,           rec_robot_spec,          rec_actuator_count, rec_actuator_name,
        rec_configure,      rec_execute,             rec_status,         rec_position,
        rec_query,          rec_stop,                rec_last_error,     rec_close,
    };
    (void)host_abi_version;
    return &api;
}
