// lcb::Pictures: cube_render_state, cube_render_sequence and cube_render_plan as strings.
#include "call.hpp"

namespace lcb {

namespace {

cube_render_options options(int32_t format, PictureView view, ColorScheme scheme, const std::string &custom) {
    cube_render_options o;
    detail::check(cube_render_options_init(&o));
    o.format = format;
    o.view = static_cast<int32_t>(view);
    o.scheme = static_cast<int32_t>(scheme);
    o.custom_scheme = detail::orNull(custom);
    return o;
}

std::string drawState(const Cube &cube, const cube_render_options &o) {
    return detail::readText([&](char *buffer, int32_t capacity, int32_t *length) {
        return cube_render_state(cube.handle(), &o, buffer, capacity, length);
    });
}

} // namespace

std::string Pictures::svg(const Cube &cube, PictureView view) {
    return svg(cube, view, ColorScheme::Western, "");
}

std::string Pictures::svg(const Cube &cube, PictureView view, ColorScheme scheme, const std::string &custom) {
    return drawState(cube, options(CUBE_RENDER_SVG, view, scheme, custom));
}

std::string Pictures::text(const Cube &cube, TextColor color, ColorScheme scheme, const std::string &custom) {
    cube_render_options o = options(CUBE_RENDER_TEXT, PictureView::Net, scheme, custom);
    o.color = static_cast<int32_t>(color);
    return drawState(cube, o);
}

std::string Pictures::steps(const Cube &cube, const Moves &moves, PictureView view) {
    cube_render_options o = options(CUBE_RENDER_SVG, view, ColorScheme::Western, "");
    return detail::readText([&](char *buffer, int32_t capacity, int32_t *length) {
        return cube_render_sequence(cube.handle(), moves.handle(), &o, buffer, capacity, length);
    });
}

std::string Pictures::timeline(const Plan &plan) {
    cube_render_options o = options(CUBE_RENDER_SVG, PictureView::Net, ColorScheme::Western, "");
    return detail::readText([&](char *buffer, int32_t capacity, int32_t *length) {
        return cube_render_plan(plan.handle(), &o, buffer, capacity, length);
    });
}

} // namespace lcb
