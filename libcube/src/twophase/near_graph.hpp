// The phase-1 states within kNearDepth moves of the phase-2 group as a graph: the search walks its
// last levels here, one fetch per node, instead of fetching pruning-table entries for every child.
#pragma once
#include <cstdint>

namespace lc::twophase {

constexpr int kNearDepth = 6;
constexpr uint32_t kNearNodes = 1138856;  // (twist, flip, slice position) within 6 moves; checked when built
constexpr int kNearSlotBits = 21;
constexpr uint32_t kNearSlots = 1u << kNearSlotBits;  // hash slots for finding a node by its coordinates
constexpr uint32_t kNoNear = 0xffffffffu;  // a successor further than kNearDepth

inline uint32_t near_key(int twist, int flip, int slice_pos) {
    return (uint32_t(twist) * 2048u + uint32_t(flip)) * 495u + uint32_t(slice_pos) + 1u;  // never 0
}
inline uint32_t near_hash(uint32_t key) { return (key * 0x9E3779B1u) >> (32 - kNearSlotBits); }

}  // namespace lc::twophase
