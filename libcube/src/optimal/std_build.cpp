// Building the standard table: breadth-first search over (class, twist) blocks of corner-set entries.
#include <algorithm>
#include <atomic>
#include <cstring>
#include <vector>

#include "error.hpp"
#include "optimal/std_table.hpp"
#include "optimal/workers.hpp"

namespace lc::optimal {
namespace {

using twophase::kMoves;
using twophase::kTwist;

constexpr uint64_t kEvenBits = 0x5555555555555555ULL;
constexpr uint64_t kChunkBlocks = 4096;  // blocks a worker takes at a time

// A byte of 2-bit entries with every entry found set to `to` (unknown ones stay 3).
uint8_t relabelled(int byte, int to) {
    int out = 0;
    for (int shift = 0; shift < 8; shift += 2) out |= ((byte >> shift & 3) == kUnknown ? kUnknown : to) << shift;
    return static_cast<uint8_t>(out);
}

// Every entry of a 3-bit table found so far reads `to` (its high bit is not set yet): one pass over
// the groups' low bytes.
void relabel_found(uint8_t *table, uint64_t bytes, int to) {
    uint8_t map[256];
    for (int b = 0; b < 256; ++b) map[b] = relabelled(b, to);
    for (uint64_t at = 0; at + 3 <= bytes; at += 3) {
        table[at] = map[table[at]];
        table[at + 1] = map[table[at + 1]];
    }
}

// Every entry unknown: 2-bit entries 3; 3-bit groups low bytes 3, high bits 0.
void clear(uint8_t *table, uint64_t bytes, bool three) {
    std::memset(table, 0xff, bytes);
    for (uint64_t at = 2; three && at < bytes; at += 3) table[at] = 0;
}

// A block's entries as three words (up to 96 entries), padding bytes read as unknown. Entry 32k + e is bits
// 2e of word k: byte j of the block is bits 8j of its word, so a big-endian machine swaps each word (the
// s390x suite found the table built wrong without it).
struct BlockWords {
    uint64_t w[3];
};
inline BlockWords load(const uint8_t *block, int bytes, bool three) {
    BlockWords b;
    std::memset(b.w, 0xff, sizeof b.w);
    if (three) {
        // The groups' low bytes, two of every three.
        uint8_t low[sizeof b.w];
        int n = 0;
        for (int at = 0; at < bytes; at += 3) low[n++] = block[at], low[n++] = block[at + 1];
        std::memcpy(b.w, low, static_cast<size_t>(n));
    } else {
        std::memcpy(b.w, block, static_cast<size_t>(bytes));
    }
    if constexpr (__BYTE_ORDER__ == __ORDER_BIG_ENDIAN__)
        for (uint64_t &word : b.w) word = __builtin_bswap64(word);
    return b;
}
// Bit 2e of word k set where entry 32k + e holds v.
inline uint64_t matches(uint64_t w, int v) {
    uint64_t x = w ^ (kEvenBits * static_cast<uint64_t>(v));
    return ~(x | x >> 1) & kEvenBits;
}

struct Builder {
    const twophase::Tables &t;
    const Layout &layout;
    uint8_t *table;
    const bool three;  // 3-bit entries in groups, else 2-bit ones
    // [class * 18 + m]: the class and symmetry the representative reaches by move m.
    std::vector<uint32_t> outer;
    // [(m * 16 + s) * sets + set]: the set after move m, conjugated by s.
    std::vector<uint8_t> set_map;
    std::vector<uint8_t> set_conj;  // [set * 16 + s]
    uint64_t valid[3] = {};         // even bits of the entries that are sets, not padding

    Builder(const twophase::Tables &tables, const Layout &l, uint8_t *data)
        : t(tables), layout(l), table(data), three(l.bits == 3) {
        const CornerSets &cs = corner_sets();
        outer.resize(uint64_t{twophase::kFlipSliceClasses} * kMoves);
        for (int c = 0; c < twophase::kFlipSliceClasses; ++c) {
            uint32_t fs = t.fs_rep[c];
            int flip = static_cast<int>(fs % twophase::kFlip), slice = static_cast<int>(fs / twophase::kFlip) * 24;
            for (int m = 0; m < kMoves; ++m) {
                int fl = t.flip_move[flip * kMoves + m], sl = t.slice_move[slice * kMoves + m];
                outer[uint64_t(c) * kMoves + m] = t.fs_classsym[sl / 24 * twophase::kFlip + fl];
            }
        }
        set_map.resize(size_t(kMoves) * 16 * l.sets);
        set_conj.resize(size_t(l.sets) * 16);
        for (int x = 0; x < l.sets; ++x) {
            int set = layout_rep(l, x);
            for (int s = 0; s < 16; ++s) {
                set_conj[x * 16 + s] = static_cast<uint8_t>(layout_coord(l, cs.conj[set][s]));
                for (int m = 0; m < kMoves; ++m) {
                    int moved = cs.conj[cs.move[set][m]][s];
                    set_map[(m * 16 + s) * l.sets + x] = static_cast<uint8_t>(layout_coord(l, moved));
                }
            }
        }
        for (int e = 0; e < l.sets; ++e) valid[e / 32] |= 1ULL << (2 * (e % 32));
    }

