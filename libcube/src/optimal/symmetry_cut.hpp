// The first moves the search of a symmetric cube tries (README.md, "Symmetric cubes"): a symmetry that
// keeps the cube maps its shortest solutions onto shortest solutions, so of the moves it maps onto each
// other only the least need be tried.
#pragma once
#include <cstdint>

#include "cubie.hpp"
#include "twophase/tables.hpp"

namespace lc::optimal {

constexpr int kAllSymmetries = 48;  // the 16 that keep the UD axis, on each of the three axes

// The 48 symmetries as cubes with their inverses and what they make of each move.
struct AllSymmetries {
    CubieCube sym[kAllSymmetries], inv[kAllSymmetries];
    uint8_t move[kAllSymmetries][twophase::kMoves];  // move m conjugated by sym[k] is move[k][m]
    uint64_t keeping[twophase::kMoves];              // bit k: sym[k] maps move m onto itself
};
const AllSymmetries &all_symmetries();

class SymmetryCut {
public:
    // Every move tried (for a search that wants every solution).
    SymmetryCut() = default;
    // The symmetries of `cube`.
    explicit SymmetryCut(const CubieCube &cube);
    // How many of the 48 keep the cube (1: only the identity).
    int symmetries() const { return __builtin_popcountll(keep_); }
    // Whether the search tries move m after the first `length` moves `prefix`: not when a symmetry that
    // keeps the cube and each move of the prefix maps m onto a smaller move. The first solution in move
    // order is never cut (the search puts the lower face of two opposite ones first, so that solution
    // moved by a symmetry and put back into that order would start with smaller moves).
    bool tries(const uint8_t *prefix, int length, int m) const;

private:
    uint64_t keep_ = 1;  // bit k: sym[k] keeps the cube (bit 0 is the identity)
};

}  // namespace lc::optimal
