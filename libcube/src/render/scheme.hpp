// Colour schemes: the colour of each face's stickers, and the parser of custom schemes.
#pragma once
#include <cube/common.h>

#include <array>
#include <cstdint>

namespace lc::render {

// Colours as 0xRRGGBB in the face order U R F D L B.
using Palette = std::array<uint32_t, 6>;

// The most bytes a custom scheme may have (documented in <cube/render.h>).
constexpr size_t kMaxSchemeText = 1024;

// The palette of a ::cube_color_scheme; `custom` is the text of CUBE_SCHEME_CUSTOM (NULL otherwise). Throws
// lc::Error (CUBE_ERROR_INVALID_ARGUMENT, CUBE_ERROR_PARSE) naming what is wrong.
Palette read_scheme(int32_t scheme, const char *custom);

// The colour of stickers showing face letter `letter` (U R F D L B).
uint32_t colour_of(const Palette &palette, char letter);

}  // namespace lc::render