    uint64_t block_index(uint32_t cls, int twist) const {
        return (uint64_t{cls} * kTwist + static_cast<uint32_t>(twist)) * layout.block_entries;
    }
    // The byte of entry i's low bits (its block's first byte for a block's first entry).
    uint8_t *low(uint64_t i) const { return table + (three ? low_byte(i) : i >> 2); }
    int low_at(uint64_t i) const { return *low(i) >> ((i & 3) << 1) & 3; }
    // Sets an unknown entry to `level` (all writers of one level write the same bits, so AND and OR
    // are enough); true if it was unknown.
    bool set_entry(uint64_t i, int level) const {
        int shift = static_cast<int>(i & 3) << 1;
        auto mask = static_cast<uint8_t>(~((kUnknown ^ level % 3) << shift));
        uint8_t old = __atomic_fetch_and(low(i), mask, __ATOMIC_RELAXED);
        bool fresh = (old >> shift & 3) == kUnknown;
        if (fresh && three && level >= kHighFrom)
            __atomic_fetch_or(table + high_byte(i), static_cast<uint8_t>(1u << (i & 7)), __ATOMIC_RELAXED);
        return fresh;
    }

    // Where block (cls, twist) goes by each move: the block reached and the map of the sets; the
    // blocks are prefetched, so that their cache misses overlap.
    struct Next {
        uint32_t cls;
        int twist;
        uint64_t base;
        const uint8_t *map;
    };
    void neighbours(uint32_t cls, int twist, Next next[kMoves]) const {
        for (int m = 0; m < kMoves; ++m) {
            uint32_t o = outer[uint64_t(cls) * kMoves + m], s = o & 15;
            Next &n = next[m];
            n.cls = o >> 4;
            n.twist = t.twist_conj[t.twist_move[twist * kMoves + m] * 16 + s];
            n.base = block_index(n.cls, n.twist);
            n.map = &set_map[(m * 16 + s) * layout.sets];
            const uint8_t *p = low(n.base);
            __builtin_prefetch(p);
            __builtin_prefetch(p + layout.block_bytes() - 1);
        }
    }

    // The entry `set` of block (cls, twist) and its images under the class's self-symmetries.
    uint64_t set_with_images(uint32_t cls, int twist, int set, int level) {
        uint64_t count = set_entry(block_index(cls, twist) + set, level);
        uint32_t self = t.fs_selfsym[cls] & ~1u;
        for (; self; self &= self - 1) {
            int s = __builtin_ctz(self);
            count += set_entry(block_index(cls, t.twist_conj[twist * 16 + s]) + set_conj[set * 16 + s], level);
        }
        return count;
    }

    // Forward: the entries of block `b` at `level` (mod 3) give level + 1 to their unknown neighbours.
    uint64_t forward(uint64_t b, int level) {
        BlockWords w = load(table + b * layout.block_bytes(), layout.block_bytes(), three);
        uint64_t at[3];
        bool any = false;
        for (int k = 0; k < 3; ++k) any |= (at[k] = matches(w.w[k], level % 3) & valid[k]) != 0;
        if (!any) return 0;
        uint32_t cls = static_cast<uint32_t>(b / kTwist);
        int twist = static_cast<int>(b % kTwist);
        uint64_t count = 0;
        Next to[kMoves];
        neighbours(cls, twist, to);
        for (const Next &n : to)
            for (int k = 0; k < 3; ++k)
                for (uint64_t bits = at[k]; bits; bits &= bits - 1) {
                    int set1 = n.map[32 * k + __builtin_ctzll(bits) / 2];
                    if (low_at(n.base + set1) == kUnknown) count += set_with_images(n.cls, n.twist, set1, level + 1);
                }
        return count;
    }

