#include "output.h"

#include <errno.h>
#include <stdarg.h>
#include <stdio.h>
#include <string.h>

#include "cli.h"

/* errno of the first failed write or flush (0: none yet), and whether it was reported on stderr. */
static int first_error;
static int reported;

/* Keeps the errno of a failed write (EIO if the C library left none); returns -1. */
static int failed(void) {
    if (!first_error) first_error = errno ? errno : EIO;
    return -1;
}

int out_printf(const char *format, ...) {
    if (first_error) return -1;
    va_list args;
    va_start(args, format);
    int written = vprintf(format, args);
    va_end(args);
    return written < 0 ? failed() : 0;
}

int out_puts(const char *text) {
    if (first_error) return -1;
    return puts(text) == EOF ? failed() : 0;
}

int out_text(const char *text) {
    if (first_error) return -1;
    return fputs(text, stdout) == EOF ? failed() : 0;
}

int out_char(int c) {
    if (first_error) return -1;
    return putchar(c) == EOF ? failed() : 0;
}

/* Flushes stdout; returns 0, or -1 if this or an earlier write failed. */
static int flushed(void) {
    if (first_error) return -1;
    if (fflush(stdout) == EOF || ferror(stdout)) return failed();
    return 0;
}

/* Prints "error: writing WHAT: REASON" once; returns EXIT_IO_ERROR. */
static int report(const char *what, int64_t line) {
    if (!reported) {
        if (line > 0)
            fprintf(stderr, "error: writing %s %lld: %s\n", what, (long long)line, strerror(first_error));
        else
            fprintf(stderr, "error: writing %s: %s\n", what, strerror(first_error));
    }
    reported = 1;
    return EXIT_IO_ERROR;
}

int out_answered(int64_t line) {
    return flushed() == 0 ? EXIT_OK : report("answer for line", line);
}

int out_listed(int64_t line) {
    return first_error ? report("output at line", line) : EXIT_OK;
}

int out_close(int status) {
    int written = flushed() == 0;
    int closed = fclose(stdout) == 0;
    if (written && closed) return status;
    if (written) failed(); /* the errno of fclose */
    report("output", 0);
    return status == EXIT_OK ? EXIT_IO_ERROR : status;
}
