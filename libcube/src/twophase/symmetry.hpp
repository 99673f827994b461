// The 16 symmetries of the cube that keep the UD axis, and the rotations used to search other axes.
#pragma once
#include <array>

#include "cubie.hpp"

namespace lc::twophase {

constexpr int kSyms = 16;

struct Symmetries {
    // sym[0] is the identity; mirrored ones carry corner orientations 3..5 (Kociemba's convention).
    std::array<CubieCube, kSyms> sym;
    std::array<uint8_t, kSyms> inv;  // sym[inv[s]] is the inverse of sym[s]
    // Rotation by 120 degrees about the URF-DBL diagonal: conjugation maps U to R, R to F, F to U turns.
    CubieCube urf3;
    // move_cube[m]: the cubie state of move m = 3 * face + (amount - 1).
    std::array<CubieCube, 18> move_cube;
};

// Built once from face_turn_cubie / rotation_cubie; thread-safe.
const Symmetries &symmetries();

// a * b that also understands mirrored corner orientations (3..5).
CubieCube sym_multiply(const CubieCube &a, const CubieCube &b);
// s^-1 * c * s for a symmetry or rotation s with inverse sinv.
CubieCube conjugate(const CubieCube &c, const CubieCube &s, const CubieCube &sinv);
// The move (3 * face + amount - 1) that move m conjugated so is; throws std::logic_error if it is none.
int conjugate_move(int m, const CubieCube &s, const CubieCube &sinv);

}  // namespace lc::twophase
