/* Ctrl-C and SIGTERM during a robot run: a watcher thread turns them into a cancel (of the driver, and of
 * the run's token, so that a signal just before the run starts is not lost), so that the run stops the
 * robot and the program closes the driver before it exits (130 / 143). */
#ifndef CUBE_CLI_STOP_SIGNALS_H
#define CUBE_CLI_STOP_SIGNALS_H

#include <cube/driver.h>

/* Blocks SIGINT and SIGTERM in this thread (and the threads it starts later) and starts the watcher.
 * Call before any other thread exists. 0 on success. */
int stop_signals_start(void);

/* The driver and the run's token a signal should cancel from now on (NULL: none; a signal is then only
 * remembered). A signal received before is passed on at once. */
void stop_signals_watch(cube_driver *driver, cube_cancel *token);

/* The signal received so far (SIGINT, SIGTERM), or 0. */
int stop_signals_received(void);

/* Stops the watcher and restores the signal mask. Call after the driver is no longer watched. */
void stop_signals_end(void);

#endif
