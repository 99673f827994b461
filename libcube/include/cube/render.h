/**
 * @file cube/render.h
 * @brief Pictures: the cube as a coloured text net or as SVG (net or isometric 3-D view), the cube after
 * each move of a sequence, and a robot plan as an SVG timeline per actuator.
 *
 * Every function writes its text into a caller's buffer as cube_state_format_net() does: call once with
 * capacity 0 to learn the length, then with length + 1 bytes. SVG documents are well-formed XML (text
 * escaped) of at most 16 MiB; each sticker is one element (`rect` in the net, `polygon` in the 3-D view)
 * with `class="sticker"`, a `fill="#rrggbb"` and an `id` naming its face and 0-based index in the
 * facelet order of cube/state.h ("U0", "R8"; in a sequence "s3-U0" for the cube after move 3, "s0-"
 * for the start), so that programs and tests can read the colours back.
 */
#ifndef CUBE_RENDER_H
#define CUBE_RENDER_H

#include <cube/common.h>
#include <cube/moves.h>
#include <cube/robot.h>
#include <cube/state.h>

#ifdef __cplusplus
extern "C" {
#endif

/** What a picture is written as (cube_render_options.format). */
enum cube_render_format {
    CUBE_RENDER_TEXT = 0, /**< text for a terminal: the net of cube_state_format_net(), coloured as `color` says */
    CUBE_RENDER_SVG = 1   /**< an SVG document */
};

/** Which view of the cube (cube_render_options.view). */
enum cube_render_view {
    CUBE_VIEW_NET = 0, /**< the unfolded net: U on top, then L F R B, then D */
    CUBE_VIEW_3D = 1   /**< SVG only: an isometric view of the U, F and R faces */
};

/** How text is coloured (cube_render_options.color). */
enum cube_render_color {
    CUBE_COLOR_LETTERS = 0, /**< plain letters, no escape codes */
    CUBE_COLOR_256 = 1,     /**< ANSI 256-colour backgrounds (the nearest of the 6x6x6 colour cube) */
    CUBE_COLOR_24BIT = 2    /**< ANSI 24-bit ("truecolor") backgrounds */
};

/** Colour schemes (cube_render_options.scheme): which colour each face's stickers have. */
enum cube_color_scheme {
    CUBE_SCHEME_WESTERN = 0,  /**< U white, R red, F green, D yellow, L orange, B blue */
    CUBE_SCHEME_JAPANESE = 1, /**< blue opposite white: U white, R red, F green, D blue, L orange, B yellow */
    CUBE_SCHEME_CUSTOM = 2    /**< the western colours with the faces cube_render_options.custom_scheme names
                                   changed */
};

/** How to draw. Fill it with cube_render_options_init(). */
typedef struct cube_render_options {
    uint32_t struct_size;      /**< set by cube_render_options_init() */
    int32_t format;            /**< ::cube_render_format (default #CUBE_RENDER_TEXT) */
    int32_t view;              /**< ::cube_render_view (default #CUBE_VIEW_NET) */
    int32_t color;             /**< text: ::cube_render_color (default #CUBE_COLOR_LETTERS); SVG ignores it */
    int32_t scheme;            /**< ::cube_color_scheme (default #CUBE_SCHEME_WESTERN) */
    int32_t sticker_px;        /**< SVG: the side of a sticker in pixels, 8..256; 0 = 32 */
    const char *custom_scheme; /**< with #CUBE_SCHEME_CUSTOM: comma-separated `FACE=#COLOUR` entries, FACE one of
                                    U R F D L B (each at most once), COLOUR `#rgb` or `#rrggbb` in hex, e.g.
                                    "U=#ffffff,D=#00f"; spaces around entries allowed; at most 1024 bytes.
                                    Read during the call only; must be NULL with the other schemes */
} cube_render_options;

/** Size of the first published cube_render_options. */
#define CUBE_RENDER_OPTIONS_SIZE_V1 CUBE_SIZE_THROUGH(cube_render_options, custom_scheme)

/**
 * Fills options with the defaults (text, net, plain letters, western scheme, 32 px stickers); use the
 * macro cube_render_options_init().
 * @param options the struct to fill; nothing past `size` bytes is written
 * @param size sizeof the caller's struct: a published size or larger
 * @return #CUBE_OK or #CUBE_ERROR_INVALID_ARGUMENT
 */
CUBE_API cube_status cube_render_options_init_sized(cube_render_options *options, uint32_t size);
/** Fills `options` (a cube_render_options *) with the defaults. */
#define cube_render_options_init(options) cube_render_options_init_sized((options), (uint32_t)sizeof *(options))

/**
 * The colours of a scheme, in the face order U R F D L B, as 0xRRGGBB.
 * @param scheme ::cube_color_scheme
 * @param custom_scheme the entries of #CUBE_SCHEME_CUSTOM (see cube_render_options.custom_scheme); NULL otherwise
 * @param rgb where to write; may be NULL when capacity is 0
 * @param capacity room in rgb, in values (6 are written)
 * @param[out] count receives 6; may be NULL
 * @return #CUBE_OK, #CUBE_ERROR_PARSE (a custom scheme that cannot be read: the message names the entry and
 *         what is wrong, non-ASCII bytes as \\xNN), #CUBE_ERROR_BUFFER_TOO_SMALL,
 *         #CUBE_ERROR_INVALID_ARGUMENT (unknown scheme, custom text missing, given with another scheme or
 *         over 1024 bytes)
 */
CUBE_API cube_status cube_scheme_colors(int32_t scheme, const char *custom_scheme, uint32_t *rgb, int32_t capacity,
                                        int32_t *count);

/**
 * Draws a cube (2x2 or 3x3) as text or SVG, as `options` says.
 * @param state the cube
 * @param options NULL for the defaults (a plain-letter net)
 * @param buffer where to write; may be NULL when capacity is 0 (to learn the length)
 * @param capacity bytes available in buffer
 * @param[out] length receives the text length without the NUL, also when the buffer is too small; may be NULL
 * @return #CUBE_OK, #CUBE_ERROR_BUFFER_TOO_SMALL, #CUBE_ERROR_PARSE (custom scheme),
 *         #CUBE_ERROR_UNSUPPORTED (the 3-D view as text), #CUBE_ERROR_INVALID_ARGUMENT (NULL state, a field out
 *         of range: the message names it), #CUBE_ERROR_NO_MEMORY
 */
CUBE_API cube_status cube_render_state(const cube_state *state, const cube_render_options *options, char *buffer,
                                       int32_t capacity, int32_t *length);

/**
 * Draws a cube, then the cube after each move of a sequence: as text a net per step, each under a line
 * "start" or "N. MOVE" (N from 1) and followed by a blank line; as SVG one document with the pictures in
 * rows of four, each captioned the same way.
 * @param state the cube before the first move (not changed)
 * @param moves the sequence, at most 1000 moves, each one the cube's size can turn
 * @param options NULL for the defaults
 * @param buffer where to write; may be NULL when capacity is 0
 * @param capacity bytes available in buffer
 * @param[out] length receives the text length without the NUL; may be NULL
 * @return as cube_render_state(); #CUBE_ERROR_INVALID_ARGUMENT also for more than 1000 moves or a move the
 *         cube cannot make; #CUBE_ERROR_UNSUPPORTED for a document over 16 MiB (use smaller stickers)
 */
CUBE_API cube_status cube_render_sequence(const cube_state *state, const cube_moves *moves,
                                          const cube_render_options *options, char *buffer, int32_t capacity,
                                          int32_t *length);

/**
 * Draws a plan as an SVG timeline (a Gantt chart): one row per actuator (named as
 * cube_robot_actuator_name() names them), one bar per action from its start to its end, coloured by kind
 * (turn, grip, flip; a legend says which), labelled with the move it serves (and with a tooltip giving
 * the command and its times), under a time axis in ms. Bars are `rect` elements with
 * `class="action turn"` (or grip, flip) and `data-move` holding the move index.
 * @param plan the plan
 * @param options NULL, or options whose format is #CUBE_RENDER_SVG (the rest is ignored)
 * @param buffer where to write; may be NULL when capacity is 0
 * @param capacity bytes available in buffer
 * @param[out] length receives the text length without the NUL; may be NULL
 * @return #CUBE_OK, #CUBE_ERROR_BUFFER_TOO_SMALL, #CUBE_ERROR_UNSUPPORTED (format text: cube_plan_format()
 *         writes plans as text; or a document over 16 MiB), #CUBE_ERROR_INVALID_ARGUMENT, #CUBE_ERROR_NO_MEMORY
 */
CUBE_API cube_status cube_render_plan(const cube_plan *plan, const cube_render_options *options, char *buffer,
                                      int32_t capacity, int32_t *length);

#ifdef __cplusplus
}
#endif

#endif /* CUBE_RENDER_H */
