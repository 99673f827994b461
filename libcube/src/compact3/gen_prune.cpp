// Pruning tables: breadth-first search over (symmetry class, raw coordinate) pairs.
#include <future>
#include <stdexcept>
#include <system_error>

#include "compact3/tables.hpp"

namespace lc::compact3 {
namespace {

constexpr uint8_t kEmpty = 15;  // an entry not reached yet

// Entry class * inner + i stands for the state made of the class representative and raw value i.
struct Space {
    int classes, inner;
    int moves;              // columns of inner_move
    int syms;               // columns of inner_conj
    const uint32_t *outer;  // [class * moves + k]: class << 4 | symmetry reached by move k
    const uint16_t *inner_move, *inner_conj;
    const uint16_t *self;   // [class]: bit k set when symmetry k keeps the representative
};

// Breadth-first search from the goal (entry 0), one byte an entry; packed into nibbles at the end.
class Bfs {
public:
    explicit Bfs(const Space &sp) : sp_(sp), depth_(static_cast<size_t>(sp.classes) * sp.inner, kEmpty) {}

    void run(std::vector<uint8_t> &table) {
        const uint32_t total = static_cast<uint32_t>(depth_.size());
        uint32_t filled = fill(0, 0, 0);
        for (int depth = 0; filled < total; ++depth) {
            // Forward while few are reached; then every empty entry looks for a neighbour at depth.
            const uint32_t added = filled < total / 2 ? forward(depth) : backward(depth);
            if (added == 0) throw std::logic_error("compact3: a pruning table has unreachable entries");
            filled += added;
        }
        table.assign((total + 1) / 2, 0);
        for (uint32_t i = 0; i < total; ++i) table[i >> 1] |= static_cast<uint8_t>(depth_[i] << ((i & 1) << 2));
    }

private:
    // Sets (c, i) to v if empty, with the entries that a self-symmetry of c makes equal to it.
    uint32_t fill(int c, int i, uint8_t v) {
        uint8_t *row = &depth_[static_cast<size_t>(c) * sp_.inner];
        const int mask = sp_.self[c];
        if (mask == 1) return row[i] == kEmpty ? (row[i] = v, 1) : 0;
        uint32_t count = 0;
        for (int k = 0; k < sp_.syms; ++k) {
            if (!(mask >> k & 1)) continue;
            uint8_t &e = row[sp_.inner_conj[i * sp_.syms + k]];
            if (e == kEmpty) e = v, ++count;
        }
        return count;
    }

    uint32_t forward(int depth) {
        uint32_t added = 0;
        for (int c = 0; c < sp_.classes; ++c) {
            const uint32_t *out = sp_.outer + c * sp_.moves;
            const uint8_t *row = &depth_[static_cast<size_t>(c) * sp_.inner];
            for (int i = 0; i < sp_.inner; ++i) {
                if (row[i] != depth) continue;
                const uint16_t *moved = sp_.inner_move + i * sp_.moves;
                for (int k = 0; k < sp_.moves; ++k) {
                    const int c1 = static_cast<int>(out[k] >> 4);
                    const int i1 = sp_.inner_conj[moved[k] * sp_.syms + (out[k] & 15)];
                    if (depth_[static_cast<size_t>(c1) * sp_.inner + i1] == kEmpty)
                        added += fill(c1, i1, static_cast<uint8_t>(depth + 1));
                }
            }
        }
        return added;
    }

    uint32_t backward(int depth) {
        uint32_t added = 0;
        for (int c = 0; c < sp_.classes; ++c) {
            const uint32_t *out = sp_.outer + c * sp_.moves;
            uint8_t *row = &depth_[static_cast<size_t>(c) * sp_.inner];
            for (int i = 0; i < sp_.inner; ++i) {
                if (row[i] != kEmpty) continue;
                const uint16_t *moved = sp_.inner_move + i * sp_.moves;
                for (int k = 0; k < sp_.moves; ++k) {
                    const int i1 = sp_.inner_conj[moved[k] * sp_.syms + (out[k] & 15)];
                    if (depth_[static_cast<size_t>(out[k] >> 4) * sp_.inner + i1] == depth) {
                        row[i] = static_cast<uint8_t>(depth + 1);
                        ++added;
                        break;
                    }
                }
            }
        }
        return added;
    }

    const Space &sp_;
    std::vector<uint8_t> depth_;
};

// Where the 18 moves take each class representative of twist or flip (class << 3 | k, k indexing eo_sym).
std::vector<uint32_t> phase1_outer(const std::vector<uint16_t> &rep, const std::vector<uint16_t> &move,
                                   const std::vector<uint16_t> &sym) {
    std::vector<uint32_t> out(rep.size() * kMoves);
    for (size_t c = 0; c < rep.size(); ++c)
        for (int m = 0; m < kMoves; ++m) {
            const int v = sym[move[rep[c] * kMoves + m]];
            out[c * kMoves + m] = static_cast<uint32_t>(v >> 3) << 4 | (v & 7);
        }
    return out;
}

}  // namespace

void fill_prune_tables(Tables &t) {
    const std::vector<uint32_t> twist_outer = phase1_outer(t.twist_rep, t.twist_move, t.twist_sym);
    const std::vector<uint32_t> flip_outer = phase1_outer(t.flip_rep, t.flip_move, t.flip_sym);
    const std::vector<uint32_t> corner_outer(t.corner_move.begin(), t.corner_move.end());
    const std::vector<uint32_t> edge_outer(t.edge_move.begin(), t.edge_move.end());
    const Space spaces[] = {
        {kTwistClasses, kSlice, kMoves, kEoSyms, twist_outer.data(), t.slice_move.data(), t.slice_conj.data(), t.twist_self.data()},
        {kFlipClasses, kSlice, kMoves, kEoSyms, flip_outer.data(), t.slice_move.data(), t.slice_conj.data(), t.flip_self.data()},
        {kTwistClasses, kFlip, kMoves, kEoSyms, twist_outer.data(), t.flip_move.data(), t.flip_conj.data(), t.twist_self.data()},
        {kPermClasses, kSlicePerm, kMoves2, kSyms, corner_outer.data(), t.mperm_move.data(), t.mperm_conj.data(), t.corner_self.data()},
        {kPermClasses, kSlicePerm, kMoves2, kSyms, edge_outer.data(), t.mperm_move.data(), t.mperm_conj.data(), t.edge_self.data()},
    };
    std::vector<uint8_t> *tables[] = {&t.slice_twist_prune, &t.slice_flip_prune, &t.twist_flip_prune,
                                      &t.corner_mperm_prune, &t.edge_mperm_prune};
    // The largest (twist x flip, about half the work) on a second thread if one can start.
    std::future<void> largest;
    try {
        largest = std::async(std::launch::async, [&] { Bfs(spaces[2]).run(*tables[2]); });
    } catch (const std::system_error &) {
    }
    for (int k : {0, 1, 3, 4}) Bfs(spaces[k]).run(*tables[k]);
    if (largest.valid())
        largest.get();
    else
        Bfs(spaces[2]).run(*tables[2]);
}

}  // namespace lc::compact3
