#include "render_cli.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "cli.h"
#include "escape.h"
#include "output.h"
#include "terminal.h"

/* The colour depth COLORTERM announces: 24-bit for truecolor or 24bit, else 256 colours. */
static int32_t terminal_depth(void) {
    const char *colorterm = getenv("COLORTERM");
    if (colorterm && (strcmp(colorterm, "truecolor") == 0 || strcmp(colorterm, "24bit") == 0)) return CUBE_COLOR_24BIT;
    return CUBE_COLOR_256;
}

/* --color=auto: colours on a terminal (see render_cli.h). */
static int32_t auto_color(void) {
    const char *term = getenv("TERM");
    if (!terminal_is(1) || !term || !*term || strcmp(term, "dumb") == 0 || getenv("NO_COLOR"))
        return CUBE_COLOR_LETTERS;
    return terminal_depth();
}

static int color_from(const char *command, const render_flags *f, int32_t *color) {
    if (f->no_color && f->color) return cli_usage_error(command, "give --color or --no-color, not both");
    const char *when = f->no_color ? "never" : f->color ? f->color : "auto";
    if (strcmp(when, "never") == 0)
        *color = CUBE_COLOR_LETTERS;
    else if (strcmp(when, "auto") == 0)
        *color = auto_color();
    else if (strcmp(when, "always") == 0)
        *color = terminal_depth();
    else if (strcmp(when, "256") == 0)
        *color = CUBE_COLOR_256;
    else if (strcmp(when, "24bit") == 0 || strcmp(when, "truecolor") == 0)
        *color = CUBE_COLOR_24BIT;
    else
        return cli_usage_error(command, "--color takes always, never, auto, 256 or 24bit");
    return EXIT_OK;
}

static int scheme_from(const char *command, const char *text, cube_render_options *out) {
    if (!text || strcmp(text, "western") == 0) {
        out->scheme = CUBE_SCHEME_WESTERN;
        return EXIT_OK;
    }
    if (strcmp(text, "japanese") == 0) {
        out->scheme = CUBE_SCHEME_JAPANESE;
        return EXIT_OK;
    }
    uint32_t colours[6];
    if (cube_scheme_colors(CUBE_SCHEME_CUSTOM, text, colours, 6, NULL) != CUBE_OK) {
        char message[600];
        snprintf(message, sizeof message, "--scheme: %s", cli_last_error());
        return cli_usage_error(command, message);
    }
    out->scheme = CUBE_SCHEME_CUSTOM;
    out->custom_scheme = text;
    return EXIT_OK;
}

int render_options_from(const char *command, const render_flags *f, cube_render_options *out) {
    if (cube_render_options_init(out) != CUBE_OK) return cli_fail(command, NULL);
    if (f->iso && !f->svg) return cli_usage_error(command, "--3d goes with --svg");
    if (f->svg && (f->color || f->no_color))
        return cli_usage_error(command, "--color and --no-color are for text, not --svg");
    out->format = f->svg ? CUBE_RENDER_SVG : CUBE_RENDER_TEXT;
    out->view = f->iso ? CUBE_VIEW_3D : CUBE_VIEW_NET;
    if (!f->svg && color_from(command, f, &out->color) != EXIT_OK) return EXIT_USAGE;
    return scheme_from(command, f->scheme, out);
}

/* One picture to draw: a state, a state and its sequence, or a plan. */
typedef struct drawing {
    const cube_state *state;
    const cube_moves *moves; /* with state: the sequence */
    const cube_plan *plan;
    const cube_render_options *options;
} drawing;

static cube_status draw(const drawing *d, char *buffer, int32_t capacity, int32_t *length) {
    if (d->plan) return cube_render_plan(d->plan, d->options, buffer, capacity, length);
    if (d->moves) return cube_render_sequence(d->state, d->moves, d->options, buffer, capacity, length);
    return cube_render_state(d->state, d->options, buffer, capacity, length);
}

/* Asks for the length, then draws into a buffer of that size and prints it. */
static cube_status write_drawing(const drawing *d) {
    int32_t length = 0;
    cube_status st = draw(d, NULL, 0, &length);
    if (st != CUBE_ERROR_BUFFER_TOO_SMALL) return st == CUBE_OK ? CUBE_ERROR_INTERNAL : st;
    char *buffer = malloc((size_t)length + 1);
    if (!buffer) return CUBE_ERROR_NO_MEMORY;
    st = draw(d, buffer, length + 1, NULL);
    if (st == CUBE_OK) out_text(buffer);
    free(buffer);
    return st;
}

static int print_drawing(const char *command, const drawing *d) {
    return write_drawing(d) == CUBE_OK ? EXIT_OK : cli_fail(command, NULL);
}

int render_print_state(const char *command, const cube_state *state, const cube_render_options *options) {
    drawing d = {state, NULL, NULL, options};
    return print_drawing(command, &d);
}

cube_status render_write_sequence(const cube_state *state, const cube_moves *moves,
                                  const cube_render_options *options) {
    drawing d = {state, moves, NULL, options};
    return write_drawing(&d);
}

int render_print_plan(const char *command, const cube_plan *plan) {
    cube_render_options options;
    if (cube_render_options_init(&options) != CUBE_OK) return cli_fail(command, NULL);
    options.format = CUBE_RENDER_SVG;
    drawing d = {NULL, NULL, plan, &options};
    return print_drawing(command, &d);
}
