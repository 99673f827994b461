// The cube as SVG: the net or an isometric view of U, F and R, alone or after each move of a sequence.
#pragma once
#include <string>

#include "move.hpp"
#include "scheme.hpp"

namespace lc::render {

// How cube pictures are drawn.
struct CubeStyle {
    Palette palette;
    bool iso = false;  // the 3-D view instead of the net
    int sticker_px = 32;
};

// One SVG document of the cube (`letters` in URFDLB order, 2x2 or 3x3).
std::string state_svg(int size, const std::string &letters, const CubeStyle &style);

// One SVG document: the cube, then the cube after each move (the moves must suit the size).
std::string sequence_svg(int size, const std::string &letters, const MoveList &moves, const CubeStyle &style);

}  // namespace lc::render
