/* What the cube program asks the operating system for beyond standard C: terminals, stop requests, the
 * processor count and the lock of a --resume file. terminal.c has a POSIX and a Windows side; no other file
 * of the program tests _WIN32. */
#ifndef CUBE_CLI_TERMINAL_H
#define CUBE_CLI_TERMINAL_H

#include <stddef.h>
#include <stdint.h>

/* Called first by main. Windows: stdin, stdout and stderr in binary mode (answers byte for byte as on
 * POSIX: no CR added to "\n", none dropped on input), and virtual terminal sequences (colours, erasing a
 * line) switched on for the consoles among them. POSIX: nothing to do. */
void terminal_init(void);

/* Whether file descriptor fd (0, 1 or 2) is a terminal (Windows: a console, not merely a character device
 * such as NUL). */
int terminal_is(int fd);

/* The width of the terminal on stderr in columns, or 80 when it cannot be told. */
int terminal_width(void);

/* The processors online (at least 1). */
int32_t terminal_processors(void);

/* Writes bytes to stderr, unbuffered; safe in a stop handler. */
void terminal_write_stderr(const char *bytes, size_t length);

/* Stop requests are SIGINT and SIGTERM on POSIX; on Windows Ctrl-C and Ctrl-Break arrive as SIGINT and the
 * console's close, logoff and shutdown as SIGTERM (same numbers: exit statuses 130 and 143 either way). */

/* Starts a thread that calls on_stop(sig) for each stop request, in thread context (locks allowed); blocks
 * the requests' default action until terminal_stop_thread_end(). Call before any other thread exists
 * (POSIX: the signal mask is inherited). 0 on success. */
int terminal_stop_thread_start(void (*on_stop)(int sig));
void terminal_stop_thread_end(void);

/* From now on stop requests (unless the shell ignores them) call on_stop(sig) at once, in a signal handler
 * on POSIX (only async-signal-safe calls): a nonzero return means handled; 0 lets the default action (end
 * of the process) happen. */
void terminal_stop_handler_set(int (*on_stop)(int sig));

/* 64 random bits from the system (POSIX: /dev/urandom; Windows: rand_s, which is RtlGenRandom), or 0 when
 * there are none. */
uint64_t terminal_random_seed(void);

/* Opens path (as fopen() takes it) for reading and writing, created if missing; a file descriptor, or -1 with errno. */
int terminal_open_rw(const char *path);

/* Locks the open file fd exclusively without waiting, for as long as fd (or a copy of it) is open. 0, or
 * EWOULDBLOCK when another process holds it, or another errno value. */
int terminal_lock_file(int fd);

#endif
