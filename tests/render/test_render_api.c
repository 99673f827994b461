/* Pictures through the C API (cube/render.h): options (V1 and larger structs, every field out of range),
 * colour schemes (western, japanese, custom and every kind of bad custom text), text nets (letters, 256
 * colours, 24-bit), SVG nets and 3-D views of 2x2 and 3x3 with their sticker colours read back, sequences,
 * plan timelines, buffer sizes and NULLs. */
#include <stdlib.h>

#include "../core/test_util.h"

static const uint32_t western[6] = {0xffffff, 0xb71234, 0x009b48, 0xffd500, 0xff5800, 0x0046ad};

static cube_render_options svg_options(int32_t view) {
    cube_render_options o;
    assert_int_equal(cube_render_options_init(&o), CUBE_OK);
    o.format = CUBE_RENDER_SVG;
    o.view = view;
    return o;
}

/* The picture of a state, through the two-call pattern; the caller frees it. */
static char *render(const cube_state *s, const cube_render_options *o) {
    int32_t length = -1;
    assert_int_equal(cube_render_state(s, o, NULL, 0, &length), CUBE_ERROR_BUFFER_TOO_SMALL);
    assert_true(length > 0);
    char *text = malloc((size_t)length + 1);
    int32_t again = -1;
    assert_int_equal(cube_render_state(s, o, text, length + 1, &again), CUBE_OK);
    assert_int_equal(again, length);
    assert_int_equal((int32_t)strlen(text), length);
    return text;
}

static size_t count_of(const char *text, const char *needle) {
    size_t n = 0;
    for (const char *p = strstr(text, needle); p; p = strstr(p + 1, needle)) ++n;
    return n;
}

/* The fill of sticker `id` (e.g. "U0") in an SVG as 0xRRGGBB, or -1. */
static long fill_of(const char *svg, const char *id) {
    char key[32];
    snprintf(key, sizeof key, "id=\"%s\" fill=\"#", id);
    const char *at = strstr(svg, key);
    return at ? strtol(at + strlen(key), NULL, 16) : -1;
}

static uint32_t colour_of_letter(char letter) { return western[strchr("URFDLB", letter) - "URFDLB"]; }

/* Every sticker the view shows has the colour of its facelet. */
static void check_stickers(const cube_state *s, const char *svg, int iso) {
    const char *facelets = facelets_of(s);
    int32_t n = state_size_of(s);
    int per = n * n;
    size_t shown = 0;
    for (int i = 0; i < 6 * per; ++i) {
        char face = "URFDLB"[i / per];
        char id[16];
        snprintf(id, sizeof id, "%c%d", face, i % per);
        long fill = fill_of(svg, id);
        if (iso && !strchr("UFR", face)) {
            assert_int_equal(fill, -1);
            continue;
        }
        assert_int_equal(fill, (long)colour_of_letter(facelets[i]));
        ++shown;
    }
    assert_int_equal(count_of(svg, "class=\"sticker\""), shown);
}

static void test_options_init(void **state) {
    (void)state;
    cube_render_options o;
    memset(&o, 0x55, sizeof o);
    assert_int_equal(cube_render_options_init(&o), CUBE_OK);
    assert_int_equal(o.struct_size, CUBE_RENDER_OPTIONS_SIZE_V1);
    assert_int_equal(o.format, CUBE_RENDER_TEXT);
    assert_int_equal(o.view, CUBE_VIEW_NET);
    assert_int_equal(o.color, CUBE_COLOR_LETTERS);
    assert_int_equal(o.scheme, CUBE_SCHEME_WESTERN);
    assert_int_equal(o.sticker_px, 0);
    assert_null(o.custom_scheme);
    assert_refused(cube_render_options_init_sized(NULL, sizeof o), "NULL");
    assert_refused(cube_render_options_init_sized(&o, 3), "struct_size");
}

