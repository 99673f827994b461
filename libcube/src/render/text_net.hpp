// The cube as a text net coloured with ANSI 24-bit or 256-colour backgrounds.
#pragma once
#include <string>

#include "move.hpp"
#include "scheme.hpp"

namespace lc::render {

// How text nets are drawn: `color` is a ::cube_render_color.
struct TextStyle {
    Palette palette;
    int color = 0;
};

// The net of cube_state_format_net(), each sticker " X " on its colour (or plain letters).
std::string text_net(int size, const std::string &letters, const TextStyle &style);

// The net before and after each move, each under "start" or "N. MOVE" and followed by a blank line.
std::string text_sequence(int size, const std::string &letters, const MoveList &moves, const TextStyle &style);

// The xterm 256-colour index nearest to a colour, from its 6x6x6 colour cube (16..231).
int xterm256(uint32_t rgb);

}  // namespace lc::render
