/* The part of a batch one process answers: --lines FIRST:LAST, --shard K/N (line L is shard ((L - 1) mod N) + 1),
 * and --resume FILE (the lines an earlier run already answered in FILE are skipped; the answers go on in FILE). */
#ifndef CUBE_BATCH_SCOPE_H
#define CUBE_BATCH_SCOPE_H

#include <stdint.h>

typedef struct batch_scope {
    int64_t first, last;  /* --lines; 1 and INT64_MAX without it */
    int64_t shard, shards; /* --shard K/N; 1/1 without it */
    int64_t done;          /* --resume: the last input line the file answers (0: none) */
    int numbered;          /* JSON answers carry "line":N (any of the three options given) */
    int had_failures;      /* --resume: the file holds an {"ok":false,...} answer */
} batch_scope;

/* The options of a split or resumed batch, as given (NULL: not given). */
typedef struct batch_scope_flags {
    const char *lines, *shard, *resume;
} batch_scope_flags;

/* Fills `scope` from the flags of `command`; with --resume opens FILE (created if missing), checks that each of
 * its complete lines is the JSON answer of the next line this scope wants, cuts an incomplete last line, locks
 * the file and makes it stdout (appending). `json`: whether --json was given; `batch`: whether the input is '-'.
 * Returns EXIT_OK, EXIT_USAGE (a value that cannot be read, an option without '-' or --resume without --json),
 * EXIT_BAD_INPUT (a FILE that is not an answer file of this batch, or in use; nothing changed in it) or
 * EXIT_IO_ERROR (it cannot be read or written); messages printed. */
int batch_scope_from(const char *command, const batch_scope_flags *flags, int json, int batch, batch_scope *scope);

/* Whether the scope wants input line `line` (numbered from 1). */
int batch_scope_wants(const batch_scope *scope, int64_t line);

/* Whether `line` and every line after it are past the scope's last line. */
int batch_scope_past_end(const batch_scope *scope, int64_t line);

/* At the end of the input (`lines` read): EXIT_OK, or EXIT_BAD_INPUT after "error: the --resume file answers
 * input line N, past the input's end (M lines)" when the file answers lines the input does not have. */
int batch_scope_end(const batch_scope *scope, int64_t lines);

/* The first line after `line` that the scope wants (the range's end + 1 when none is left). */
int64_t batch_scope_next(const batch_scope *scope, int64_t line);

/* The help lines of the three options, for each batch command's usage. */
#define BATCH_SCOPE_HELP                                                                                           \
    "  --lines FIRST:LAST\n"                                                                                       \
    "                     batch: answer only input lines FIRST to LAST (numbered from 1; FIRST: to the\n"          \
    "                     end, N: line N alone)\n"                                                                 \
    "  --shard K/N        batch: answer only shard K of N (1 <= K <= N <= 1000000): the lines L with\n"             \
    "                     (L - 1) mod N = K - 1, so every shard gets a like mix; with --lines, of that range\n"     \
    "  --resume FILE      batch, with --json: write the answers to FILE; when it exists, go on after its\n"         \
    "                     last complete answer (an incomplete last line, left by a killed run, is cut;\n"           \
    "                     a file that is not this batch's answers is refused and left as it is)\n"                 \
    "With --lines, --shard or --resume each JSON answer begins with \"line\":N, its input line; 'cube merge'\n"     \
    "joins, checks and verifies the parts (docs/cluster.md).\n"

#endif
