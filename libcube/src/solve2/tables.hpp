// Layout of lc::solve2::Tables, shared by the files of the solver (not by callers).
#pragma once
#include <array>
#include <cstdint>
#include <vector>

#include "solve2/movetab.hpp"
#include "solve2/solve2.hpp"

namespace lc::solve2 {

class Tables {
public:
    Metric metric;
    int nmoves;            // 9 in HTM, 6 in QTM
    int moves[kMoves];     // move numbers allowed in the metric, in solve() order
    MoveTables mt;
    std::vector<uint8_t> packed;  // distance of index i in the (i & 1 ? high : low) nibble of byte i / 2
    std::array<int64_t, 16> counts;

    int depth(int32_t index) const { return (packed[index >> 1] >> ((index & 1) << 2)) & 15; }
    int depth(int perm, int twist) const { return depth(perm * kTwists + twist); }
};

}  // namespace lc::solve2
