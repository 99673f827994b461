// The inverse of a search node's cube, kept as 20 bytes and updated by a left multiplication per move,
// and its coordinates on the three axes, for probing the standard table with the inverse (README.md,
// "Inverse probes").
#pragma once
#include <cstdint>

#include "cubie.hpp"

namespace lc::optimal {

// A cube's pieces: corner position i holds piece + 8 * twist, edge position i piece + 16 * flip.
struct Packed {
    uint8_t c[kCorners];
    uint8_t e[kEdges];
};
Packed pack(const CubieCube &c);

// The coordinates the standard table needs of one axis's view.
struct AxisCoords {
    uint16_t flip, slice_pos, twist;
    uint8_t set;
};

// Tables built once from the move and symmetry cubes.
struct InverseMaps {
    // [m][piece byte]: the piece after the cube is left-multiplied by move m's inverse (so that the
    // inverse of c m is found from the inverse of c).
    uint8_t left_c[18][24], left_e[18][32];
    // Per axis r (the view conjugated by urf3^r) and position i of that view: the cube's position
    // read, and what the piece byte there adds to the coordinates: corners twist | U-corner bit << 16,
    // edges flip | slice-edge bit << 16 (the coordinates are linear in the orientations).
    uint8_t from_c[3][kCorners], from_e[3][kEdges];
    uint32_t part_c[3][kCorners][24], part_e[3][kEdges][32];
    uint16_t slice_pos[1 << kEdges];  // the slice edges' positions (bit i: position i) as a coordinate
    const uint8_t *set_of;             // the U corners' positions as a corner set (CornerSets::of_mask)
};
const InverseMaps &inverse_maps();

// The inverse of (the cube whose inverse is `inv`) followed by move m.
inline Packed left_multiplied(const InverseMaps &maps, const Packed &inv, int m) {
    Packed out;
    for (int i = 0; i < kCorners; ++i) out.c[i] = maps.left_c[m][inv.c[i]];
    for (int i = 0; i < kEdges; ++i) out.e[i] = maps.left_e[m][inv.e[i]];
    return out;
}

inline AxisCoords axis_coords(const InverseMaps &maps, const Packed &p, int r) {
    uint32_t corners = 0, edges = 0;
    for (int i = 0; i < kCorners; ++i) corners += maps.part_c[r][i][p.c[maps.from_c[r][i]]];
    for (int i = 0; i < kEdges; ++i) edges += maps.part_e[r][i][p.e[maps.from_e[r][i]]];
    AxisCoords a;
    a.twist = static_cast<uint16_t>(corners & 0xffff);
    a.set = maps.set_of[corners >> 16];
    a.flip = static_cast<uint16_t>(edges & 0xffff);
    a.slice_pos = maps.slice_pos[edges >> 16];
    return a;
}

}  // namespace lc::optimal
