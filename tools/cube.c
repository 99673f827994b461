/* cube: command-line front end of libcube. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "cli.h"
#include "commands.h"
#include "escape.h"
#include "output.h"
#include "terminal.h"

typedef struct command {
    const char *name;
    int (*run)(int argc, char **argv);
    const char *summary;
} command;

static const command commands[] = {
    {"show", cmd_show, "print a cube as an unfolded net"},
    {"apply", cmd_apply, "apply moves and print the facelet string"},
    {"validate", cmd_validate, "check a facelet string and say what is wrong"},
    {"random", cmd_random, "print uniformly random states"},
    {"scramble", cmd_scramble, "print a scramble (random moves, or a random state)"},
    {"invert", cmd_invert, "invert a move sequence"},
    {"simplify", cmd_simplify, "merge and cancel moves"},
#include "commands_extra.inc"
    {NULL, NULL, NULL},
};

static void usage(FILE *out) {
    fprintf(out, "usage: cube [options] COMMAND [options]\n       cube help COMMAND\n\nCommands:\n");
    for (const command *c = commands; c->name; ++c) fprintf(out, "  %-10s %s\n", c->name, c->summary);
    fprintf(out, "\nOptions go before or after the command. Every command takes -h/--help, and --size 2|3\n"
                 "(default 3, or inferred from a facelet string); solve, validate, plan, drivers and tables\n"
                 "take --json. Exit status: 0 ok; 1 bad input, a failure, or a failed read or write; 2 usage\n"
                 "error; 130 or 143 when cube run or cube tables generate is stopped by SIGINT or SIGTERM.\n"
                 "libcube %s\n",
            cube_version_string());
}

static const command *find_command(const char *name) {
    for (const command *c = commands; c->name; ++c)
        if (strcmp(name, c->name) == 0) return c;
    return NULL;
}

static int unknown_command(const char *name) {
    char shown[200];
    cli_escape(name, shown, sizeof shown);
    fprintf(stderr, "cube: unknown command '%s'\n\n", shown);
    usage(stderr);
    return EXIT_USAGE;
}

/* Where the command is: the first word naming one, every word before it being an option or an option's value
 * (`cube --size 2 scramble`). Returns its index, or 0 if there is none (*stray: a word that is neither). */
static int command_index(int argc, char **argv, int *stray) {
    *stray = 0;
    for (int i = 1; i < argc; ++i) {
        if (argv[i][0] == '-') continue;
        if (find_command(argv[i])) return i;
        if (argv[i - 1][0] != '-' || strchr(argv[i - 1], '=') || i == 1) {
            *stray = i;
            return 0;
        }
    }
    return 0;
}

/* Runs command `c` with the options given before it: `cube --size 2 scramble --seed 4` runs as
 * `scramble --size 2 --seed 4`. */
static int run_command(const command *c, int argc, char **argv, int at) {
    if (at == 1) return c->run(argc - 2, argv + 2);
    char **args = malloc(sizeof *args * (size_t)argc);
    if (!args) {
        fprintf(stderr, "cube: out of memory\n");
        return EXIT_BAD_INPUT;
    }
    int n = 0;
    for (int i = 1; i < at; ++i) args[n++] = argv[i];
    for (int i = at + 1; i < argc; ++i) args[n++] = argv[i];
    args[n] = NULL;
    int status = c->run(n, args);
    free(args);
    return status;
}

/* `cube help [COMMAND]`, `cube --help [COMMAND]`: the usage of the program or of one command. */
static int help(int argc, char **argv) {
    if (argc < 3) {
        usage(stdout);
        return EXIT_OK;
    }
    const command *c = find_command(argv[2]);
    if (!c) return unknown_command(argv[2]);
    static char help_option[] = "--help";
    char *args[] = {help_option, NULL};
    return c->run(1, args);
}

/* Runs the command line; its exit status (before standard output is closed). */
static int run(int argc, char **argv) {
    if (argc < 2) {
        usage(stderr);
        return EXIT_USAGE;
    }
    if (strcmp(argv[1], "help") == 0 || cli_is_help(argv[1])) return help(argc, argv);
    if (strcmp(argv[1], "--version") == 0 || strcmp(argv[1], "version") == 0) {
        out_printf("cube (libcube) %s\n", cube_version_string());
        return EXIT_OK;
    }
    int stray = 0;
    int at = command_index(argc, argv, &stray);
    if (at) return run_command(find_command(argv[at]), argc, argv, at);
    if (stray) return unknown_command(argv[stray]);
    fprintf(stderr, "cube: no command given\n\n");
    usage(stderr);
    return EXIT_USAGE;
}

int main(int argc, char **argv) {
    terminal_init();
    /* Whatever is still buffered is written here: a failure turns success into exit status 1. */
    return cli_exit_code(out_close(run(argc, argv)));
}
