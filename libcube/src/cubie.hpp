// Cubie-level model of the 3x3 (and the corners of the 2x2), Kociemba's conventions.
#pragma once
#include <array>
#include <cstdint>

#include "move.hpp"

namespace lc {

enum Face : uint8_t { U, R, F, D, L, B };
enum Corner : uint8_t { URF, UFL, ULB, UBR, DFR, DLF, DBL, DRB };
enum Edge : uint8_t { UR, UF, UL, UB, DR, DF, DL, DB, FR, FL, BL, BR };

constexpr int kCorners = 8;
constexpr int kEdges = 12;

// Piece `cp[i]` sits at position i with twist `co[i]` (0..2); edges likewise with flip `eo[i]` (0..1).
struct CubieCube {
    std::array<uint8_t, kCorners> cp, co;
    std::array<uint8_t, kEdges> ep, eo;

    static CubieCube solved();
    // Apply `b` after this state (Kociemba's multiply): result.cp[i] = cp[b.cp[i]].
    void multiply(const CubieCube &b);
    void multiply_corners(const CubieCube &b);
    void multiply_edges(const CubieCube &b);
    CubieCube inverse() const;
    bool operator==(const CubieCube &o) const;
    bool operator!=(const CubieCube &o) const { return !(*this == o); }

    // Corners: a permutation of the 8 pieces with twists 0..2 summing to 0 mod 3.
    bool corners_valid() const;
    // A reachable 3x3: valid corners, edges a permutation with flips summing to 0, matching parities.
    bool valid() const;

    int corner_parity() const;  // 0 even, 1 odd
    int edge_parity() const;
    int twist_sum() const;      // sum of co mod 3
    int flip_sum() const;       // sum of eo mod 2
};

// Clockwise quarter turn of one face, derived from the facelet geometry (see geometry.cpp).
const CubieCube &face_turn_cubie(Face f);
// Applies face turns (kinds 0..5) to `c` with the cubie model.
void apply_face_turns(CubieCube &c, const MoveList &moves);

// Whole-cube quarter rotation about the axis of R (x), U (y) or F (z), as a cubie permutation of positions.
const CubieCube &rotation_cubie(int axis);

}  // namespace lc
