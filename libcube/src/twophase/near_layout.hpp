// Bit layouts of the near graph's entries (tables.hpp: near_moves, near_succ), in one place: the builder
// (near_graph.cpp) encodes them, the search (search.cpp) decodes them.
#pragma once
#include <cstdint>

#include "twophase/coord.hpp"

namespace lc::twophase {

// near_moves[node]: the moves (bit m) to a closer successor, to one as close and to a further one
// in the graph, one 18-bit group each in that order, and the node's own distance above them.
struct NearMoves {
    static constexpr int kGroupBits = kMoves;  // one bit a move
    static constexpr int kDistanceShift = 3 * kGroupBits;
    static constexpr uint32_t kGroupMask = (1u << kGroupBits) - 1;

    // Group 0: the successor is closer; 1: as close; 2: further. `change` = successor distance - own + 1.
    static uint64_t move_bit(int move, int change) { return uint64_t{1} << (move + kGroupBits * change); }
    static uint64_t with_distance(uint8_t distance) { return uint64_t{distance} << kDistanceShift; }

    static int distance(uint64_t entry) { return static_cast<int>(entry >> kDistanceShift); }
    static uint32_t group(uint64_t entry, int change) {
        return static_cast<uint32_t>(entry >> (kGroupBits * change)) & kGroupMask;
    }
};

// near_succ[node * kMoves + m]: the successor's node number above kDistanceBits bits of its distance.
struct NearSucc {
    static constexpr int kDistanceBits = 3;

    static uint32_t encode(uint32_t node, uint8_t distance) { return node << kDistanceBits | distance; }
    static uint32_t node(uint32_t entry) { return entry >> kDistanceBits; }
};

}  // namespace lc::twophase
