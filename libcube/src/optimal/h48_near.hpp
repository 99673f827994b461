// The cosets of the full 48-symmetric coordinate (corner class, esep, the 11 flips) within a few moves of
// the goal (README.md, "H48 tables"), found breadth-first over symmetry classes and kept as a list per h0
// entry: the h7 build looks them up where its searches stop.
#pragma once
#include <cstdint>
#include <functional>
#include <vector>

#include "optimal/h48_coord.hpp"

namespace lc::optimal::h48 {

class NearSet {
public:
    // Every coset within `depth` moves, with the images of each under its class's self-symmetries;
    // `threads` workers; throws lc::Error(CUBE_ERROR_CANCELLED) when `stop` (may be empty) says so.
    static NearSet build(const Coords &t, int depth, int threads, const std::function<bool()> &stop);
    // An h0 entry's elements: flips (12 bits) | distance << 12.
    const uint16_t *begin(uint32_t h0) const { return elements_.data() + offsets_[h0]; }
    const uint16_t *end(uint32_t h0) const { return elements_.data() + offsets_[h0 + 1]; }
    uint64_t size() const { return elements_.size(); }
    int depth() const { return depth_; }
    // How many cosets lie at each distance (index = distance), images included.
    const std::vector<uint64_t> &levels() const { return levels_; }

private:
    std::vector<uint32_t> offsets_;  // per h0 entry, and one past the last
    std::vector<uint16_t> elements_;
    std::vector<uint64_t> levels_;
    int depth_ = 0;
};

}  // namespace lc::optimal::h48
