/* Helpers shared by the subcommands of the `cube` program. */
#ifndef CUBE_CLI_H
#define CUBE_CLI_H

#include <cube/cube.h>
#include <stdint.h>
#include <stdio.h>

/* What a subcommand returns; CLI_CONTINUE is cli_parse()'s "go on with the command". A bad input
 * (EXIT_BAD_INPUT) is answered and a batch goes on; a failed read or write (EXIT_IO_ERROR) stops it. The two
 * have different values so that no batch can take one for the other; cli_exit_code() turns a status into the
 * program's exit code, where both are 1. Usage errors (an unknown command or option, a missing or extra
 * argument, an option value outside its choices or range) exit 2; `cube run` exits 128 + the signal after
 * SIGINT or SIGTERM. */
enum { CLI_CONTINUE = -1, EXIT_OK = 0, EXIT_BAD_INPUT = 1, EXIT_USAGE = 2, EXIT_IO_ERROR = 0x101 };

/* The program's exit code for a subcommand's status: EXIT_IO_ERROR exits 1, every other status as it is. */
int cli_exit_code(int status);

/* Options every subcommand understands, and the positional arguments left over. */
typedef struct cli_args {
    int32_t size;      /* 0 = not given */
    int argc;          /* positional arguments */
    char **argv;
} cli_args;

/* One option a subcommand takes: "--name" with a value (has_value) or a flag. */
typedef struct cli_option {
    const char *name;
    int has_value;
    const char **value; /* receives the value, or "1" for a flag */
} cli_option;

/* Whether arg asks for the usage: -h or --help. */
int cli_is_help(const char *arg);

/* Parses argv (after the subcommand name). Returns CLI_CONTINUE, EXIT_OK after printing `help` for -h or
 * --help (anywhere before "--", whatever else is given), or EXIT_USAGE (message printed). */
int cli_parse(const char *command, const char *help, int argc, char **argv, const cli_option *options,
              cli_args *out);

/* Prints "cube: <command>: <message>: <cube_last_error()>" to stderr (escaped) and returns EXIT_BAD_INPUT. */
int cli_fail(const char *command, const char *what);
int cli_usage_error(const char *command, const char *message);

/* Lets a subcommand take a short form of one of its options: every `short_name` (e.g. "-v") before a
 * "--" becomes `long_name` ("--verbose"). Call before cli_parse(). */
void cli_short_option(int argc, char **argv, const char *short_name, const char *long_name);

int cli_parse_int(const char *command, const char *name, const char *text, int64_t min, int64_t max, int64_t *out);
int cli_parse_u64(const char *command, const char *name, const char *text, uint64_t *out);

/* Joins positional arguments from `first` with spaces (so `cube invert R U R'` works). Caller frees. */
char *cli_join(int argc, char **argv, int first);

/* Size of a facelet string: the --size given, or inferred from its length (54 -> 3, 24 -> 2). */
int32_t cli_size_of(const char *facelets, int32_t size_option);

/* A seed from the system when none was given. */
uint64_t cli_random_seed(void);

/* Print the facelet string of a state, or the text of a move sequence, and a newline (a failed write is
 * reported by out_answered or out_close). Return EXIT_OK, or EXIT_BAD_INPUT (nothing printed) if the library
 * refuses. */
int cli_put_facelets(const cube_state *state);
int cli_put_moves(const cube_moves *moves);

#endif
