#include "output.h"

#include <errno.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "cli.h"

/* errno of the first failed write or flush (0: none yet), and whether it was reported on stderr. */
static int first_error;
static int reported;

/* The input line the next JSON object written answers (0: none): out_number_next(). */
static int64_t numbered_line;

/* Keeps the errno of a failed write (EIO if the C library left none); returns -1. */
static int failed(void) {
    if (!first_error) first_error = errno ? errno : EIO;
    return -1;
}

void out_number_next(int64_t line) {
    numbered_line = line;
}

/* Writes "{"line":N," in place of the "{" that begins `text` when a number is due; how many bytes of text
 * that took the place of (0 or 1). */
static size_t number_object(const char *text) {
    int64_t line = numbered_line;
    numbered_line = 0;
    if (!line || text[0] != '{') return 0;
    if (printf("{\"line\":%lld%s", (long long)line, text[1] == '}' ? "" : ",") < 0) failed();
    return 1;
}

int out_text(const char *text) {
    if (first_error) return -1;
    size_t skip = numbered_line ? number_object(text) : 0;
    if (first_error) return -1;
    return fputs(text + skip, stdout) == EOF ? failed() : 0;
}

int out_printf(const char *format, ...) {
    if (first_error) return -1;
    va_list args;
    if (!numbered_line) {
        /* Nothing to put in front: straight to stdout, as every answer but a numbered one's first. */
        va_start(args, format);
        int written = vprintf(format, args);
        va_end(args);
        return written < 0 ? failed() : 0;
    }
    char small[512];
    va_start(args, format);
    int n = vsnprintf(small, sizeof small, format, args);
    va_end(args);
    if (n < 0) return failed();
    if ((size_t)n < sizeof small) return out_text(small);
    char *big = malloc((size_t)n + 1);
    if (!big) {
        errno = ENOMEM;
        return failed();
    }
    va_start(args, format);
    vsnprintf(big, (size_t)n + 1, format, args);
    va_end(args);
    int written = out_text(big);
    free(big);
    return written;
}

int out_puts(const char *text) {
    if (out_text(text) != 0) return -1;
    return out_char('\n');
}

int out_char(int c) {
    if (first_error) return -1;
    numbered_line = 0;
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
    return flushed() == 0 ? EXIT_OK : report(line > 0 ? "answer for line" : "output", line);
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
