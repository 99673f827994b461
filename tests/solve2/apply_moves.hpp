// Test helpers: apply a move list to corners with the cubie model (not the solver's tables).
#pragma once
#include "cubie.hpp"
#include "move.hpp"
#include "random.hpp"

namespace solve2_test {

// Applies the moves with the cubie model (multiplying by face_turn_cubie).
inline void apply_moves(lc::CubieCube &c, const lc::MoveList &moves) { lc::apply_face_turns(c, moves); }

inline bool corners_solved(const lc::CubieCube &c) {
    for (int i = 0; i < lc::kCorners; i++)
        if (c.cp[i] != i || c.co[i] != 0) return false;
    return true;
}

// A fixed-seed generator, so every run tests the same positions.
using SplitMix64 = lc::Rng;

}  // namespace solve2_test
