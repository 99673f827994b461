#include "cli.h"

#include <errno.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#include "escape.h"
#include "output.h"
#include "progress_bar.h"
#include "terminal.h"

int cli_usage_error(const char *command, const char *message) {
    fprintf(stderr, "cube %s: %s (see 'cube %s --help')\n", command, message, command);
    return EXIT_USAGE;
}

int cli_exit_code(int status) {
    return status == EXIT_IO_ERROR ? 1 : status;
}

int cli_fail(const char *command, const char *what) {
    progress_clear(); /* a table job's bar, if a failed load left one */
    if (what && *what)
        fprintf(stderr, "cube %s: %s: %s\n", command, what, cli_last_error());
    else
        fprintf(stderr, "cube %s: %s\n", command, cli_last_error());
    return EXIT_BAD_INPUT;
}

void cli_short_option(int argc, char **argv, const char *short_name, const char *long_name) {
    for (int i = 0; i < argc && strcmp(argv[i], "--") != 0; ++i)
        if (strcmp(argv[i], short_name) == 0) argv[i] = (char *)long_name;
}

int cli_is_help(const char *arg) {
    return strcmp(arg, "-h") == 0 || strcmp(arg, "--help") == 0;
}

int cli_parse(const char *command, const char *help, int argc, char **argv, const cli_option *options,
              cli_args *out) {
    static char *positional[256];
    char message[300];
    char shown[200];
    int n = 0;
    out->size = 0;
    out->argc = 0;
    out->argv = positional;
    /* -h or --help anywhere before "--" prints the usage, whatever else the line holds. */
    for (int i = 0; i < argc && strcmp(argv[i], "--") != 0; ++i) {
        if (cli_is_help(argv[i])) {
            out_puts(help);
            return EXIT_OK;
        }
    }
    for (int i = 0; i < argc; ++i) {
        const char *a = argv[i];
        if (strcmp(a, "--") == 0) {
            while (++i < argc && n < 256) positional[n++] = argv[i];
            break;
        }
        if (strncmp(a, "--", 2) != 0 || strcmp(a, "-") == 0) {
            if (n == 256) return cli_usage_error(command, "too many arguments");
            positional[n++] = argv[i];
            continue;
        }
        const char *name = a + 2;
        const char *eq = strchr(name, '=');
        size_t len = eq ? (size_t)(eq - name) : strlen(name);
        const char *value = eq ? eq + 1 : NULL;
        const cli_option *o = options;
        while (o && o->name && !(strlen(o->name) == len && strncmp(o->name, name, len) == 0)) ++o;
        /* --size is the cube's (2 or 3) unless the command has a --size of its own. */
        if (len == 4 && strncmp(name, "size", 4) == 0 && (!o || !o->name)) {
            if (!value && i + 1 < argc) value = argv[++i];
            if (!value || (strcmp(value, "2") != 0 && strcmp(value, "3") != 0))
                return cli_usage_error(command, "--size takes 2 or 3");
            out->size = value[0] - '0';
            continue;
        }
        if (!o || !o->name) {
            cli_escape(a, shown, sizeof shown);
            snprintf(message, sizeof message, "unknown option '%s'", shown);
            return cli_usage_error(command, message);
        }
        if (o->has_value) {
            if (!value && i + 1 < argc) value = argv[++i];
            if (!value) {
                snprintf(message, sizeof message, "option --%s needs a value", o->name);
                return cli_usage_error(command, message);
            }
            *o->value = value;
        } else {
            if (value) {
                snprintf(message, sizeof message, "option --%s takes no value", o->name);
                return cli_usage_error(command, message);
            }
            *o->value = "1";
        }
    }
    out->argc = n;
    return CLI_CONTINUE;
}

int cli_parse_int(const char *command, const char *name, const char *text, int64_t min, int64_t max, int64_t *out) {
    char *end = NULL;
    errno = 0;
    long long v = strtoll(text, &end, 10);
    if (errno || !end || *end || end == text || v < min || v > max) {
        char message[300];
        char shown[200];
        cli_escape(text, shown, sizeof shown);
        snprintf(message, sizeof message, "--%s takes a whole number from %lld to %lld, not '%s'", name,
                 (long long)min, (long long)max, shown);
        return cli_usage_error(command, message);
    }
    *out = v;
    return EXIT_OK;
}

int cli_parse_u64(const char *command, const char *name, const char *text, uint64_t *out) {
    char *end = NULL;
    errno = 0;
    unsigned long long v = strtoull(text, &end, 0);
    if (errno || !end || *end || end == text || text[0] == '-') {
        char message[300];
        char shown[200];
        cli_escape(text, shown, sizeof shown);
        snprintf(message, sizeof message, "--%s takes a number from 0 to 2^64-1, not '%s'", name, shown);
        return cli_usage_error(command, message);
    }
    *out = v;
    return EXIT_OK;
}

char *cli_join(int argc, char **argv, int first) {
    size_t total = 1;
    for (int i = first; i < argc; ++i) total += strlen(argv[i]) + 1;
    char *s = malloc(total);
    if (!s) return NULL;
    s[0] = '\0';
    for (int i = first; i < argc; ++i) {
        if (i > first) strcat(s, " ");
        strcat(s, argv[i]);
    }
    return s;
}

int32_t cli_size_of(const char *facelets, int32_t size_option) {
    if (size_option) return size_option;
    return strlen(facelets) == 24 ? 2 : 3;
}

uint64_t cli_random_seed(void) {
    uint64_t seed = terminal_random_seed();
    if (!seed) seed = (uint64_t)time(NULL) * 0x9e3779b97f4a7c15ULL;
    return seed;
}

int cli_put_facelets(const cube_state *state) {
    const char *facelets = NULL;
    if (cube_state_facelets(state, &facelets) != CUBE_OK) return EXIT_BAD_INPUT;
    out_puts(facelets);
    return EXIT_OK;
}

int cli_put_moves(const cube_moves *moves) {
    const char *text = NULL;
    if (cube_moves_text(moves, &text) != CUBE_OK) return EXIT_BAD_INPUT;
    out_puts(text);
    return EXIT_OK;
}
