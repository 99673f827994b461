/* A driver that opts in to concurrent steps and records them, for the executor's concurrent runs.
 * Each execute sleeps its longest command at real speed (a stop wakes it: CUBE_ERROR_CANCELLED). It
 * refuses a command for an actuator a step in flight uses. Options (comma-separated): concurrent=0 (do
 * not opt in), fail_at=N (the N-th execute, from 0, fails with CUBE_ERROR_IO after 90% of its time),
 * hang_at=N (the N-th execute blocks on a pipe nobody writes: a stop does not release it). Queries:
 * "steps" ("ACTION START END;..." per execute in call order, microseconds from the first start; END -1
 * while in flight), "in_flight", "most_in_flight", "stops", "refusals". */
#define _POSIX_C_SOURCE 200809L
#include <pthread.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>
#include <unistd.h>

#include "plugin_robot.h"

#define MAX_STEPS 512
#define MAX_ACTUATORS 16

typedef struct step_record {
    int32_t action;
    long long start_us;
    long long end_us;
} step_record;

typedef struct overlap_driver {
    plugin_robot robot;
    int concurrent;
    long fail_at;
    long hang_at;
    pthread_mutex_t mu;
    pthread_cond_t cv; /* a stop */
    long stops;
    long executes;
    int in_flight;
    int most_in_flight;
    int refusals;
    int moving[MAX_ACTUATORS];
    struct timespec origin;
    step_record steps[MAX_STEPS];
    int never_written[2];
    char error[256];
} overlap_driver;

static long long us_since(const struct timespec *origin) {
    struct timespec now;
    clock_gettime(CLOCK_MONOTONIC, &now);
    return (long long)(now.tv_sec - origin->tv_sec) * 1000000 + (now.tv_nsec - origin->tv_nsec) / 1000;
}

/* Under mu. */
static int32_t say(overlap_driver *o, int32_t status, const char *message) {
    snprintf(o->error, sizeof o->error, "%s", message);
    return status;
}

static int parse_options(overlap_driver *o, const char *options) {
    char copy[256];
    snprintf(copy, sizeof copy, "%s", options);
    for (char *save = NULL, *item = strtok_r(copy, ",", &save); item; item = strtok_r(NULL, ",", &save)) {
        if (!strcmp(item, "concurrent=0")) {
            o->concurrent = 0;
        } else if (!strncmp(item, "fail_at=", 8)) {
            o->fail_at = atol(item + 8);
        } else if (!strncmp(item, "hang_at=", 8)) {
            o->hang_at = atol(item + 8);
        } else {
            return -1;
        }
    }
    return 0;
}

static int32_t overlap_open(const cube_driver_host *host, const char *options, void **instance, char *err,
                            int32_t err_capacity) {
    overlap_driver *o = calloc(1, sizeof *o);
    if (!o) return CUBE_ERROR_NO_MEMORY;
    o->robot.host = host;
    o->concurrent = 1;
    o->fail_at = -1;
    o->hang_at = -1;
    if (parse_options(o, options) != 0 || pipe(o->never_written) != 0) {
        snprintf(err, (size_t)err_capacity, "overlap: bad options \"%s\"", options);
        free(o);
        return CUBE_ERROR_INVALID_ARGUMENT;
    }
    pthread_mutex_init(&o->mu, NULL);
    pthread_condattr_t attr;
    pthread_condattr_init(&attr);
    pthread_condattr_setclock(&attr, CLOCK_MONOTONIC); /* the waits' deadlines are monotonic */
    pthread_cond_init(&o->cv, &attr);
    pthread_condattr_destroy(&attr);
    *instance = o;
    return CUBE_OK;
}

static const char *overlap_robot_spec(void *p) {
    return plugin_robot_spec(&((overlap_driver *)p)->robot);
}

static int32_t overlap_actuator_count(void *p) {
    return plugin_robot_count(&((overlap_driver *)p)->robot);
}

