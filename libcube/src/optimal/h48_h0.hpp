// The h0 table (README.md, "H48 tables"): the exact distance of every coset of the 48-symmetric
// goal, per corner class and edge slice pattern, 4 bits an entry; built breadth-first.
#pragma once
#include <cstdint>
#include <vector>

#include "optimal/h48_coord.hpp"
#include "optimal/std_table.hpp"

namespace lc::optimal::h48 {

class H0Table {
public:
    // Builds it with `threads` workers; `progress` (may be empty) as for the standard table; throws
    // lc::Error(CUBE_ERROR_CANCELLED) when it asks to stop.
    static H0Table build(const Coords &t, int threads, const BuildProgress &progress);
    int distance(uint32_t index) const { return nibbles_[index >> 1] >> (index & 1) * 4 & 15; }
    int distance(const CubieCube &c) const { return distance(h0_index(coords(), cocsep(c), esep(c))); }
    uint64_t entries() const { return entries_; }
    // The entries, two a byte (the even index in the low 4 bits).
    const uint8_t *nibbles() const { return nibbles_.data(); }
    // How many entries lie at each distance (index = distance).
    std::vector<uint64_t> histogram() const;

private:
    std::vector<uint8_t> nibbles_;
    uint64_t entries_ = 0;
};

}  // namespace lc::optimal::h48
