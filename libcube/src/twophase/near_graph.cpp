#include "twophase/near_graph.hpp"

#include <string>
#include <vector>

#include "error.hpp"
#include "twophase/build_progress.hpp"
#include "twophase/near_layout.hpp"
#include "twophase/tables.hpp"

namespace lc::twophase {
namespace {

struct Coord {
    int tw, fl, pos;
    Coord after(const Tables &t, int m) const {
        return {t.twist_move[tw * kMoves + m], t.flip_move[fl * kMoves + m], t.slice_move[pos * 24 * kMoves + m] / 24};
    }
    uint32_t key() const { return near_key(tw, fl, pos); }
};

void insert(uint32_t *slots, uint32_t key, uint32_t index) {
    uint32_t i = near_hash(key);
    while (slots[2 * i] != 0) i = (i + 1) & (kNearSlots - 1);
    slots[2 * i] = key, slots[2 * i + 1] = index;
}

}  // namespace

void fill_near_graph(Tables &t, Reporter &r) {
    // Phase-1 coordinates move on their own, so the near states are those reached from (0, 0, 0) in
    // kNearDepth moves. Nodes are numbered breadth first (node 0 is the group itself): when node i is
    // reached, every node as close as it or closer is already numbered, so its successors are either
    // known or one move further, and one pass finds them all.
    std::vector<Coord> nodes{{0, 0, 0}};
    std::vector<uint8_t> depth{0};
    nodes.reserve(kNearNodes);
    depth.reserve(kNearNodes);
    insert(t.near_slots, nodes[0].key(), 0);
    const StagePart part{r, Stage::kCornSliceAndNearGraph, 0.3, 0.7};
    for (uint32_t i = 0; i < nodes.size(); ++i) {
        part.at(static_cast<int>(i), static_cast<int>(kNearNodes));
        uint64_t moves = NearMoves::with_distance(depth[i]);
        for (int m = 0; m < kMoves; ++m) {
            const Coord n = nodes[i].after(t, m);
            uint32_t j = t.near_node(n.key());
            if (j == kNoNear && depth[i] < kNearDepth) {
                if (nodes.size() == kNearNodes) throw Error(CUBE_ERROR_INTERNAL, "near graph larger than expected");
                j = static_cast<uint32_t>(nodes.size());
                insert(t.near_slots, n.key(), j);
                nodes.push_back(n);
                depth.push_back(static_cast<uint8_t>(depth[i] + 1));
            }
            t.near_succ[i * kMoves + m] = j == kNoNear ? kNoNear : NearSucc::encode(j, depth[j]);
            // A move changes the distance by at most 1.
            if (j != kNoNear) moves |= NearMoves::move_bit(m, depth[j] + 1 - depth[i]);
        }
        t.near_moves[i] = moves;
    }
    if (nodes.size() != kNearNodes)
        throw Error(CUBE_ERROR_INTERNAL, "near graph has " + std::to_string(nodes.size()) + " nodes, not " +
                                             std::to_string(kNearNodes));
}

}  // namespace lc::twophase
