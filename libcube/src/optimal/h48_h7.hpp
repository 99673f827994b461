// The h7 entries (README.md, "H48 tables"): per h0 entry, 128 entries of 2 bits, one for each value of the
// kept flips (kKeptFlips), each the least distance of the full coordinate over the dropped flips, coded
// against a budget B: 0 at most B - 2 (read h0 instead), 1 exactly B - 1, 2 exactly B, 3 more than B.
#pragma once
#include <cstdint>
#include <functional>

#include "optimal/h48_coord.hpp"
#include "optimal/h48_h0.hpp"
#include "optimal/h48_near.hpp"

namespace lc::optimal::h48 {

constexpr unsigned kKeptFlips = 0x7f;  // the flips of positions UR, UF, UL, UB, DR, DF, DL
constexpr int kKeptValues = 128;
constexpr int kH7BytesPerEntry = kKeptValues / 4;

// The index among the 128 of a coset's flips (12 bits, in its class's frame).
inline unsigned kept_flips(unsigned flips) { return flips & kKeptFlips; }

// Fills out[(cls - first_class) * kEsep * kH7BytesPerEntry ...] for classes [first_class, end_class) with the
// budget near.depth() + 2: each h0 entry's cosets within that many moves are those within near.depth() of
// the goal (depth 0) or two moves from such a coset (a search of depth 2 pruned by h0). `threads` workers;
// `progress(classes done)` may stop it (returns true: throws lc::Error(CUBE_ERROR_CANCELLED)).
void build_h7(const Coords &t, const H0Table &h0, const NearSet &near, uint32_t first_class, uint32_t end_class,
              uint8_t *out, int threads, const std::function<bool(uint32_t)> &progress);

}  // namespace lc::optimal::h48
