// Move tables on the 2x2 coordinates, computed from lc::face_turn_cubie (never typed in).
#pragma once
#include <cstdint>

#include "solve2/coord.hpp"

namespace lc::solve2 {

// A move changes perm and twist independently: (p, t) -> (perm[p][m], twist[m][t]).
// The twist table is move-major so that a scan over t reads one row in order.
struct MoveTables {
    uint16_t perm[kPerms][kMoves];
    uint16_t twist[kMoves][kTwists];
};

// Fills `mt` by applying U, R and F (1..3 quarter turns) to the cubie model.
void build_move_tables(MoveTables &mt);

}  // namespace lc::solve2
