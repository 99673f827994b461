/* Pictures for `show`, `solve --steps` and `plan --svg`: the picture options and printing what
 * cube_render_state, cube_render_sequence and cube_render_plan draw. */
#ifndef CUBE_RENDER_CLI_H
#define CUBE_RENDER_CLI_H

#include <cube/cube.h>

/* The picture options as given on the command line (NULL: not given). */
typedef struct render_flags {
    const char *color;    /* always, never, auto (default) */
    const char *no_color; /* same as --color=never */
    const char *scheme;   /* western (default), japanese, or FACE=#COLOUR,... */
    const char *svg;      /* SVG instead of text */
    const char *iso;      /* --3d: the isometric view (with --svg) */
} render_flags;

/* Fills `out` from the flags. The colour depth of --color=auto: none when stdout is not a terminal, TERM is
 * unset or "dumb", or NO_COLOR is set; 24-bit when COLORTERM is truecolor or 24bit; else 256 colours.
 * Returns EXIT_OK or EXIT_USAGE (message printed). */
int render_options_from(const char *command, const render_flags *flags, cube_render_options *out);

/* Print the picture on stdout; EXIT_OK, or EXIT_BAD_INPUT with the library's message on stderr. */
int render_print_state(const char *command, const cube_state *state, const cube_render_options *options);
int render_print_plan(const char *command, const cube_plan *plan);

/* Prints the cube after each move of `moves` from `state`; CUBE_OK, or the library's status (nothing
 * printed, cube_last_error() says why). */
cube_status render_write_sequence(const cube_state *state, const cube_moves *moves,
                                  const cube_render_options *options);

#endif
