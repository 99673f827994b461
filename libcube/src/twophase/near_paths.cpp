#include "twophase/near_paths.hpp"

#include "twophase/tables.hpp"

namespace lc::twophase {
namespace {

struct Coord {
    int tw, fl, pos;
    bool in_group() const { return (tw | fl | pos) == 0; }
    Coord after(const Tables &t, int m) const {
        return {t.twist_move[tw * kMoves + m], t.flip_move[fl * kMoves + m], t.slice_move[pos * 24 * kMoves + m] / 24};
    }
};

}  // namespace

// Appends every path from c that ends in the group after `length` moves (`done` made so far), in move order.
void NearPaths::collect(const Tables &t, int tw, int fl, int pos, int prev, int done, int length, Path &cur) {
    const Coord c{tw, fl, pos};
    if (done == length) {
        if (c.in_group()) paths_.push_back(cur);
        return;
    }
    for (int m = 0; m < kMoves; ++m) {
        if (!may_follow(prev, m) || (c.in_group() && is_phase2_move(m))) continue;
        Coord n = c.after(t, m);
        const Slot *s = slot(key_of(n.tw, n.fl, n.pos));
        if (!s || s->depth > length - done - 1) continue;  // too far from the group for the moves left
        cur.m[done] = static_cast<uint8_t>(m);
        collect(t, n.tw, n.fl, n.pos, m, done + 1, length, cur);
    }
}

bool NearPaths::insert(uint32_t key, uint8_t depth) {
    if (4 * (used_ + 1) > slots_.size()) {  // keep the table at most a quarter full
        std::vector<Slot> old = std::move(slots_);
        slots_.assign(old.empty() ? 1024 : 2 * old.size(), Slot{});
        mask_ = static_cast<uint32_t>(slots_.size()) - 1;
        shift_ = 32 - __builtin_ctz(static_cast<uint32_t>(slots_.size()));
        used_ = 0;
        for (const Slot &s : old)
            if (s.key) insert(s.key, s.depth);
    }
    uint32_t i = hash(key);
    for (; slots_[i].key != 0; i = (i + 1) & mask_)
        if (slots_[i].key == key) return false;
    slots_[i].key = key, slots_[i].depth = depth;
    ++used_;
    return true;
}

void NearPaths::build(const Tables &t) {
    slots_.clear(), paths_.clear(), used_ = 0;
    // Phase-1 coordinates move on their own, so the starts within kNearDepth moves of the group are
    // the coordinates reached from (0, 0, 0) in that many moves, breadth first.
    std::vector<Coord> starts{{0, 0, 0}};
    insert(key_of(0, 0, 0), 0);
    for (size_t level_begin = 0, d = 0; d < kNearDepth; ++d) {
        size_t level_end = starts.size();
        for (size_t i = level_begin; i < level_end; ++i)
            for (int m = 0; m < kMoves; ++m) {
                Coord n = starts[i].after(t, m);
                if (insert(key_of(n.tw, n.fl, n.pos), static_cast<uint8_t>(d + 1))) starts.push_back(n);
            }
        level_begin = level_end;
    }
    for (const Coord &c : starts) {
        Slot *s = const_cast<Slot *>(slot(key_of(c.tw, c.fl, c.pos)));
        s->begin[0] = static_cast<uint32_t>(paths_.size());
        for (int length = 1; length <= kNearDepth; ++length) {
            Path cur{};
            collect(t, c.tw, c.fl, c.pos, -1, 0, length, cur);
            s->begin[length] = static_cast<uint32_t>(paths_.size());
        }
    }
}

}  // namespace lc::twophase
