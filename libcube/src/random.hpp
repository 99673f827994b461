// Reproducible pseudo-random numbers (xoshiro256** seeded by splitmix64), the same on every machine.
#pragma once
#include <cstdint>

#include "cubie.hpp"
#include "move.hpp"

namespace lc {

class Rng {
public:
    explicit Rng(uint64_t seed);
    uint64_t next();
    // Uniform in [0, n), without modulo bias.
    uint32_t below(uint32_t n);

private:
    uint64_t s_[4];
};

// A uniformly random reachable 3x3 state.
CubieCube random_cubie(Rng &rng);
// A uniformly random 2x2 state (corners) with DBL at home.
CubieCube random_corners_dbl_fixed(Rng &rng);
// Random-move scramble: no face twice in a row, no cancelling across the opposite face.
MoveList random_scramble(Rng &rng, int size, int length);

}  // namespace lc