static void test_bad_options(void **state) {
    (void)state;
    cube_state *s = state_after(3, "R");
    char buffer[4096];
    cube_render_options o;
    cube_render_options_init(&o);
    o.struct_size = 7;
    assert_refused(cube_render_state(s, &o, buffer, sizeof buffer, NULL), "struct_size");
    cube_render_options_init(&o);
    o.format = 2;
    assert_refused(cube_render_state(s, &o, buffer, sizeof buffer, NULL), "format");
    cube_render_options_init(&o);
    o.view = -1;
    assert_refused(cube_render_state(s, &o, buffer, sizeof buffer, NULL), "view");
    cube_render_options_init(&o);
    o.color = 3;
    assert_refused(cube_render_state(s, &o, buffer, sizeof buffer, NULL), "color");
    cube_render_options_init(&o);
    o.scheme = 9;
    assert_refused(cube_render_state(s, &o, buffer, sizeof buffer, NULL), "scheme");
    o = svg_options(CUBE_VIEW_NET);
    o.sticker_px = 7;
    assert_refused(cube_render_state(s, &o, buffer, sizeof buffer, NULL), "sticker_px");
    o.sticker_px = 257;
    assert_refused(cube_render_state(s, &o, buffer, sizeof buffer, NULL), "sticker_px");
    cube_render_options_init(&o);
    o.custom_scheme = "U=#fff";
    assert_refused(cube_render_state(s, &o, buffer, sizeof buffer, NULL), "not custom");
    o.scheme = CUBE_SCHEME_CUSTOM;
    o.custom_scheme = NULL;
    assert_refused(cube_render_state(s, &o, buffer, sizeof buffer, NULL), "NULL");
    /* The 3-D view is SVG only. */
    cube_render_options_init(&o);
    o.view = CUBE_VIEW_3D;
    assert_fails_with(cube_render_state(s, &o, buffer, sizeof buffer, NULL), CUBE_ERROR_UNSUPPORTED, "SVG only");
    /* A larger struct from newer headers: accepted when its tail is zero, refused when not. */
    struct {
        cube_render_options o;
        uint32_t later;
    } big;
    memset(&big, 0, sizeof big);
    assert_int_equal(cube_render_options_init_sized(&big.o, sizeof big), CUBE_OK);
    assert_int_equal(cube_render_state(s, &big.o, buffer, sizeof buffer, NULL), CUBE_OK);
    big.later = 1;
    assert_fails_with(cube_render_state(s, &big.o, buffer, sizeof buffer, NULL), CUBE_ERROR_UNSUPPORTED, "newer");
    cube_state_free(s);
}

static void test_nulls_and_buffers(void **state) {
    (void)state;
    cube_state *s = state_after(3, "");
    char buffer[8];
    int32_t length = -1;
    assert_refused(cube_render_state(NULL, NULL, NULL, 0, &length), "NULL");
    assert_int_equal(length, 0);
    assert_refused(cube_render_state(s, NULL, NULL, 5, &length), "NULL");
    assert_refused(cube_render_state(s, NULL, buffer, -1, &length), "negative");
    assert_refused(cube_render_state((const cube_state *)buffer, NULL, NULL, 0, NULL), "not a valid handle");
    assert_fails_with(cube_render_state(s, NULL, buffer, sizeof buffer, &length), CUBE_ERROR_BUFFER_TOO_SMALL,
                      "cannot hold");
    assert_true(length > 8);
    /* Length only, and exactly the room needed. */
    char *text = malloc((size_t)length + 1);
    assert_fails_with(cube_render_state(s, NULL, text, length, NULL), CUBE_ERROR_BUFFER_TOO_SMALL, "cannot hold");
    assert_int_equal(cube_render_state(s, NULL, text, length + 1, NULL), CUBE_OK);
    /* NULL options: the plain net of cube_state_format_net(). */
    char net[256];
    assert_int_equal(cube_state_format_net(s, CUBE_NET_PLAIN, net, sizeof net, NULL), CUBE_OK);
    assert_string_equal(text, net);
    free(text);
    cube_moves *m = NULL;
    assert_int_equal(cube_moves_parse("R", 3, &m), CUBE_OK);
    assert_refused(cube_render_sequence(NULL, m, NULL, NULL, 0, NULL), "NULL");
    assert_refused(cube_render_sequence(s, NULL, NULL, NULL, 0, NULL), "NULL");
    assert_refused(cube_render_plan(NULL, NULL, NULL, 0, NULL), "NULL");
    cube_moves_free(m);
    cube_state_free(s);
}

