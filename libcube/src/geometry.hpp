// Sticker geometry of the 2x2 and 3x3: every move is a rotation of stickers in 3-D space.
#pragma once
#include <array>
#include <cstdint>
#include <string>
#include <vector>

#include "cubie.hpp"
#include "move.hpp"

namespace lc {

// Stickers (facelets) of an N x N cube in the kociemba URFDLB order: face by face, row by row.
struct Geometry {
    int size = 0;          // 2 or 3
    int face_stickers = 0; // size * size
    int stickers = 0;      // 6 * face_stickers
    // quarter[k][i]: where sticker i goes under one clockwise quarter of move kind k (empty if not defined).
    std::array<std::vector<uint8_t>, kMoveKinds> quarter;
    // Facelet indices of each corner position, U/D sticker first, then clockwise.
    std::array<std::array<uint8_t, 3>, 8> corner_facelets;
    // Facelet indices of each edge position (3x3 only), in Kociemba order.
    std::array<std::array<uint8_t, 2>, 12> edge_facelets;
    // Facelet index of each face's centre (3x3 only).
    std::array<uint8_t, 6> centre;
    // The 24 whole-cube orientations as sticker permutations (index 0 is the identity).
    std::vector<std::vector<uint8_t>> orientations;

    bool has_move(int kind) const { return !quarter[kind].empty(); }
};

const Geometry &geometry(int size);

// Face letter of index f (0..5): "URFDLB"[f].
constexpr const char kFaceLetters[] = "URFDLB";

// Name of a sticker such as "U9" or "R1" (1-based within its face).
std::string facelet_name(int size, int index);

// Applies `amount` quarters of move kind `kind` to the facelet letters in place.
void apply_move(const Geometry &g, std::string &facelets, Move m);

}  // namespace lc
