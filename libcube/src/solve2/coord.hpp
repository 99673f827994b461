// Coordinates of a 2x2 position with DBL held at home: corner permutation x corner twist.
#pragma once
#include <cstdint>

#include "cubie.hpp"

namespace lc::solve2 {

constexpr int kPerms = 5040;                   // 7! arrangements of the corners other than DBL
constexpr int kTwists = 729;                   // 3^6: twists of URF..DLF; DRB's follows from the sum
constexpr int kPositions = kPerms * kTwists;   // 3,674,160; index = perm * kTwists + twist

// Move numbers 0..8 are U U2 U' R R2 R' F F2 F': face = m / 3 (lc::Face U, R, F), amount = m % 3 + 1.
constexpr int kMoves = 9;

// True if the corners form a valid position with DBL at home (cp[DBL] == DBL, co[DBL] == 0).
bool valid_corners(const CubieCube &c);

// Coordinates of valid corners (check with valid_corners first); the solved cube is 0 and 0.
int perm_coord(const CubieCube &c);
int twist_coord(const CubieCube &c);
inline int32_t position_index(const CubieCube &c) { return perm_coord(c) * kTwists + twist_coord(c); }

// Corners of the solved cube with the given coordinates (edges solved); inverse of the above.
CubieCube corners_from_coords(int perm, int twist);
inline CubieCube corners_from_index(int32_t index) {
    return corners_from_coords(index / kTwists, index % kTwists);
}

}  // namespace lc::solve2
