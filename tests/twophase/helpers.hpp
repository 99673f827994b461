// Test helpers for the two-phase solver: move parsing, applying moves with the cubie model,
// and a uniform random state generator with a fixed seed.
#pragma once
#include <cstdint>
#include <cstdlib>
#include <memory>
#include <string>

#include "cubie.hpp"
#include "move.hpp"
#include "twophase/twophase.hpp"

namespace tp_test {

// "U R2 F' ..." -> moves (faces U R F D L B only).
inline lc::MoveList parse(const std::string &s) {
    lc::MoveList out;
    const std::string faces = "URFDLB";
    for (size_t i = 0; i < s.size(); ++i) {
        size_t f = faces.find(s[i]);
        if (f == std::string::npos) continue;
        uint8_t amount = 1;
        if (i + 1 < s.size() && s[i + 1] == '2') amount = 2, ++i;
        else if (i + 1 < s.size() && s[i + 1] == '\'') amount = 3, ++i;
        out.push_back(lc::Move{static_cast<uint8_t>(f), amount});
    }
    return out;
}

// Applies the moves by multiplying with face_turn_cubie (independent of the solver's tables).
inline lc::CubieCube apply_moves(lc::CubieCube c, const lc::MoveList &moves) {
    for (const lc::Move &m : moves)
        for (int a = 0; a < m.amount; ++a) c.multiply(lc::face_turn_cubie(static_cast<lc::Face>(m.kind)));
    return c;
}

// splitmix64 with a fixed seed: every run tests the same states.
struct Rng {
    uint64_t s;
    uint64_t next() {
        uint64_t z = (s += 0x9E3779B97F4A7C15ull);
        z = (z ^ (z >> 30)) * 0xBF58476D1CE4E5B9ull;
        z = (z ^ (z >> 27)) * 0x94D049BB133111EBull;
        return z ^ (z >> 31);
    }
    uint32_t below(uint32_t n) { return static_cast<uint32_t>((next() >> 32) * n >> 32); }
};

template <size_t N>
int parity(const std::array<uint8_t, N> &p) {
    int s = 0;
    for (size_t i = 0; i < N; ++i)
        for (size_t j = i + 1; j < N; ++j) s ^= p[i] > p[j];
    return s;
}

// Uniformly random solvable state: random permutations (edge parity matched to the corners by one
// swap), random orientations with the last piece fixing the sums.
inline lc::CubieCube random_state(Rng &rng) {
    lc::CubieCube c = lc::CubieCube::solved();
    for (int i = 7; i > 0; --i) std::swap(c.cp[i], c.cp[rng.below(i + 1)]);
    for (int i = 11; i > 0; --i) std::swap(c.ep[i], c.ep[rng.below(i + 1)]);
    if (parity(c.cp) != parity(c.ep)) std::swap(c.ep[0], c.ep[1]);
    int twist = 0, flip = 0;
    for (int i = 0; i < 7; ++i) c.co[i] = static_cast<uint8_t>(rng.below(3)), twist += c.co[i];
    for (int i = 0; i < 11; ++i) c.eo[i] = static_cast<uint8_t>(rng.below(2)), flip += c.eo[i];
    c.co[7] = static_cast<uint8_t>((3 - twist % 3) % 3);
    c.eo[11] = static_cast<uint8_t>(flip & 1);
    return c;
}

// The table folder shared by the test suite (CUBE_TABLE_DIR, set by meson), else the default.
inline std::shared_ptr<const lc::twophase::Tables> shared_tables() {
    static std::shared_ptr<const lc::twophase::Tables> t =
        lc::twophase::load_or_build(lc::twophase::default_table_dir(), lc::twophase::Progress{}, nullptr);
    return t;
}

}  // namespace tp_test
