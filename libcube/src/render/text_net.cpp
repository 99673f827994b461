#include "text_net.hpp"

#include <cube/render.h>

#include <cstdio>
#include <cstdlib>

#include "geometry.hpp"
#include "net.hpp"
#include "notation.hpp"

namespace lc::render {
namespace {

// The levels of each channel in the xterm colour cube.
constexpr int kLevels[6] = {0, 95, 135, 175, 215, 255};

int nearest_level(int value) {
    int best = 0;
    for (int i = 1; i < 6; ++i)
        if (std::abs(kLevels[i] - value) < std::abs(kLevels[best] - value)) best = i;
    return best;
}

int channel(uint32_t rgb, int shift) { return static_cast<int>((rgb >> shift) & 0xff); }

// Black letters on light colours, white on dark ones (by perceived brightness).
bool light(uint32_t rgb) {
    return 299 * channel(rgb, 16) + 587 * channel(rgb, 8) + 114 * channel(rgb, 0) > 128 * 1000;
}

std::string sticker(char letter, const TextStyle &style) {
    uint32_t rgb = colour_of(style.palette, letter);
    char code[48];
    const char *fg = light(rgb) ? "30" : "97";
    if (style.color == CUBE_COLOR_24BIT)
        std::snprintf(code, sizeof code, "\x1b[%s;48;2;%d;%d;%dm", fg, channel(rgb, 16), channel(rgb, 8),
                      channel(rgb, 0));
    else
        std::snprintf(code, sizeof code, "\x1b[%s;48;5;%dm", fg, xterm256(rgb));
    return std::string(code) + ' ' + letter + " \x1b[0m";
}

}  // namespace

int xterm256(uint32_t rgb) {
    return 16 + 36 * nearest_level(channel(rgb, 16)) + 6 * nearest_level(channel(rgb, 8)) +
           nearest_level(channel(rgb, 0));
}

std::string text_net(int size, const std::string &letters, const TextStyle &style) {
    if (style.color == CUBE_COLOR_LETTERS) return format_net(size, letters, false);
    const int per = size * size;
    const std::string indent(static_cast<size_t>(size * 3), ' ');
    std::string out;
    auto face_row = [&](int face, int row) {
        for (int c = 0; c < size; ++c) out += sticker(letters[static_cast<size_t>(face * per + row * size + c)], style);
    };
    for (int r = 0; r < size; ++r) {
        out += indent;
        face_row(U, r);
        out += '\n';
    }
    for (int r = 0; r < size; ++r) {
        for (int f : {L, F, R, B}) face_row(f, r);
        out += '\n';
    }
    for (int r = 0; r < size; ++r) {
        out += indent;
        face_row(D, r);
        out += '\n';
    }
    return out;
}

std::string text_sequence(int size, const std::string &letters, const MoveList &moves, const TextStyle &style) {
    const Geometry &g = geometry(size);
    std::string cube = letters;
    std::string out = "start\n" + text_net(size, cube, style) + "\n";
    for (size_t i = 0; i < moves.size(); ++i) {
        apply_move(g, cube, moves[i]);
        out += std::to_string(i + 1) + ". " + format_move(moves[i]) + "\n" + text_net(size, cube, style) + "\n";
    }
    return out;
}

}  // namespace lc::render
