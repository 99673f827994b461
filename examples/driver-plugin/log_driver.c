/* The "log" driver: a complete driver plugin (version 2 of the plugin table) built from the installed
 * headers alone. It drives any robot by writing one line per call to a file (open, configure, prepare,
 * execute with its commands, stop LEVEL, rest, close), flushed at once so that another program can
 * follow it. It keeps the robot's positions with the host's physics (robot_step) and takes each step's
 * time (speed=S times real time; 0, the default, is instant); a stop from another thread ends the wait.
 *
 * Options: log:file=PATH[,model=FAMILY][,speed=S]. Without model= it drives the robot of the plan it is
 * given (configure "robot"). Nothing to link: every service comes from the host (cube_driver_host). */
#define _POSIX_C_SOURCE 200809L /* clock_gettime, strtok_r, pthread_condattr_setclock */
#include <cube/driver_plugin.h>

#include <errno.h>
#include <pthread.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#define MAX_ACTUATORS 16
#define MAX_SPEED 1e6

typedef struct log_driver {
    const cube_driver_host *host;
    FILE *file;
    pthread_mutex_t mu;   /* guards everything below: stop comes from any thread */
    pthread_cond_t woken; /* signalled by stop, to end a step's wait */
    int stop_requested;
    double speed;              /* times real time; 0: instant */
    int fixed_model;           /* model= was given: configure "robot" does not replace it */
    char spec[1024];           /* the robot driven, "" until known */
    cube_robot *robot;         /* parsed by the host */
    int32_t actuators;
    int32_t positions[MAX_ACTUATORS];
    int32_t state;             /* cube_driver_state */
    int32_t done;              /* commands finished */
    int32_t fault_code;        /* cube_fault_code of the last failure */
    char error[512];
} log_driver;

static log_driver *of(void *instance) {
    return (log_driver *)instance;
}

/* Appends one line to the file and flushes it. Call with mu held. */
static void write_line(log_driver *d, const char *format, ...) {
    va_list args;
    va_start(args, format);
    vfprintf(d->file, format, args);
    va_end(args);
    fputc('\n', d->file);
    fflush(d->file);
}

/* Records a failure for last_error and fault. Call with mu held. */
static int32_t failed(log_driver *d, int32_t status, int32_t fault_code, const char *message) {
    snprintf(d->error, sizeof d->error, "%s", message);
    d->fault_code = fault_code;
    d->state = CUBE_DRIVER_FAULT;
    write_line(d, "error %s", message);
    return status;
}

/* Drives `spec` from its rest state (positions are kept when it is the robot driven already). */
static int32_t adopt_robot(log_driver *d, const char *spec) {
    cube_robot *robot = NULL;
    int32_t count = 0;
    if (strlen(spec) >= sizeof d->spec) return CUBE_ERROR_INVALID_ARGUMENT;
    if (d->robot && strcmp(spec, d->spec) == 0) return CUBE_OK;
    cube_status st = d->host->robot_parse(spec, &robot);
    if (st == CUBE_OK) st = d->host->robot_rest_positions(robot, d->positions, MAX_ACTUATORS, &count);
    if (st != CUBE_OK) {
        d->host->robot_free(robot);
        return st;
    }
    d->host->robot_free(d->robot);
    d->robot = robot;
    d->actuators = count;
    snprintf(d->spec, sizeof d->spec, "%s", spec);
    return CUBE_OK;
}

/* Reads "file=PATH,model=FAMILY,speed=S"; on failure says why in err. */
static int32_t read_options(log_driver *d, const char *options, char *path, size_t path_size, char *err,
                            int32_t err_capacity) {
    char copy[1024];
    char *save = NULL;
    if (strlen(options) >= sizeof copy) {
        snprintf(err, (size_t)err_capacity, "log: options longer than %zu bytes", sizeof copy - 1);
        return CUBE_ERROR_INVALID_ARGUMENT;
    }
    snprintf(copy, sizeof copy, "%s", options);
    for (char *item = strtok_r(copy, ",", &save); item; item = strtok_r(NULL, ",", &save)) {
        char *value = strchr(item, '=');
        if (value) *value++ = '\0';
        if (value && strcmp(item, "file") == 0) {
            snprintf(path, path_size, "%s", value);
        } else if (value && strcmp(item, "model") == 0) {
            if (adopt_robot(d, value) != CUBE_OK) {
                snprintf(err, (size_t)err_capacity, "log: model=%s: %s", value, d->host->last_error());
                return CUBE_ERROR_INVALID_ARGUMENT;
            }
            d->fixed_model = 1;
        } else if (value && strcmp(item, "speed") == 0) {
            char *end = NULL;
            d->speed = strtod(value, &end);
            if (*value == '\0' || *end || d->speed < 0 || d->speed > MAX_SPEED) {
                snprintf(err, (size_t)err_capacity, "log: speed=%s: expected 0 (instant) to 1000000", value);
                return CUBE_ERROR_INVALID_ARGUMENT;
            }
        } else {
            snprintf(err, (size_t)err_capacity, "log: unknown option \"%s\" (file=PATH, model=FAMILY, speed=S)",
                     item);
            return CUBE_ERROR_INVALID_ARGUMENT;
        }
    }
    if (!path[0]) {
        snprintf(err, (size_t)err_capacity, "log: file=PATH is required");
        return CUBE_ERROR_INVALID_ARGUMENT;
    }
    return CUBE_OK;
}

