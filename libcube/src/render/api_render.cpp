// C API: pictures of cubes, sequences and plans (cube/render.h).
#include <cube/render.h>

#include "api_util.hpp"
#include "handles.hpp"
#include "geometry.hpp"
#include "plan_svg.hpp"
#include "robot/robot_handles.hpp"
#include "scheme.hpp"
#include "state_svg.hpp"
#include "text_net.hpp"
#include "versioned.hpp"

using namespace lc;
using namespace lc::render;

namespace {

constexpr int32_t kDefaultStickerPx = 32;
constexpr int32_t kMinStickerPx = 8;
constexpr int32_t kMaxStickerPx = 256;
// The most moves cube_render_sequence() draws (documented in <cube/render.h>).
constexpr size_t kMaxSequenceMoves = 1000;

cube_render_options default_render_options() {
    cube_render_options o = sized_struct<cube_render_options>();
    o.format = CUBE_RENDER_TEXT;
    o.view = CUBE_VIEW_NET;
    o.color = CUBE_COLOR_LETTERS;
    o.scheme = CUBE_SCHEME_WESTERN;
    o.sticker_px = 0;
    o.custom_scheme = nullptr;
    return o;
}

// What the options ask for, checked: every field in range, the scheme read.
struct Request {
    cube_render_options options;
    Palette palette;
};

cube_status read_options(const cube_render_options *in, Request &r) {
    r.options = default_render_options();
    cube_status st = read_versioned(in, r.options, "options");
    if (st != CUBE_OK) return st;
    const cube_render_options &o = r.options;
    if (o.format != CUBE_RENDER_TEXT && o.format != CUBE_RENDER_SVG)
        return set_error(CUBE_ERROR_INVALID_ARGUMENT, "options->format is %d, not text (0) or SVG (1)", o.format);
    if (o.view != CUBE_VIEW_NET && o.view != CUBE_VIEW_3D)
        return set_error(CUBE_ERROR_INVALID_ARGUMENT, "options->view is %d, not the net (0) or 3-D (1)", o.view);
    if (o.color < CUBE_COLOR_LETTERS || o.color > CUBE_COLOR_24BIT)
        return set_error(CUBE_ERROR_INVALID_ARGUMENT,
                         "options->color is %d, not letters (0), 256 colours (1) or 24-bit (2)",
                         o.color);
    if (o.sticker_px != 0 && (o.sticker_px < kMinStickerPx || o.sticker_px > kMaxStickerPx))
        return set_error(CUBE_ERROR_INVALID_ARGUMENT, "options->sticker_px is %d, not 0 (32) or %d..%d", o.sticker_px,
                         kMinStickerPx, kMaxStickerPx);
    if (o.format == CUBE_RENDER_TEXT && o.view == CUBE_VIEW_3D)
        return set_error(CUBE_ERROR_UNSUPPORTED,
                         "the 3-D view is drawn as SVG only (options->format = CUBE_RENDER_SVG)");
    r.palette = read_scheme(o.scheme, o.custom_scheme);
    return CUBE_OK;
}

CubeStyle cube_style(const Request &r) {
    CubeStyle s;
    s.palette = r.palette;
    s.iso = r.options.view == CUBE_VIEW_3D;
    s.sticker_px = r.options.sticker_px ? r.options.sticker_px : kDefaultStickerPx;
    return s;
}

TextStyle text_style(const Request &r) {
    TextStyle s;
    s.palette = r.palette;
    s.color = r.options.color;
    return s;
}

}  // namespace

extern "C" {

CUBE_API cube_status cube_render_options_init_sized(cube_render_options *options, uint32_t size) {
    return api_guard([&]() -> cube_status { return init_versioned(options, size, default_render_options()); });
}

CUBE_API cube_status cube_scheme_colors(int32_t scheme, const char *custom_scheme, uint32_t *rgb, int32_t capacity,
                                        int32_t *count) {
    return api_guard([&]() -> cube_status {
        if (count) *count = 0;
        if (capacity < 0) return set_error(CUBE_ERROR_INVALID_ARGUMENT, "capacity %d is negative", capacity);
        if (!rgb && capacity > 0) return set_error(CUBE_ERROR_INVALID_ARGUMENT,
                                                   "rgb is NULL but capacity is %d", capacity);
        Palette p = read_scheme(scheme, custom_scheme);
        if (count) *count = 6;
        if (capacity < 6)
            return set_error(CUBE_ERROR_BUFFER_TOO_SMALL, "room for %d colours, but a scheme has 6", capacity);
        for (size_t i = 0; i < 6; ++i) rgb[i] = p[i];
        return CUBE_OK;
    });
}

CUBE_API cube_status cube_render_state(const cube_state *state, const cube_render_options *options, char *buffer,
                                       int32_t capacity, int32_t *length) {
    return api_guard([&]() -> cube_status {
        if (length) *length = 0;
        cube_state *s = state_impl(state);
        if (!s) return CUBE_ERROR_INVALID_ARGUMENT;
        Request r;
        cube_status st = read_options(options, r);
        if (st != CUBE_OK) return st;
        if (r.options.format == CUBE_RENDER_SVG)
            return copy_out(state_svg(s->size, s->letters, cube_style(r)), buffer, capacity, length);
        return copy_out(text_net(s->size, s->letters, text_style(r)), buffer, capacity, length);
    });
}

CUBE_API cube_status cube_render_sequence(const cube_state *state, const cube_moves *moves,
                                          const cube_render_options *options, char *buffer, int32_t capacity,
                                          int32_t *length) {
    return api_guard([&]() -> cube_status {
        if (length) *length = 0;
        cube_state *s = state_impl(state);
        cube_moves *m = s ? moves_impl(moves) : nullptr;
        if (!s || !m) return CUBE_ERROR_INVALID_ARGUMENT;
        const MoveList &list = moves_of(m);
        if (list.size() > kMaxSequenceMoves)
            return set_error(CUBE_ERROR_INVALID_ARGUMENT,
                             "the sequence has %zu moves; at most %zu are drawn", list.size(),
                             kMaxSequenceMoves);
        const Geometry &g = geometry(s->size);
        for (size_t i = 0; i < list.size(); ++i)
            if (!g.has_move(list[i].kind))
                return set_error(CUBE_ERROR_INVALID_ARGUMENT, "move %zu (%s) cannot be applied to a %dx%d", i + 1,
                                 format_move(list[i]).c_str(), s->size, s->size);
        Request r;
        cube_status st = read_options(options, r);
        if (st != CUBE_OK) return st;
        if (r.options.format == CUBE_RENDER_SVG)
            return copy_out(sequence_svg(s->size, s->letters, list, cube_style(r)), buffer, capacity, length);
        return copy_out(text_sequence(s->size, s->letters, list, text_style(r)), buffer, capacity, length);
    });
}

CUBE_API cube_status cube_render_plan(const cube_plan *plan, const cube_render_options *options, char *buffer,
                                      int32_t capacity, int32_t *length) {
    return api_guard([&]() -> cube_status {
        if (length) *length = 0;
        cube_plan *p = plan_impl(plan);
        if (!p) return CUBE_ERROR_INVALID_ARGUMENT;
        if (options) {
            Request r;
            cube_status st = read_options(options, r);
            if (st != CUBE_OK) return st;
            if (r.options.format != CUBE_RENDER_SVG)
                return set_error(CUBE_ERROR_UNSUPPORTED,
                                 "plans are drawn as SVG only (options->format = CUBE_RENDER_SVG); cube_plan_format() "
                                 "writes them as text");
        }
        return copy_out(plan_svg(p->plan), buffer, capacity, length);
    });
}

}  // extern "C"
