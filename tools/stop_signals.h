/* Ctrl-C and SIGTERM during a robot run: a watcher thread turns them into a driver cancel, so that the
 * run stops the robot and the program closes the driver before it exits (130 / 143). */
#ifndef CUBE_CLI_STOP_SIGNALS_H
#define CUBE_CLI_STOP_SIGNALS_H

#include <cube/driver.h>

/* Blocks SIGINT and SIGTERM in this thread (and the threads it starts later) and starts the watcher.
 * Call before any other thread exists. 0 on success. */
int stop_signals_start(void);

/* The driver a signal should cancel from now on (NULL: none; a signal is then only remembered). */
void stop_signals_watch(cube_driver *driver);

/* The signal received so far (SIGINT, SIGTERM), or 0. */
int stop_signals_received(void);

/* Stops the watcher and restores the signal mask. Call after the driver is no longer watched. */
void stop_signals_end(void);

#endif
