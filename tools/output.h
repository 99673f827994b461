/* Standard output with every write checked: the first failure is kept with its errno and reported once. */
#ifndef CUBE_OUTPUT_H
#define CUBE_OUTPUT_H

#include <stdint.h>

/* Each returns 0, or -1 if this write or an earlier one failed (nothing more is written after a failure). */
int out_printf(const char *format, ...) __attribute__((format(printf, 1, 2)));
int out_puts(const char *text); /* text and a newline */
int out_text(const char *text); /* text as it is */
int out_char(int c);

/* Makes the next JSON object written begin with "line":N (its "{" becomes {"line":N,): the input line a split
 * or resumed batch answers. Cleared by that write, or by any other that does not begin with "{". */
void out_number_next(int64_t line);

/* Flushes the answer to batch line `line`. Returns EXIT_OK, or EXIT_IO_ERROR after printing
 * "error: writing answer for line N: REASON" on stderr. */
int out_answered(int64_t line);

/* After output line `line` of a long listing (not flushed: stdout stays fully buffered). Returns EXIT_OK, or
 * EXIT_IO_ERROR after printing "error: writing output at line N: REASON" on stderr. */
int out_listed(int64_t line);

/* Flushes and closes stdout at the end of the program. Returns `status`, or EXIT_IO_ERROR if it was EXIT_OK and a
 * write failed ("error: writing output: REASON" on stderr unless already reported). */
int out_close(int status);

#endif
