// What the optimal solver's internal tests share: the two-phase tables of the suite's table folder, random
// cubes and moves applied to a cube.
#pragma once
#include <cstdlib>
#include <memory>
#include <random>

#include "cubie.hpp"
#include "move.hpp"
#include "twophase/symmetry.hpp"
#include "twophase/twophase.hpp"

namespace optimal_tests {

// Loaded (or built) once from $CUBE_TABLE_DIR.
inline std::shared_ptr<const lc::twophase::Tables> tables() {
    static std::shared_ptr<const lc::twophase::Tables> t =
        lc::twophase::load_or_build(std::getenv("CUBE_TABLE_DIR"), {});
    return t;
}

// The cube after `moves` random face turns.
inline lc::CubieCube random_cube(std::mt19937 &rng, int moves) {
    const lc::twophase::Symmetries &s = lc::twophase::symmetries();
    lc::CubieCube c = lc::CubieCube::solved();
    for (int k = 0; k < moves; ++k) c.multiply(s.move_cube[rng() % 18]);
    return c;
}

inline lc::CubieCube applied(lc::CubieCube c, const lc::MoveList &moves) {
    for (const lc::Move &m : moves) c.multiply(lc::twophase::symmetries().move_cube[m.kind * 3 + m.amount - 1]);
    return c;
}

}  // namespace optimal_tests