static const char *overlap_actuator_name(void *p, int32_t index) {
    return plugin_robot_name(&((overlap_driver *)p)->robot, index);
}

static int32_t overlap_configure(void *p, const char *key, const char *value) {
    overlap_driver *o = p;
    if (!strcmp(key, "robot")) return plugin_robot_set(&o->robot, value);
    if (!strcmp(key, "scramble")) return CUBE_OK;
    return CUBE_ERROR_UNSUPPORTED;
}

/* Under mu: claims the step's actuators and records its start; -1 when one is moving. */
static long begin_step(overlap_driver *o, const cube_driver_command *const *commands, int32_t count) {
    for (int32_t i = 0; i < count; ++i) {
        int32_t a = commands[i]->actuator;
        if (a < 0 || a >= MAX_ACTUATORS || o->moving[a]) return -1;
    }
    for (int32_t i = 0; i < count; ++i) o->moving[commands[i]->actuator] = 1;
    if (o->executes == 0) clock_gettime(CLOCK_MONOTONIC, &o->origin);
    long index = o->executes++;
    if (index < MAX_STEPS) {
        o->steps[index].action = commands[0]->action_index;
        o->steps[index].start_us = us_since(&o->origin);
        o->steps[index].end_us = -1;
    }
    if (++o->in_flight > o->most_in_flight) o->most_in_flight = o->in_flight;
    return index;
}

/* Under mu. */
static void end_step(overlap_driver *o, long index, const cube_driver_command *const *commands, int32_t count) {
    for (int32_t i = 0; i < count; ++i) o->moving[commands[i]->actuator] = 0;
    if (index < MAX_STEPS) o->steps[index].end_us = us_since(&o->origin);
    --o->in_flight;
}

static int32_t overlap_execute(void *p, const cube_driver_command *const *commands, int32_t count) {
    overlap_driver *o = p;
    int32_t longest = 0;
    for (int32_t i = 0; i < count; ++i)
        if (commands[i]->duration_us > longest) longest = commands[i]->duration_us;
    pthread_mutex_lock(&o->mu);
    long index = begin_step(o, commands, count);
    if (index < 0) {
        ++o->refusals;
        int32_t st = say(o, CUBE_ERROR_INVALID_ARGUMENT, "an actuator of the step is still moving");
        pthread_mutex_unlock(&o->mu);
        return st;
    }
    const long stops = o->stops;
    const int fails = index == o->fail_at;
    const int hangs = index == o->hang_at;
    pthread_mutex_unlock(&o->mu);
    if (hangs) {
        char byte;
        while (read(o->never_written[0], &byte, 1) < 0) continue;
    }
    long long wait_us = fails ? (long long)longest * 9 / 10 : longest;
    struct timespec until;
    clock_gettime(CLOCK_MONOTONIC, &until);
    until.tv_sec += (time_t)(wait_us / 1000000);
    until.tv_nsec += (long)(wait_us % 1000000) * 1000;
    if (until.tv_nsec >= 1000000000) {
        until.tv_sec += 1;
        until.tv_nsec -= 1000000000;
    }
    pthread_mutex_lock(&o->mu);
    int timed_out = 0;
    while (o->stops == stops && !timed_out) timed_out = pthread_cond_timedwait(&o->cv, &o->mu, &until) != 0;
    end_step(o, index, commands, count);
    int32_t st = CUBE_OK;
    if (o->stops != stops) {
        st = say(o, CUBE_ERROR_CANCELLED, "stopped");
    } else if (fails) {
        st = say(o, CUBE_ERROR_IO, "injected failure");
    }
    pthread_mutex_unlock(&o->mu);
    return st;
}

static int32_t overlap_status(void *p, cube_driver_status *out) {
    (void)p;
    out->state = CUBE_DRIVER_IDLE;
    return CUBE_OK;
}