    // Backward: the unknown entries of block `b` with a neighbour at `level` (mod 3) become level + 1.
    uint64_t backward(uint64_t b, int level) {
        BlockWords w = load(table + b * layout.block_bytes(), layout.block_bytes(), three);
        uint64_t open[3];
        bool any = false;
        for (int k = 0; k < 3; ++k) any |= (open[k] = matches(w.w[k], kUnknown) & valid[k]) != 0;
        if (!any) return 0;
        uint32_t cls = static_cast<uint32_t>(b / kTwist);
        int twist = static_cast<int>(b % kTwist);
        uint64_t count = 0, base = b * layout.block_entries;
        Next to[kMoves];
        neighbours(cls, twist, to);
        for (int m = 0; m < kMoves && (open[0] | open[1] | open[2]); ++m) {
            const Next &n = to[m];
            for (int k = 0; k < 3; ++k)
                for (uint64_t bits = open[k]; bits; bits &= bits - 1) {
                    int e = 32 * k + __builtin_ctzll(bits) / 2;
                    if (low_at(n.base + n.map[e]) != level % 3) continue;
                    count += set_entry(base + e, level + 1);
                    open[k] &= ~(1ULL << (2 * (e % 32)));
                }
        }
        return count;
    }
};

// The 1-bit file of a built table: bit i of a block is 1 where its entry is still unknown (at least
// kSmallFrom away).
void pack_bits(const uint8_t *table, const Layout &layout, uint8_t *out) {
    uint64_t bit = 0;
    uint32_t acc = 0;
    for (uint64_t b = 0; b < layout.blocks(); ++b) {
        uint64_t base = b * layout.block_entries;
        for (int x = 0; x < layout.sets; ++x, ++bit) {
            acc |= static_cast<uint32_t>(entry_at(table, base + static_cast<uint64_t>(x)) == kUnknown) << (bit & 7);
            if ((bit & 7) == 7) *out++ = static_cast<uint8_t>(acc), acc = 0;
        }
    }
    if (bit & 7) *out = static_cast<uint8_t>(acc);
}

}  // namespace

std::shared_ptr<const StdTable> build_std(const twophase::Tables &t, const Layout &layout, int threads,
                                          const BuildProgress &progress) {
    std::vector<uint64_t> sizes = std_sections(layout);
    std::unique_ptr<tablefile::Blob> blob = tablefile::Blob::allocate(tablefile::layout(sizes).back());
    // 3-bit layouts are built in place; 1-bit ones in a 2-bit table, then packed.
    std::unique_ptr<tablefile::Blob> work;
    if (layout.bits == 1) work = tablefile::Blob::allocate(layout.build_bytes());
    uint8_t *table = work ? work->data() : blob->data() + tablefile::layout(sizes)[0];
    clear(table, layout.build_bytes(), layout.bits == 3);
    Builder b(t, layout, table);
    const uint64_t blocks = layout.blocks(), total = blocks * layout.sets;
    // The goal: flip, slice, twist and corners (set) solved.
    b.set_with_images(t.fs_classsym[0] >> 4, 0, layout_coord(layout, corner_sets().home), 0);
    uint64_t found = 1, at_level = 1;
    std::atomic<bool> stop{false};
    for (int level = 0; found < total && level < layout.last_level(); ++level) {
        // Backward once the unknown entries are fewer than a few times the frontier.
        const bool backward = at_level * 4 > total - found;
        std::atomic<uint64_t> next{0}, added{0};
        auto work = [&](bool reporting) {
            uint64_t count = 0;
            for (;;) {
                uint64_t begin = next.fetch_add(kChunkBlocks);
                if (begin >= blocks || stop.load(std::memory_order_relaxed)) break;
                uint64_t end = std::min(begin + kChunkBlocks, blocks);
                for (uint64_t k = begin; k < end; ++k) count += backward ? b.backward(k, level) : b.forward(k, level);
                // The other workers have found about as many as this one.
                double guess = std::min(1.0, (double(found) + double(count) * threads) / double(total));
                if (reporting && progress && progress(guess, level + 1)) stop = true;
            }
            added.fetch_add(count);
        };
        run_workers(threads, work);
        if (stop) throw Error(CUBE_ERROR_CANCELLED, "building the optimal table: cancelled");
        at_level = added.load();
        if (at_level == 0) throw Error(CUBE_ERROR_INTERNAL, "building the optimal table: a level found nothing");
        found += at_level;
        if (layout.bits == 3 && level + 1 == kFirstExact - 1)
            relabel_found(table, layout.build_bytes(), (kFirstExact - 1) % 3);
    }
    if (work) {
        pack_bits(table, layout, blob->data() + tablefile::layout(sizes)[0]);
        work.reset();
    }
    if (!tablefile::seal(*blob, layout.kind, sizes, [&](double) { return progress && progress(1.0, -1); }))
        throw Error(CUBE_ERROR_CANCELLED, "building the optimal table: cancelled");
    return std::make_shared<const StdTable>(layout, std::move(blob));
}

}  // namespace lc::optimal
