#include "optimal/hot_tables.hpp"

#include <cstring>
#include <vector>

#include "error.hpp"
#include "twophase/coord.hpp"

namespace lc::optimal {
namespace {

using namespace twophase;

// One table to copy: where the pointer is, how many elements of what size.
struct Part {
    const void **at;
    const void *from;
    size_t bytes;
};

size_t rounded(size_t n) { return (n + 63) / 64 * 64; }  // each table on its own cache lines

}  // namespace

HotTables::HotTables(const Tables &t, bool copy)
    : twist_move(t.twist_move), flip_move(t.flip_move), slice_move(t.slice_move), corners_move(t.corners_move),
      twist_conj(t.twist_conj), co_class(t.co_class), co_sym(t.co_sym), fs_classsym(t.fs_classsym),
      corner_dist(t.corner_dist) {
    if (!copy) return;
    std::vector<Part> parts = {
        {reinterpret_cast<const void **>(&fs_classsym), t.fs_classsym, sizeof(uint32_t) * kFlipSlice},
        {reinterpret_cast<const void **>(&corner_dist), t.corner_dist, (uint64_t{kCornerClasses} * kTwist + 1) / 2},
        {reinterpret_cast<const void **>(&corners_move), t.corners_move, sizeof(uint16_t) * kCorners8 * kMoves},
        {reinterpret_cast<const void **>(&slice_move), t.slice_move, sizeof(uint16_t) * kSliceSorted * kMoves},
        {reinterpret_cast<const void **>(&twist_move), t.twist_move, sizeof(uint16_t) * kTwist * kMoves},
        {reinterpret_cast<const void **>(&flip_move), t.flip_move, sizeof(uint16_t) * kFlip * kMoves},
        {reinterpret_cast<const void **>(&twist_conj), t.twist_conj, sizeof(uint16_t) * kTwist * 16},
        {reinterpret_cast<const void **>(&co_class), t.co_class, sizeof(uint16_t) * kCorners8},
        {reinterpret_cast<const void **>(&co_sym), t.co_sym, sizeof(uint8_t) * kCorners8},
    };
    size_t total = 0;
    for (const Part &p : parts) total += rounded(p.bytes);
    try {
        blob_ = tablefile::Blob::allocate(total);  // asks for huge pages before the first touch
    } catch (const Error &) {
        return;  // the tables' own pages then
    }
    uint8_t *at = blob_->data();
    for (const Part &p : parts) {
        std::memcpy(at, p.from, p.bytes);
        *p.at = at;
        at += rounded(p.bytes);
    }
}

}  // namespace lc::optimal