static void test_schemes(void **state) {
    (void)state;
    uint32_t rgb[6];
    int32_t count = 0;
    assert_int_equal(cube_scheme_colors(CUBE_SCHEME_WESTERN, NULL, rgb, 6, &count), CUBE_OK);
    assert_int_equal(count, 6);
    assert_memory_equal(rgb, western, sizeof rgb);
    /* Japanese: blue opposite white (D), yellow on B. */
    assert_int_equal(cube_scheme_colors(CUBE_SCHEME_JAPANESE, NULL, rgb, 6, NULL), CUBE_OK);
    assert_int_equal(rgb[0], 0xffffff);
    assert_int_equal(rgb[3], western[5]);
    assert_int_equal(rgb[5], western[3]);
    assert_int_equal(rgb[1], western[1]);
    assert_int_equal(rgb[2], western[2]);
    assert_int_equal(rgb[4], western[4]);
    /* Custom: the faces named change, the others keep the western colours; #rgb doubles each digit. */
    assert_int_equal(cube_scheme_colors(CUBE_SCHEME_CUSTOM, " D = #00F , U=#123456", rgb, 6, NULL), CUBE_OK);
    assert_int_equal(rgb[3], 0x0000ff);
    assert_int_equal(rgb[0], 0x123456);
    assert_int_equal(rgb[1], western[1]);
    /* Sizes and pointers. */
    assert_fails_with(cube_scheme_colors(CUBE_SCHEME_WESTERN, NULL, rgb, 5, &count), CUBE_ERROR_BUFFER_TOO_SMALL, "6");
    assert_int_equal(count, 6);
    assert_int_equal(cube_scheme_colors(CUBE_SCHEME_WESTERN, NULL, NULL, 0, &count), CUBE_ERROR_BUFFER_TOO_SMALL);
    assert_refused(cube_scheme_colors(CUBE_SCHEME_WESTERN, NULL, NULL, 6, NULL), "NULL");
    assert_refused(cube_scheme_colors(CUBE_SCHEME_WESTERN, NULL, rgb, -1, NULL), "negative");
    assert_refused(cube_scheme_colors(3, NULL, rgb, 6, NULL), "unknown colour scheme 3");
    assert_refused(cube_scheme_colors(CUBE_SCHEME_JAPANESE, "U=#fff", rgb, 6, NULL), "not custom");
    assert_refused(cube_scheme_colors(CUBE_SCHEME_CUSTOM, NULL, rgb, 6, NULL), "NULL");
    char *long_text = malloc(2000);
    memset(long_text, ' ', 1999);
    long_text[1999] = '\0';
    assert_refused(cube_scheme_colors(CUBE_SCHEME_CUSTOM, long_text, rgb, 6, NULL), "1024 bytes");
    free(long_text);
}

static void test_bad_custom_schemes(void **state) {
    (void)state;
    static const struct {
        const char *text, *message;
    } cases[] = {
        {"", "entry 1 is empty"},
        {"U=#fff,", "entry 2 is empty"},
        {"U=#fff,,R=#000", "entry 2 is empty"},
        {"U#fff", "has no '='"},
        {"X=#fff", "face 'X' is not one of U R F D L B"},
        {"u=#fff", "face 'u'"},
        {"UR=#fff", "face 'UR'"},
        {"=#fff", "face ''"},
        {"U=#fff,U=#000", "face U is given twice"},
        {"U=fff", "does not start with '#'"},
        {"U=", "colour '' does not start"},
        {"U=#ff", "has 2 hex digits, expected 3 or 6"},
        {"U=#fffffff", "has 7 hex digits"},
        {"U=#ggg", "'g' in colour '#ggg' is not a hex digit"},
        {"U=#\xc3\xa9\x41", "'\\xC3'"},
        {"R=#fff,F=#12345z", "entry 2 (F)"},
    };
    for (size_t i = 0; i < sizeof cases / sizeof cases[0]; ++i) {
        uint32_t rgb[6];
        cube_clear_error();
        assert_fails_with(cube_scheme_colors(CUBE_SCHEME_CUSTOM, cases[i].text, rgb, 6, NULL), CUBE_ERROR_PARSE,
                          cases[i].message);
        /* The same through the options of a picture. */
        cube_state *s = state_after(2, "");
        cube_render_options o = svg_options(CUBE_VIEW_NET);
        o.scheme = CUBE_SCHEME_CUSTOM;
        o.custom_scheme = cases[i].text;
        int32_t length = -1;
        assert_fails_with(cube_render_state(s, &o, NULL, 0, &length), CUBE_ERROR_PARSE, cases[i].message);
        assert_int_equal(length, 0);
        cube_state_free(s);
    }
}

