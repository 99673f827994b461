// Test helpers: apply a move list to corners with the cubie model (not the solver's tables).
#pragma once
#include "cubie.hpp"
#include "move.hpp"

namespace solve2_test {

// Turns face m.kind m.amount clockwise quarter turns, by multiplying with face_turn_cubie.
inline void apply_moves(lc::CubieCube &c, const lc::MoveList &moves) {
    for (const lc::Move &m : moves)
        for (int i = 0; i < m.amount; i++) c.multiply_corners(lc::face_turn_cubie(static_cast<lc::Face>(m.kind)));
}

inline bool corners_solved(const lc::CubieCube &c) {
    for (int i = 0; i < lc::kCorners; i++)
        if (c.cp[i] != i || c.co[i] != 0) return false;
    return true;
}

// splitmix64: a small fixed-seed generator, so every run tests the same positions.
struct SplitMix64 {
    uint64_t s;
    uint64_t next() {
        uint64_t z = (s += 0x9E3779B97F4A7C15ull);
        z = (z ^ (z >> 30)) * 0xBF58476D1CE4E5B9ull;
        z = (z ^ (z >> 27)) * 0x94D049BB133111EBull;
        return z ^ (z >> 31);
    }
    uint32_t below(uint32_t n) { return static_cast<uint32_t>((next() >> 32) * n >> 32); }
};

}  // namespace solve2_test