static void free_driver(log_driver *d) {
    if (d->file) fclose(d->file);
    d->host->robot_free(d->robot);
    pthread_cond_destroy(&d->woken);
    pthread_mutex_destroy(&d->mu);
    free(d);
}

static int32_t log_open(const cube_driver_host *host, const char *options, void **instance, char *err,
                        int32_t err_capacity) {
    char path[1024] = "";
    pthread_condattr_t clock;
    log_driver *d = calloc(1, sizeof *d);
    if (!d) return CUBE_ERROR_NO_MEMORY;
    d->host = host;
    pthread_mutex_init(&d->mu, NULL);
    pthread_condattr_init(&clock);
    pthread_condattr_setclock(&clock, CLOCK_MONOTONIC);
    pthread_cond_init(&d->woken, &clock);
    pthread_condattr_destroy(&clock);
    int32_t st = read_options(d, options, path, sizeof path, err, err_capacity);
    if (st == CUBE_OK && !(d->file = fopen(path, "a"))) {
        snprintf(err, (size_t)err_capacity, "log: cannot open %s: %s", path, strerror(errno));
        st = CUBE_ERROR_IO;
    }
    if (st != CUBE_OK) {
        free_driver(d);
        return st;
    }
    write_line(d, "open %s", options);
    host->log(host->context, CUBE_LOG_INFO, "writing every call to the file given");
    *instance = d;
    return CUBE_OK;
}

static const char *log_robot_spec(void *instance) {
    return of(instance)->spec;
}

static int32_t log_actuator_count(void *instance) {
    return of(instance)->actuators;
}

static const char *log_actuator_name(void *instance, int32_t index) {
    const char *name = NULL;
    log_driver *d = of(instance);
    if (!d->robot || d->host->robot_actuator_name(d->robot, index, &name) != CUBE_OK) return NULL;
    return name;
}

static int32_t log_configure(void *instance, const char *key, const char *value) {
    log_driver *d = of(instance);
    int32_t st = CUBE_ERROR_UNSUPPORTED;
    pthread_mutex_lock(&d->mu);
    write_line(d, "configure %s %s", key, value);
    if (strcmp(key, "scramble") == 0) st = CUBE_OK;
    if (strcmp(key, "robot") == 0) {
        st = d->fixed_model ? CUBE_OK : adopt_robot(d, value);
        if (st != CUBE_OK) st = failed(d, st, CUBE_FAULT_MISMATCH, d->host->last_error());
    }
    pthread_mutex_unlock(&d->mu);
    return st;
}

static int32_t log_prepare(void *instance) {
    log_driver *d = of(instance);
    pthread_mutex_lock(&d->mu);
    write_line(d, "prepare");
    d->stop_requested = 0;
    d->state = CUBE_DRIVER_IDLE;
    pthread_mutex_unlock(&d->mu);
    return CUBE_OK;
}

/* Waits `us` microseconds of plan time at the driver's speed, or until stop. Call with mu held. */
static void take_time(log_driver *d, int32_t us) {
    struct timespec until;
    if (d->speed <= 0 || us <= 0) return;
    double seconds = us / 1e6 / d->speed;
    clock_gettime(CLOCK_MONOTONIC, &until);
    until.tv_sec += (time_t)seconds;
    until.tv_nsec += (long)((seconds - (double)(time_t)seconds) * 1e9);
    if (until.tv_nsec >= 1000000000L) {
        until.tv_sec += 1;
        until.tv_nsec -= 1000000000L;
    }
    int waited = 0;
    while (!d->stop_requested && waited != ETIMEDOUT) waited = pthread_cond_timedwait(&d->woken, &d->mu, &until);
}