static int32_t overlap_position(void *p, int32_t actuator, int32_t *value) {
    (void)p;
    (void)actuator;
    (void)value;
    return CUBE_ERROR_UNSUPPORTED;
}

/* Under mu: the answer to `key` into `text`; 0 when the key is unknown. */
static int answer(overlap_driver *o, const char *key, char *text, size_t capacity) {
    text[0] = 0;
    if (!strcmp(key, CUBE_DRIVER_QUERY_CONCURRENT_STEPS)) {
        snprintf(text, capacity, "%s", o->concurrent ? "yes" : "no");
    } else if (!strcmp(key, "in_flight")) {
        snprintf(text, capacity, "%d", o->in_flight);
    } else if (!strcmp(key, "most_in_flight")) {
        snprintf(text, capacity, "%d", o->most_in_flight);
    } else if (!strcmp(key, "stops")) {
        snprintf(text, capacity, "%ld", o->stops);
    } else if (!strcmp(key, "refusals")) {
        snprintf(text, capacity, "%d", o->refusals);
    } else if (!strcmp(key, "steps")) {
        for (long i = 0; i < o->executes && i < MAX_STEPS; ++i) {
            size_t used = strlen(text);
            snprintf(text + used, capacity - used, "%d %lld %lld;", (int)o->steps[i].action, o->steps[i].start_us,
                     o->steps[i].end_us);
        }
    } else {
        return 0;
    }
    return 1;
}

static int32_t overlap_query(void *p, const char *key, char *buffer, int32_t capacity, int32_t *length) {
    overlap_driver *o = p;
    static _Thread_local char text[MAX_STEPS * 48];
    pthread_mutex_lock(&o->mu);
    int known = answer(o, key, text, sizeof text);
    int32_t st = known ? CUBE_OK : say(o, CUBE_ERROR_UNSUPPORTED, "unknown query");
    pthread_mutex_unlock(&o->mu);
    if (st != CUBE_OK) return st;
    int32_t n = (int32_t)strlen(text);
    if (length) *length = n;
    if (!buffer || capacity <= n) return CUBE_ERROR_BUFFER_TOO_SMALL;
    memcpy(buffer, text, (size_t)n + 1);
    return CUBE_OK;
}

static int32_t overlap_stop(void *p, int32_t level) {
    overlap_driver *o = p;
    (void)level;
    pthread_mutex_lock(&o->mu);
    ++o->stops;
    pthread_cond_broadcast(&o->cv);
    pthread_mutex_unlock(&o->mu);
    return CUBE_OK;
}

static int32_t overlap_margin_us(void *p) {
    (void)p;
    return 300000;
}

static const char *overlap_last_error(void *p) {
    return ((overlap_driver *)p)->error;
}

static void overlap_close(void *p) {
    overlap_driver *o = p;
    plugin_robot_free(&o->robot);
    close(o->never_written[0]);
    close(o->never_written[1]);
    pthread_cond_destroy(&o->cv);
    pthread_mutex_destroy(&o->mu);
    free(o);
}

CUBE_DRIVER_EXPORT const cube_driver_api *cube_driver_entry(uint32_t host_abi_version) {
    static const cube_driver_api api = {
        .struct_size = sizeof api,
        .abi_version = CUBE_DRIVER_ABI_VERSION,
        .name = "overlap",
        .description = "test driver that runs steps concurrently and records them",
        .robot_spec = overlap_robot_spec,
        .actuator_count = overlap_actuator_count,
        .actuator_name = overlap_actuator_name,
        .configure = overlap_configure,
        .status = overlap_status,
        .position = overlap_position,
        .query = overlap_query,
        .last_error = overlap_last_error,
        .close = overlap_close,
        .open_host = overlap_open,
        .execute_steps = overlap_execute,
        .stop_level = overlap_stop,
        .margin_us = overlap_margin_us,
    };
    (void)host_abi_version;
    return &api;
}
