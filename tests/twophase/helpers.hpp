// Test helpers for the two-phase solver: move parsing, applying moves with the cubie model,
// and a uniform random state generator with a fixed seed.
#pragma once
#include <cstdint>
#include <cstdlib>
#include <memory>
#include <string>

#include "cubie.hpp"
#include "move.hpp"
#include "notation.hpp"
#include "random.hpp"
#include "twophase/twophase.hpp"

namespace tp_test {

// "U R2 F' ..." -> moves, with the library's parser.
inline lc::MoveList parse(const std::string &s) {
    try {
        return lc::parse_moves(s.c_str(), 3);
    } catch (...) {
        std::abort();
    }
}

// Applies the moves with the cubie model (independent of the solver's tables).
inline lc::CubieCube apply_moves(lc::CubieCube c, const lc::MoveList &moves) {
    lc::apply_face_turns(c, moves);
    return c;
}

// Fixed-seed generator and uniformly random solvable states: every run tests the same states.
using Rng = lc::Rng;
inline lc::CubieCube random_state(Rng &rng) { return lc::random_cubie(rng); }

// How many of `n` repetitions of a check to run: n, or n / CUBE_TEST_REPEAT_DIVISOR (at least 1) where the
// sanitizer run sets it, so that the same code paths are checked there without solving thousands of cubes.
inline int repeats(int n) {
    const char *divisor = std::getenv("CUBE_TEST_REPEAT_DIVISOR");
    const int d = divisor ? std::atoi(divisor) : 1;
    return d > 1 ? (n / d > 0 ? n / d : 1) : n;
}

// The table folder shared by the test suite (CUBE_TABLE_DIR, set by meson), else the default.
inline std::shared_ptr<const lc::twophase::Tables> shared_tables() {
    static std::shared_ptr<const lc::twophase::Tables> t =
        lc::twophase::load_or_build(lc::twophase::default_table_dir(), lc::twophase::Progress{});
    return t;
}

}  // namespace tp_test
