/* Fuzz target: custom colour schemes (cube_scheme_colors with CUBE_SCHEME_CUSTOM), as `cube show --scheme`
 * and cube_render_options.custom_scheme take them.
 * Checks: a refused text leaves count 0 and a message; an accepted one gives 6 colours, which written back
 * as "U=#rrggbb,..." parse to the same colours, and an SVG net drawn with the text is well formed enough
 * to hold every sticker with its face's colour. */
#include <cube/cube.h>

#include "fuzz_common.h"

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);

/* The SVG net of a solved 2x2 in the scheme; the caller frees it. */
static char *net_svg(const char *scheme) {
    cube_state *state = NULL;
    FUZZ_CHECK(cube_state_new(2, &state) == CUBE_OK);
    cube_render_options options;
    FUZZ_CHECK(cube_render_options_init(&options) == CUBE_OK);
    options.format = CUBE_RENDER_SVG;
    options.scheme = CUBE_SCHEME_CUSTOM;
    options.custom_scheme = scheme;
    int32_t length = 0;
    FUZZ_CHECK(cube_render_state(state, &options, NULL, 0, &length) == CUBE_ERROR_BUFFER_TOO_SMALL);
    char *svg = malloc((size_t)length + 1);
    FUZZ_CHECK(svg != NULL);
    FUZZ_CHECK(cube_render_state(state, &options, svg, length + 1, NULL) == CUBE_OK);
    cube_state_free(state);
    return svg;
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size) {
    char *text = fuzz_text(data, size);
    uint32_t rgb[6] = {0};
    int32_t count = -1;
    cube_status status = cube_scheme_colors(CUBE_SCHEME_CUSTOM, text, rgb, 6, &count);
    if (status != CUBE_OK) {
        FUZZ_CHECK(status == CUBE_ERROR_PARSE || status == CUBE_ERROR_INVALID_ARGUMENT);
        FUZZ_CHECK(count == 0);
        FUZZ_CHECK(cube_last_error()[0] != '\0');
        free(text);
        return 0;
    }
    FUZZ_CHECK(count == 6);
    /* Written back in full, the colours parse to themselves. */
    char again[128];
    snprintf(again, sizeof again, "U=#%06x,R=#%06x,F=#%06x,D=#%06x,L=#%06x,B=#%06x", rgb[0], rgb[1], rgb[2], rgb[3],
             rgb[4], rgb[5]);
    uint32_t rgb_again[6] = {0};
    FUZZ_CHECK(cube_scheme_colors(CUBE_SCHEME_CUSTOM, again, rgb_again, 6, NULL) == CUBE_OK);
    FUZZ_CHECK(memcmp(rgb, rgb_again, sizeof rgb) == 0);
    /* Every sticker of the picture has its face's colour. */
    char *svg = net_svg(text);
    for (int i = 0; i < 24; ++i) {
        char sticker[64];
        snprintf(sticker, sizeof sticker, "id=\"%c%d\" fill=\"#%06x\"", "URFDLB"[i / 4], i % 4, rgb[i / 4]);
        FUZZ_CHECK(strstr(svg, sticker) != NULL);
    }
    free(svg);
    free(text);
    return 0;
}
