#include "driver_log.h"

#include <stdio.h>

#include "escape.h"

static const char *level_name(int32_t level) {
    switch (level) {
        case CUBE_LOG_ERROR:
            return "error";
        case CUBE_LOG_WARNING:
            return "warning";
        case CUBE_LOG_INFO:
            return "info";
        default:
            return "debug";
    }
}

/* Called from any thread that calls into a driver: one fprintf per message keeps lines whole. */
static void log_line(void *user_data, int32_t level, const char *driver, const char *message) {
    char name[128];
    char text[1024];
    (void)user_data;
    cli_escape(driver, name, sizeof name);
    cli_escape(message, text, sizeof text);
    fprintf(stderr, "cube: %s: %s: %s\n", name, level_name(level), text);
}

void driver_log_to_stderr(cube_driver_registry *registry) {
    cube_driver_registry_set_log(registry, log_line, NULL, CUBE_LOG_DEBUG);
}
