// Coordinates of the two-phase algorithm, computed from and turned back into cubie states.
#pragma once
#include <cstdint>

#include "cubie.hpp"

namespace lc::twophase {

constexpr int kTwist = 2187;        // corner orientations, 3^7
constexpr int kFlip = 2048;         // edge orientations, 2^11
constexpr int kSlice = 495;         // positions of the 4 UD-slice edges, C(12,4)
constexpr int kSliceSorted = 11880; // positions and order of 4 edges, 495 * 24
constexpr int kCorners8 = 40320;    // corner permutations, 8!
constexpr int kUdEdges = 40320;     // permutations of the 8 U and D edges (phase 2 only)
constexpr int kFlipSlice = kSlice * kFlip;
constexpr int kMoves = 18;          // move m = 3 * face + (amount - 1), faces U R F D L B

// The edges a 4-edge coordinate follows: UD slice (FR..BR), U layer (UR..UB), D layer (DR..DB).
enum EdgeGroup : uint8_t { kSliceEdges = 8, kUEdges = 0, kDEdges = 4 };

int twist_of(const CubieCube &c);
int flip_of(const CubieCube &c);
// Which positions hold the group's 4 edges (0..494, 0 when they are home) * 24 + their order (0..23).
int four_edges_of(const CubieCube &c, EdgeGroup g);
int corners_of(const CubieCube &c);
// Only meaningful when the U and D edges are in the U and D layers.
int ud_edges_of(const CubieCube &c);

// Setters change only the part of `c` that the coordinate describes (and keep `c` a permutation).
void set_twist(CubieCube &c, int twist);
void set_flip(CubieCube &c, int flip);
void set_four_edges(CubieCube &c, EdgeGroup g, int value);  // other edges fill the rest in order
void set_corners(CubieCube &c, int value);
void set_ud_edges(CubieCube &c, int value);                   // slice edges go home

// Lehmer rank of a permutation of 0..n-1 (identity = 0), and its inverse.
int perm_rank(const uint8_t *p, int n);
void perm_unrank(int rank, uint8_t *p, int n);

}  // namespace lc::twophase