static int32_t log_execute_steps(void *instance, const cube_driver_command *const *commands, int32_t count) {
    static const char *const kinds[] = {"?", "turn", "grip", "flip"};
    log_driver *d = of(instance);
    int32_t next[MAX_ACTUATORS];
    int32_t longest = 0;
    int32_t st = CUBE_OK;
    char line[256] = "";
    size_t used = 0;
    for (int32_t i = 0; i < count && used < sizeof line; ++i) {
        const cube_driver_command *c = commands[i];
        const char *name = log_actuator_name(d, c->actuator);
        int kind = c->kind >= 1 && c->kind <= 3 ? c->kind : 0;
        used += (size_t)snprintf(line + used, sizeof line - used, " %s %s %d %dus", name ? name : "?", kinds[kind],
                                 c->param, c->duration_us);
        if (c->duration_us > longest) longest = c->duration_us;
    }
    pthread_mutex_lock(&d->mu);
    write_line(d, "execute%s", line);
    if (d->state == CUBE_DRIVER_STOPPED)
        st = failed(d, CUBE_ERROR_CANCELLED, CUBE_FAULT_CANCELLED, "stopped: prepare first");
    else if (!d->robot)
        st = failed(d, CUBE_ERROR_INVALID_ARGUMENT, CUBE_FAULT_REFUSED, "no robot yet: configure \"robot\"");
    else if (d->host->robot_step(d->robot, d->positions, commands, count, next, NULL) != CUBE_OK)
        st = failed(d, CUBE_ERROR_INVALID_ARGUMENT, CUBE_FAULT_REFUSED, d->host->last_error());
    if (st == CUBE_OK) {
        d->state = CUBE_DRIVER_BUSY;
        take_time(d, longest);
        if (d->stop_requested) {
            st = failed(d, CUBE_ERROR_CANCELLED, CUBE_FAULT_CANCELLED, "stopped during the step");
            d->state = CUBE_DRIVER_STOPPED;
        } else {
            memcpy(d->positions, next, sizeof next[0] * (size_t)d->actuators);
            d->done += count;
            d->state = CUBE_DRIVER_IDLE;
        }
    }
    pthread_mutex_unlock(&d->mu);
    return st;
}

static int32_t log_status(void *instance, cube_driver_status *out) {
    log_driver *d = of(instance);
    pthread_mutex_lock(&d->mu);
    out->state = d->state;
    out->commands_done = d->done;
    pthread_mutex_unlock(&d->mu);
    return CUBE_OK;
}

static int32_t log_position(void *instance, int32_t actuator, int32_t *value) {
    log_driver *d = of(instance);
    if (actuator < 0 || actuator >= d->actuators) return CUBE_ERROR_INVALID_ARGUMENT;
    *value = d->positions[actuator];
    return CUBE_OK;
}

/* No queries: so the host runs one step at a time. A driver that can run steps with disjoint actuators at
 * once answers CUBE_DRIVER_QUERY_CONCURRENT_STEPS with "yes" (<cube/driver_plugin.h>, "Steps that run
 * concurrently"). */
static int32_t log_query(void *instance, const char *key, char *buffer, int32_t capacity, int32_t *length) {
    (void)instance, (void)key, (void)buffer, (void)capacity, (void)length;
    return CUBE_ERROR_UNSUPPORTED;
}

static int32_t log_stop(void *instance, int32_t level) {
    log_driver *d = of(instance);
    pthread_mutex_lock(&d->mu);
    write_line(d, "stop %d", level);
    d->stop_requested = 1;
    d->state = CUBE_DRIVER_STOPPED;
    pthread_cond_broadcast(&d->woken);
    pthread_mutex_unlock(&d->mu);
    return CUBE_OK;
}

static int32_t log_rest(void *instance) {
    log_driver *d = of(instance);
    pthread_mutex_lock(&d->mu);
    write_line(d, "rest");
    pthread_mutex_unlock(&d->mu);
    return CUBE_OK;
}

static int32_t log_fault(void *instance, cube_driver_fault *out) {
    log_driver *d = of(instance);
    /* Host structs may be older than this header: write only the fields struct_size covers. */
    if (!out || out->struct_size < CUBE_DRIVER_FAULT_SIZE_V1) return CUBE_ERROR_INVALID_ARGUMENT;
    out->code = d->fault_code;
    out->positions_known = 1;
    out->text = d->error;
    return CUBE_OK;
}

/* A step slowed down by speed < 1 takes 1/speed times its plan time: allow for that on steps of up to
 * LONGEST_STEP_US, plus 200 ms; the host caps margins at 60 s. */
#define LONGEST_STEP_US 2000000.0
static int32_t log_margin_us(void *instance) {
    log_driver *d = of(instance);
    double margin = 200000.0;
    if (d->speed > 0 && d->speed < 1) margin += LONGEST_STEP_US * (1 / d->speed - 1);
    return margin > 60e6 ? 60000000 : (int32_t)margin;
}

static const char *log_last_error(void *instance) {
    return of(instance)->error;
}

static void log_close(void *instance) {
    log_driver *d = of(instance);
    write_line(d, "close");
    free_driver(d);
}

CUBE_DRIVER_EXPORT const cube_driver_api *cube_driver_entry(uint32_t host_abi_version) {
    static const cube_driver_api api = {
        .struct_size = sizeof api,
        .abi_version = CUBE_DRIVER_ABI_VERSION,
        .name = "log",
        .description = "writes every call to a file (log:file=PATH,model=FAMILY,speed=S)",
        .robot_spec = log_robot_spec,
        .actuator_count = log_actuator_count,
        .actuator_name = log_actuator_name,
        .configure = log_configure,
        .status = log_status,
        .position = log_position,
        .query = log_query,
        .last_error = log_last_error,
        .close = log_close,
        .open_host = log_open,
        .execute_steps = log_execute_steps,
        .stop_level = log_stop,
        .prepare = log_prepare,
        .rest = log_rest,
        .fault = log_fault,
        .margin_us = log_margin_us,
    };
    /* Version 1 hosts cannot call open_host: decline them. */
    return host_abi_version >= 2 ? &api : NULL;
}
