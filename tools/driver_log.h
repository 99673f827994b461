/* `-v` / `--verbose` of `cube run` and `cube drivers`: drivers' log messages on stderr. */
#ifndef CUBE_CLI_DRIVER_LOG_H
#define CUBE_CLI_DRIVER_LOG_H

#include <cube/driver.h>

/* Sends the log of drivers opened from `registry` to stderr, every level: "cube: NAME: LEVEL: message". */
void driver_log_to_stderr(cube_driver_registry *registry);

#endif
