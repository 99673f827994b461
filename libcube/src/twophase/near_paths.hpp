// Every phase-1 ending of up to kNearDepth moves, looked up by where it starts: the search's last
// levels become a list walk instead of pruning-table fetches.
#pragma once
#include <cstdint>
#include <vector>

namespace lc::twophase {

struct Tables;

constexpr int kNearDepth = 4;

// Whether move m may follow move prev (-1: none): never the same face twice, and of two opposite
// faces only one order (U before D, R before L, F before B).
inline bool may_follow(int prev, int m) {
    return prev < 0 || (m / 3 != prev / 3 && m / 3 != prev / 3 - 3);
}

class NearPaths {
public:
    struct Path {
        uint8_t m[kNearDepth];  // the first `length` are used
    };
    // Builds the lists from the move tables (about 8000 starts, 4 ms).
    void build(const Tables &t);
    // The paths of exactly `length` (1..kNearDepth) moves from phase-1 coordinates (twist, flip,
    // slice position 0..494) that end in the phase-2 group, obeying may_follow between their moves
    // and never making a phase-2 move from inside the group. None when the start is further away.
    const Path *find(int twist, int flip, int slice_pos, int length, int &count) const {
        const Slot *s = slot(key_of(twist, flip, slice_pos));
        count = s ? static_cast<int>(s->begin[length] - s->begin[length - 1]) : 0;
        return s ? paths_.data() + s->begin[length - 1] : nullptr;
    }

private:
    struct Slot {
        uint32_t key = 0;  // key_of(): never 0; 0 marks an empty slot
        uint8_t depth = 0;  // moves from the start to the group
        uint32_t begin[kNearDepth + 1] = {};  // paths of length L: [begin[L - 1], begin[L])
    };
    static uint32_t key_of(int twist, int flip, int slice_pos) {
        return (uint32_t(twist) * 2048u + uint32_t(flip)) * 495u + uint32_t(slice_pos) + 1u;
    }
    uint32_t hash(uint32_t key) const { return (key * 0x9E3779B1u) >> shift_ & mask_; }
    const Slot *slot(uint32_t key) const {
        for (uint32_t i = hash(key);; i = (i + 1) & mask_) {
            if (slots_[i].key == key) return &slots_[i];
            if (slots_[i].key == 0) return nullptr;
        }
    }
    bool insert(uint32_t key, uint8_t depth);  // false if already there
    void collect(const Tables &t, int tw, int fl, int pos, int prev, int done, int length, Path &cur);

    std::vector<Slot> slots_;  // open addressing, at most a quarter full
    std::vector<Path> paths_;
    uint32_t mask_ = 0, used_ = 0;
    int shift_ = 0;
};

}  // namespace lc::twophase