static void test_text_nets(void **state) {
    (void)state;
    cube_state *s = state_after(3, "R U");
    cube_render_options o;
    cube_render_options_init(&o);
    char *plain = render(s, &o);
    assert_null(strchr(plain, '\x1b'));
    assert_int_equal(count_of(plain, "\n"), 9);
    o.color = CUBE_COLOR_24BIT;
    char *truecolor = render(s, &o);
    assert_int_equal(count_of(truecolor, "\x1b[0m"), 54);
    assert_non_null(strstr(truecolor, "48;2;255;255;255m U "));  /* white U stickers */
    assert_non_null(strstr(truecolor, "48;2;0;70;173m B "));     /* blue B stickers */
    o.color = CUBE_COLOR_256;
    char *xterm = render(s, &o);
    assert_int_equal(count_of(xterm, "\x1b[0m"), 54);
    assert_non_null(strstr(xterm, "48;5;231m U "));  /* white: the colour cube's (5,5,5) */
    /* The Japanese scheme paints D blue. */
    o.color = CUBE_COLOR_24BIT;
    o.scheme = CUBE_SCHEME_JAPANESE;
    char *japanese = render(s, &o);
    assert_non_null(strstr(japanese, "48;2;0;70;173m D "));
    free(plain);
    free(truecolor);
    free(xterm);
    free(japanese);
    /* 2x2. */
    cube_state *small = state_after(2, "F");
    cube_render_options_init(&o);
    o.color = CUBE_COLOR_256;
    char *net2 = render(small, &o);
    assert_int_equal(count_of(net2, "\x1b[0m"), 24);
    free(net2);
    cube_state_free(small);
    cube_state_free(s);
}

/* The width of an SVG document (its first width attribute). */
static double svg_width(const char *svg) {
    const char *at = strstr(svg, "width=\"");
    assert_non_null(at);
    return strtod(at + 7, NULL);
}

static void test_svg_views(void **state) {
    (void)state;
    for (int32_t size = 2; size <= 3; ++size) {
        /* The 3x3 with rotations and a slice, so that its centres move too. */
        cube_state *s = state_after(size, size == 3 ? "x R y' U2 M F" : "R U F' D2 L B'");
        for (int32_t view = CUBE_VIEW_NET; view <= CUBE_VIEW_3D; ++view) {
            cube_render_options o = svg_options(view);
            char *svg = render(s, &o);
            assert_int_equal(strncmp(svg, "<svg xmlns=\"http://www.w3.org/2000/svg\"", 39), 0);
            assert_non_null(strstr(svg, "</svg>\n"));
            check_stickers(s, svg, view == CUBE_VIEW_3D);
            size_t faces = view == CUBE_VIEW_3D ? 3 : 6;
            assert_int_equal(count_of(svg, view == CUBE_VIEW_3D ? "<polygon" : "<rect"), faces * (size_t)(size * size));
            /* Bigger stickers, a wider picture. */
            o.sticker_px = 64;
            char *big = render(s, &o);
            assert_true(svg_width(big) > 1.9 * svg_width(svg));
            free(big);
            free(svg);
        }
        cube_state_free(s);
    }
}

