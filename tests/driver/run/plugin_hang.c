/* A driver whose execute() hangs, for the executor's deadlines. Options: hang=stop (execute blocks until
 * stop is called, then returns CUBE_ERROR_CANCELLED), hang=forever (execute blocks on a pipe nobody
 * writes: stop does not release it; the process exit ends the thread), hang=no (execute returns at once:
 * the default); margin_us=N (its deadline margin, default 1000000). It drives whatever robot it is told. */
#define _POSIX_C_SOURCE 200809L
#include <pthread.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "plugin_robot.h"

enum hang_mode { HANG_NO, HANG_UNTIL_STOP, HANG_FOREVER };

typedef struct hang_driver {
    plugin_robot robot;
    int mode;
    int32_t margin_us;
    pthread_mutex_t mu;
    pthread_cond_t stopped_cv;
    int stopped;
    int never_written[2]; /* a pipe whose read end execute blocks on in hang=forever */
    char error[256];
} hang_driver;

static int32_t say(hang_driver *h, int32_t status, const char *message) {
    snprintf(h->error, sizeof h->error, "%s", message);
    return status;
}

static int parse_options(hang_driver *h, const char *options) {
    char copy[256];
    snprintf(copy, sizeof copy, "%s", options);
    for (char *save = NULL, *item = strtok_r(copy, ",", &save); item; item = strtok_r(NULL, ",", &save)) {
        if (!strcmp(item, "hang=stop")) {
            h->mode = HANG_UNTIL_STOP;
        } else if (!strcmp(item, "hang=forever")) {
            h->mode = HANG_FOREVER;
        } else if (!strcmp(item, "hang=no")) {
            h->mode = HANG_NO;
        } else if (!strncmp(item, "margin_us=", 10)) {
            h->margin_us = (int32_t)atoi(item + 10);
        } else {
            return -1;
        }
    }
    return 0;
}

static int32_t hang_open(const cube_driver_host *host, const char *options, void **instance, char *err,
                         int32_t err_capacity) {
    hang_driver *h = calloc(1, sizeof *h);
    if (!h) return CUBE_ERROR_NO_MEMORY;
    h->robot.host = host;
    h->margin_us = 1000000;
    if (parse_options(h, options) != 0 || pipe(h->never_written) != 0) {
        snprintf(err, (size_t)err_capacity, "hang: bad options \"%s\" (hang=stop|forever|no, margin_us=N)", options);
        free(h);
        return CUBE_ERROR_INVALID_ARGUMENT;
    }
    pthread_mutex_init(&h->mu, NULL);
    pthread_cond_init(&h->stopped_cv, NULL);
    *instance = h;
    return CUBE_OK;
}

static const char *hang_robot_spec(void *p) {
    return plugin_robot_spec(&((hang_driver *)p)->robot);
}

static int32_t hang_actuator_count(void *p) {
    return plugin_robot_count(&((hang_driver *)p)->robot);
}

static const char *hang_actuator_name(void *p, int32_t index) {
    return plugin_robot_name(&((hang_driver *)p)->robot, index);
}

static int32_t hang_configure(void *p, const char *key, const char *value) {
    hang_driver *h = p;
    if (!strcmp(key, "robot")) return plugin_robot_set(&h->robot, value);
    if (!strcmp(key, "scramble")) return CUBE_OK;
    return say(h, CUBE_ERROR_UNSUPPORTED, "unknown option");
}

static int32_t hang_execute(void *p, const cube_driver_command *const *commands, int32_t count) {
    hang_driver *h = p;
    (void)commands;
    (void)count;
    if (h->mode == HANG_FOREVER) {
        char byte;
        for (;;) {
            if (read(h->never_written[0], &byte, 1) < 0) continue;
        }
    }
    if (h->mode == HANG_NO) return CUBE_OK;
    pthread_mutex_lock(&h->mu);
    while (!h->stopped) pthread_cond_wait(&h->stopped_cv, &h->mu);
    pthread_mutex_unlock(&h->mu);
    return say(h, CUBE_ERROR_CANCELLED, "stopped");
}

static int32_t hang_status(void *p, cube_driver_status *out) {
    (void)p;
    out->state = CUBE_DRIVER_IDLE;
    return CUBE_OK;
}

static int32_t hang_position(void *p, int32_t actuator, int32_t *value) {
    (void)actuator;
    (void)value;
    return say(p, CUBE_ERROR_UNSUPPORTED, "positions unknown");
}

static int32_t hang_query(void *p, const char *key, char *buffer, int32_t capacity, int32_t *length) {
    (void)key;
    (void)buffer;
    (void)capacity;
    (void)length;
    return say(p, CUBE_ERROR_UNSUPPORTED, "no queries");
}

static int32_t hang_stop(void *p, int32_t level) {
    hang_driver *h = p;
    (void)level;
    pthread_mutex_lock(&h->mu);
    h->stopped = 1;
    pthread_cond_broadcast(&h->stopped_cv);
    pthread_mutex_unlock(&h->mu);
    return CUBE_OK;
}

static int32_t hang_prepare(void *p) {
    hang_driver *h = p;
    pthread_mutex_lock(&h->mu);
    h->stopped = 0;
    pthread_mutex_unlock(&h->mu);
    return CUBE_OK;
}

static int32_t hang_margin_us(void *p) {
    return ((hang_driver *)p)->margin_us;
}

static const char *hang_last_error(void *p) {
    return ((hang_driver *)p)->error;
}

static void hang_close(void *p) {
    hang_driver *h = p;
    plugin_robot_free(&h->robot);
    close(h->never_written[0]);
    close(h->never_written[1]);
    pthread_cond_destroy(&h->stopped_cv);
    pthread_mutex_destroy(&h->mu);
    free(h);
}

CUBE_DRIVER_EXPORT const cube_driver_api *cube_driver_entry(uint32_t host_abi_version) {
    static const cube_driver_api api = {
        .struct_size = sizeof api,
        .abi_version = CUBE_DRIVER_ABI_VERSION,
        .name = "hang",
        .description = "test driver whose execute hangs",
        .robot_spec = hang_robot_spec,
        .actuator_count = hang_actuator_count,
        .actuator_name = hang_actuator_name,
        .configure = hang_configure,
        .status = hang_status,
        .position = hang_position,
        .query = hang_query,
        .last_error = hang_last_error,
        .close = hang_close,
        .open_host = hang_open,
        .execute_steps = hang_execute,
        .stop_level = hang_stop,
        .prepare = hang_prepare,
        .margin_us = hang_margin_us,
    };
    (void)host_abi_version;
    return &api;
}
