/* cube: command-line front end of libcube. */
#include <stdio.h>
#include <string.h>

#include "cli.h"
#include "commands.h"
#include "escape.h"
#include "output.h"

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
    {"scramble", cmd_scramble, "print a random-move scramble"},
    {"invert", cmd_invert, "invert a move sequence"},
    {"simplify", cmd_simplify, "merge and cancel moves"},
#include "commands_extra.inc"
    {NULL, NULL, NULL},
};

static void usage(FILE *out) {
    fprintf(out, "usage: cube COMMAND [--help] [options]\n\nCommands:\n");
    for (const command *c = commands; c->name; ++c) fprintf(out, "  %-10s %s\n", c->name, c->summary);
    fprintf(out, "\nEvery command takes --help, and --size 2|3 (default 3, or inferred from a facelet string).\n"
                 "Exit status: 0 ok, 1 bad input or a failed read or write, 2 usage error. libcube %s\n",
            cube_version_string());
}

/* Runs the command line; its exit status (before standard output is closed). */
static int run(int argc, char **argv) {
    if (argc < 2) {
        usage(stderr);
        return EXIT_USAGE;
    }
    if (strcmp(argv[1], "--help") == 0 || strcmp(argv[1], "-h") == 0 || strcmp(argv[1], "help") == 0) {
        usage(stdout);
        return EXIT_OK;
    }
    if (strcmp(argv[1], "--version") == 0 || strcmp(argv[1], "version") == 0) {
        out_printf("cube (libcube) %s\n", cube_version_string());
        return EXIT_OK;
    }
    for (const command *c = commands; c->name; ++c)
        if (strcmp(argv[1], c->name) == 0) return c->run(argc - 2, argv + 2);
    char shown[200];
    cli_escape(argv[1], shown, sizeof shown);
    fprintf(stderr, "cube: unknown command '%s'\n\n", shown);
    usage(stderr);
    return EXIT_USAGE;
}

int main(int argc, char **argv) {
    /* Whatever is still buffered is written here: a failure turns success into exit status 1. */
    return out_close(run(argc, argv));
}
