// Pruning tables: breadth-first search over symmetry-reduced coordinates, in parallel threads.
#include <algorithm>
#include <atomic>
#include <thread>
#include <vector>

#include "twophase/build_progress.hpp"
#include "twophase/tables.hpp"

namespace lc::twophase {
namespace {

constexpr int kEmpty = 15;  // nibble value of an unvisited entry

inline int get(const uint8_t *t, uint64_t i) {
    return (__atomic_load_n(&t[i >> 1], __ATOMIC_RELAXED) >> ((i & 1) << 2)) & 15;
}
// Sets an empty nibble to v; true if this call did it (another thread may race for the same one).
inline bool set_if_empty(uint8_t *t, uint64_t i, int v) {
    uint8_t mask = (i & 1) ? static_cast<uint8_t>((v << 4) | 0x0f) : static_cast<uint8_t>(0xf0 | v);
    uint8_t old = __atomic_fetch_and(&t[i >> 1], mask, __ATOMIC_RELAXED);
    return ((old >> ((i & 1) << 2)) & 15) == kEmpty;
}

// A table of classes x inner coordinate. Outer moves go through the class representative;
// the inner coordinate is moved and then conjugated by the symmetry that reduces the outer one.
struct Space {
    uint8_t *table;
    int classes, inner;
    const int *moves;
    int move_count;
    const uint16_t *inner_move;  // [inner * 18 + m]
    const uint16_t *inner_conj;  // [inner * 16 + s]
    const uint16_t *selfsym;     // [class]
    // (class, symmetry) reached from class c's representative by move m.
    std::vector<uint32_t> outer;  // [c * move_count + k] = class << 4 | sym
};

// Where a BFS reports: its stage, and the part of it one level covers.
struct LevelReport {
    Reporter &r;
    Stage stage;
    double from, span;
};

// One BFS level: entries at `depth` give `depth + 1` to their empty neighbours (forward), or empty
// entries that have a neighbour at `depth` become `depth + 1` (backward). Returns how many were set.
// The calling thread reports; every thread stops early (the level left unfinished) when the job stops.
uint64_t level(const Space &sp, int depth, bool backward, int threads, const LevelReport &report) {
    std::atomic<int> next{0};
    std::atomic<uint64_t> total{0};
    constexpr int kChunk = 64;
    auto work = [&](bool reporting) {
        uint64_t count = 0;
        for (;;) {
            int begin = next.fetch_add(kChunk);
            if (begin >= sp.classes) break;
            if (reporting ? report.r.report(report.stage, report.from + report.span * begin / sp.classes)
                          : report.r.stopped())
                break;
            int end = std::min(begin + kChunk, sp.classes);
            for (int c = begin; c < end && !report.r.stopped(); ++c) {
                const uint32_t *out = &sp.outer[uint64_t(c) * sp.move_count];
                uint64_t base = uint64_t(c) * sp.inner;
                for (int i = 0; i < sp.inner; ++i) {
                    int v = get(sp.table, base + i);
                    if (v != (backward ? kEmpty : depth)) continue;
                    for (int k = 0; k < sp.move_count; ++k) {
                        uint32_t cls = out[k] >> 4, sym = out[k] & 15;
                        int j = sp.inner_conj[sp.inner_move[i * kMoves + sp.moves[k]] * 16 + sym];
                        uint64_t base1 = uint64_t(cls) * sp.inner;
                        if (backward) {
                            if (get(sp.table, base1 + j) == depth) {
                                count += set_if_empty(sp.table, base + i, depth + 1);
                                break;
                            }
                            continue;
                        }
                        if (get(sp.table, base1 + j) != kEmpty) continue;
                        count += set_if_empty(sp.table, base1 + j, depth + 1);
                        // States equal to this one under a symmetry of the representative.
                        for (uint32_t self = sp.selfsym[cls] & ~1u; self; self &= self - 1) {
                            int s = __builtin_ctz(self);
                            count += set_if_empty(sp.table, base1 + sp.inner_conj[j * 16 + s], depth + 1);
                        }
                    }
                }
            }
        }
        total += count;
    };
    std::vector<std::thread> pool;
    for (int k = 1; k < threads; ++k) pool.emplace_back(work, false);
    work(true);
    for (auto &th : pool) th.join();
    return total;
}

void run_bfs(Space &sp, int max_depth, int threads, Reporter &r, Stage stage) {
    uint64_t entries = uint64_t(sp.classes) * sp.inner;
    std::fill(sp.table, sp.table + (entries + 1) / 2, 0xff);
    uint64_t filled = 0;
    // The solved state: class 0 (its representative is coordinate 0), inner 0, and its symmetric copies.
    set_if_empty(sp.table, 0, 0);
    ++filled;
    for (uint32_t self = sp.selfsym[0] & ~1u; self; self &= self - 1)
        filled += set_if_empty(sp.table, sp.inner_conj[__builtin_ctz(self)], 0);
    uint64_t at_depth = filled;
    for (int depth = 0; depth < max_depth && filled < entries; ++depth) {
        // The work of a level follows the entries it fills: its share of the stage is estimated from
        // what the level before filled (most levels fill about ten times as many), or all that is left.
        bool backward = at_depth > (entries - filled) / 4;
        double done = double(filled) / double(entries), left = 1.0 - done;
        double share = backward ? left : std::min(left, 10.0 * double(at_depth) / double(entries));
        r.stage(stage, done);
        at_depth = level(sp, depth, backward, threads, LevelReport{r, stage, done, share});
        r.check();
        filled += at_depth;
        if (at_depth == 0) break;
    }
    r.stage(stage, 1.0);
}

}  // namespace

void fill_prune1(Tables &t, int threads, Reporter &r) {
    static const int all[kMoves] = {0, 1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13, 14, 15, 16, 17};
    // Exact distances first, as nibbles in a scratch block.
    auto scratch = tablefile::Blob::allocate((kPrune1Entries + 1) / 2);
    Space sp{scratch->data(), kFlipSliceClasses, kTwist, all, kMoves, t.twist_move, t.twist_conj, t.fs_selfsym, {}};
    sp.outer.resize(uint64_t(sp.classes) * kMoves);
    for (int c = 0; c < sp.classes; ++c) {
        int flip = t.fs_rep[c] % kFlip, slice_sorted = t.fs_rep[c] / kFlip * 24;
        for (int m = 0; m < kMoves; ++m) {
            int fs = t.slice_move[slice_sorted * kMoves + m] / 24 * kFlip + t.flip_move[flip * kMoves + m];
            sp.outer[c * kMoves + m] = t.fs_classsym[fs];
        }
    }
    run_bfs(sp, 14, threads, r, Stage::kPrune1);
    // Then each entry: distance mod 3, and the faces with a turn that gets closer.
    r.stage(Stage::kPrune1Hints, 0.0);
    std::atomic<int> next{0};
    auto work = [&](bool reporting) {
        const uint8_t *dist = scratch->data();  // read-only from here on
        auto at = [dist](uint64_t i) { return (dist[i >> 1] >> ((i & 1) << 2)) & 15; };
        uint64_t base1[kMoves];
        uint32_t sym1[kMoves];
        for (int c; (c = next.fetch_add(1)) < sp.classes;) {
            if (reporting ? r.report(Stage::kPrune1Hints, double(c) / sp.classes) : r.stopped()) break;
            uint64_t base = uint64_t(c) * kTwist;
            for (int m = 0; m < kMoves; ++m) {
                base1[m] = uint64_t(sp.outer[c * kMoves + m] >> 4) * kTwist;
                sym1[m] = sp.outer[c * kMoves + m] & 15;
            }
            for (int i = 0; i < kTwist; ++i) {
                int d = at(base + i);
                uint32_t e = d % 3;
                const uint16_t *row = t.twist_move + i * kMoves;
                for (int m = 0; d > 0 && m < kMoves; ++m) {
                    if (at(base1[m] + t.twist_conj[row[m] * 16 + sym1[m]]) == d - 1) {
                        e |= 1u << (2 + m / 3);
                        m = m / 3 * 3 + 2;  // this face is flagged: on to the next one
                    }
                }
                t.prune1[base + i] = static_cast<uint8_t>(e);
            }
        }
    };
    std::vector<std::thread> pool;
    for (int k = 1; k < threads; ++k) pool.emplace_back(work, false);
    work(true);
    for (auto &th : pool) th.join();
    r.stage(Stage::kPrune1Hints, 1.0);
}

void fill_prune2(Tables &t, int threads, Reporter &r) {
    Space sp{t.prune2, kCornerClasses, kUdEdges, kPhase2Moves, 10, t.ud_edges_move, t.ud_edges_conj, t.co_selfsym, {}};
    sp.outer.resize(uint64_t(sp.classes) * 10);
    for (int c = 0; c < sp.classes; ++c)
        for (int k = 0; k < 10; ++k) {
            int co = t.corners_move[t.co_rep[c] * kMoves + kPhase2Moves[k]];
            sp.outer[c * 10 + k] = uint32_t(t.co_class[co]) << 4 | t.co_sym[co];
        }
    // Depths stop at kPrune2Cap: whatever is still empty then keeps the value 15 = "15 or more".
    run_bfs(sp, kPrune2Cap - 1, threads, r, Stage::kPrune2);
}

void fill_corner_dist(Tables &t, int threads, Reporter &r) {
    static const int all[kMoves] = {0, 1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13, 14, 15, 16, 17};
    Space sp{t.corner_dist, kCornerClasses, kTwist, all, kMoves, t.twist_move, t.twist_conj, t.co_selfsym, {}};
    sp.outer.resize(uint64_t(sp.classes) * kMoves);
    for (int c = 0; c < sp.classes; ++c)
        for (int m = 0; m < kMoves; ++m) {
            int co = t.corners_move[t.co_rep[c] * kMoves + m];
            sp.outer[c * kMoves + m] = uint32_t(t.co_class[co]) << 4 | t.co_sym[co];
        }
    run_bfs(sp, 14, threads, r, Stage::kCornerDistance);
}

void fill_cornslice_depth(Tables &t, Reporter &r) {
    uint8_t *d = t.cornslice_depth;
    const int n = kCorners8 * 24;
    std::fill(d, d + n, 0xff);
    d[0] = 0;
    for (int depth = 0, done = 1; done < n; ++depth) {
        for (int i = 0; i < n; ++i) {
            if ((i & 4095) == 0) r.stage(Stage::kCornSliceAndNearGraph, 0.3 * done / n);
            if (d[i] != depth) continue;
            int c = i / 24, s = i % 24;
            for (int m : kPhase2Moves) {
                int j = t.corners_move[c * kMoves + m] * 24 + t.slice_move[s * kMoves + m];
                if (d[j] == 0xff) d[j] = static_cast<uint8_t>(depth + 1), ++done;
            }
        }
    }
}

}  // namespace lc::twophase
