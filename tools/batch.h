/* Batches on stdin: one input per line, one answer per line, in order. */
#ifndef CUBE_BATCH_H
#define CUBE_BATCH_H

#include <stdint.h>
#include <stdio.h>

/* Longest line a batch takes, in bytes (without its newline); longer lines are answered with an error. */
#define BATCH_LINE_MAX (1024 * 1024)

/* Reads lines numbered from 1; `refusal` says why the line last read cannot be used ("" if it can). */
typedef struct batch_reader {
    FILE *in;
    int64_t line;
    int read_error; /* errno of a failed read (0: none) */
    int ended;      /* whether the line last read ended with a newline (0: the input ended in it) */
    const struct batch_scope *scope; /* NULL: every line; else batch_read() returns only the lines it wants */
    char refusal[64];
} batch_reader;

void batch_reader_init(batch_reader *reader, FILE *in);

/* Reads the next line into *text (caller frees): without its newline and the spaces, tabs and CR around it.
 * With a scope, the lines it does not want are read past and the input ends after its last line.
 * Returns 1 for a line, 0 at the end of the input, -1 if reading failed or memory ran out (see
 * batch_report_read_error). A line with a NUL byte or longer than BATCH_LINE_MAX is read to its end and returned
 * as "" with `refusal` set ("line N contains a NUL byte"). */
int batch_read(batch_reader *reader, char **text);

/* Prints "error: reading line N: REASON" on stderr; returns EXIT_IO_ERROR. */
int batch_report_read_error(const batch_reader *reader);

/* Answers one input: prints one answer (errors as "error: ..." on stdout) and returns an exit status. batch is 1
 * when the input is a stdin line, 0 when it was a command-line argument. */
typedef int (*batch_answer_fn)(const char *input, int batch, void *ctx);

/* Answers every stdin line with `answer` (a refused line with answer_error(json, ...)), flushing each answer.
 * Returns EXIT_OK if every answer succeeded, EXIT_BAD_INPUT if some failed (the batch goes on), or EXIT_IO_ERROR
 * when reading or writing fails (reported on stderr with the line number; the batch stops). */
int batch_answer_lines(FILE *in, batch_answer_fn answer, void *ctx, int json);

/* batch_answer_lines() for the lines `scope` wants (NULL: every line); each JSON answer carries "line":N when
 * the scope numbers them. */
int batch_answer_scope(FILE *in, const struct batch_scope *scope, batch_answer_fn answer, void *ctx, int json);

#endif
