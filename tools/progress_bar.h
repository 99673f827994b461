/* The progress of a 3x3 table job on stderr, for `cube tables generate` and solves that wait for the tables.
 * On a terminal: one bar for the whole job (overall percent, time left, the stage beside it), redrawn in
 * place. Otherwise plain lines: when the shown part of the job starts, when a stage starts, at every 10%.
 * Jobs shorter than half a second (mapping a sound file) show nothing. Notices are whole lines, printed
 * above the bar. Every function may be called from any thread. */
#ifndef CUBE_CLI_PROGRESS_BAR_H
#define CUBE_CLI_PROGRESS_BAR_H

#include <cube/common.h>

/* A cube_progress_fn: stages as the bar (or lines), notices as lines. Returns nonzero (cancel) once a
 * signal was caught by progress_cancel_on_signals(). */
int32_t progress_report(void *unused, const cube_progress *p);

/* A stage report only (drawn as above); notices are left to the caller. */
void progress_stage(const cube_progress *p);

/* Prints "cube: TEXT" (escaped) as a line of its own, above the bar if one is drawn. */
void progress_notice(const char *text);

/* Erases the bar, if one is drawn, before something else is written to the terminal. */
void progress_clear(void);

/* Ends the job's display: a finished job that was shown gets "cube: 3x3 tables: done in T" (the bar is
 * replaced by it); an unfinished one is erased. */
void progress_end(void);

/* From now on SIGINT and SIGTERM (unless ignored) trigger `token` (the first one; a second kills the
 * process) and the bar is erased; progress_report() then returns nonzero. */
void progress_cancel_on_signals(cube_cancel *token);

/* The signal caught by progress_cancel_on_signals(), or 0. */
int progress_signal(void);

#endif