static void test_sequences(void **state) {
    (void)state;
    cube_state *s = state_after(3, "");
    cube_moves *m = NULL;
    assert_int_equal(cube_moves_parse("R U R'", 3, &m), CUBE_OK);
    int32_t length = 0;
    cube_render_options o;
    cube_render_options_init(&o);
    assert_int_equal(cube_render_sequence(s, m, &o, NULL, 0, &length), CUBE_ERROR_BUFFER_TOO_SMALL);
    char *text = malloc((size_t)length + 1);
    assert_int_equal(cube_render_sequence(s, m, &o, text, length + 1, NULL), CUBE_OK);
    assert_non_null(strstr(text, "start\n"));
    assert_non_null(strstr(text, "\n1. R\n"));
    assert_non_null(strstr(text, "\n3. R'\n"));
    free(text);
    /* SVG: four cubes, stickers s0-U0 .. s3-B8; the last one is the cube after all moves. */
    o = svg_options(CUBE_VIEW_NET);
    assert_int_equal(cube_render_sequence(s, m, &o, NULL, 0, &length), CUBE_ERROR_BUFFER_TOO_SMALL);
    char *svg = malloc((size_t)length + 1);
    assert_int_equal(cube_render_sequence(s, m, &o, svg, length + 1, NULL), CUBE_OK);
    assert_int_equal(count_of(svg, "class=\"sticker\""), 4 * 54);
    assert_non_null(strstr(svg, ">3. R&apos;</text>"));
    cube_state *after = state_after(3, "R U R'");
    const char *facelets = facelets_of(after);
    for (int i = 0; i < 54; ++i) {
        char id[16];
        snprintf(id, sizeof id, "s3-%c%d", "URFDLB"[i / 9], i % 9);
        assert_int_equal(fill_of(svg, id), (long)colour_of_letter(facelets[i]));
    }
    free(svg);
    /* The state is not changed. */
    assert_true(state_solved(s));
    /* A move the 2x2 cannot make, and over 1000 moves. */
    cube_state *small = state_after(2, "");
    cube_moves *slice = NULL;
    assert_int_equal(cube_moves_parse("M", 3, &slice), CUBE_OK);
    assert_refused(cube_render_sequence(small, slice, &o, NULL, 0, NULL), "cannot be applied to a 2x2");
    cube_moves *many = NULL;
    assert_int_equal(cube_scramble(3, 1, 1001, &many), CUBE_OK);
    assert_refused(cube_render_sequence(s, many, &o, NULL, 0, NULL), "at most 1000");
    cube_moves_free(many);
    cube_moves_free(slice);
    cube_state_free(small);
    cube_state_free(after);
    cube_moves_free(m);
    cube_state_free(s);
}

static void test_plan_timeline(void **state) {
    (void)state;
    cube_robot *robot = NULL;
    assert_int_equal(cube_robot_parse("turntable-flipper", &robot), CUBE_OK);
    cube_moves *m = NULL;
    assert_int_equal(cube_moves_parse("R U F'", 3, &m), CUBE_OK);
    cube_plan *plan = NULL;
    assert_int_equal(cube_plan_new(robot, m, NULL, &plan), CUBE_OK);
    int32_t length = 0;
    assert_int_equal(cube_render_plan(plan, NULL, NULL, 0, &length), CUBE_ERROR_BUFFER_TOO_SMALL);
    char *svg = malloc((size_t)length + 1);
    assert_int_equal(cube_render_plan(plan, NULL, svg, length + 1, NULL), CUBE_OK);
    int32_t actions = 0;
    assert_int_equal(cube_plan_action_count(plan, &actions), CUBE_OK);
    assert_int_equal(count_of(svg, "<rect class=\"action "), (size_t)actions);
    assert_true(count_of(svg, "class=\"action flip\"") > 0);
    int32_t actuators = 0;
    assert_int_equal(cube_robot_actuator_count(robot, &actuators), CUBE_OK);
    assert_int_equal(count_of(svg, "class=\"actuator\""), (size_t)actuators);
    for (int32_t i = 0; i < actuators; ++i) {
        const char *name = NULL;
        assert_int_equal(cube_robot_actuator_name(robot, i, &name), CUBE_OK);
        char label[64];
        snprintf(label, sizeof label, ">%s</text>", name);
        assert_non_null(strstr(svg, label));
    }
    assert_non_null(strstr(svg, "time (ms)"));
    free(svg);
    /* Text is cube_plan_format()'s. */
    cube_render_options o;
    cube_render_options_init(&o);
    assert_fails_with(cube_render_plan(plan, &o, NULL, 0, NULL), CUBE_ERROR_UNSUPPORTED, "SVG only");
    o.format = CUBE_RENDER_SVG;
    assert_int_equal(cube_render_plan(plan, &o, NULL, 0, &length), CUBE_ERROR_BUFFER_TOO_SMALL);
    o.struct_size = 1;
    assert_refused(cube_render_plan(plan, &o, NULL, 0, NULL), "struct_size");
    assert_refused(cube_render_plan((const cube_plan *)robot, NULL, NULL, 0, NULL), "not a valid handle");
    cube_plan_free(plan);
    cube_moves_free(m);
    cube_robot_free(robot);
}

int main(void) {
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_options_init),   cmocka_unit_test(test_bad_options),
        cmocka_unit_test(test_nulls_and_buffers), cmocka_unit_test(test_schemes),
        cmocka_unit_test(test_bad_custom_schemes), cmocka_unit_test(test_text_nets),
        cmocka_unit_test(test_svg_views),      cmocka_unit_test(test_sequences),
        cmocka_unit_test(test_plan_timeline),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
