#include "optimal/h48_search.hpp"

#include <cstring>
#include <utility>

#include "error.hpp"
#include "optimal/bounds.hpp"
#include "optimal/inverse.hpp"
#include "optimal/search_driver.hpp"

namespace lc::optimal::h48 {
namespace {

// A search node: its coset's coordinates, its inverse cube and the inverse's bound.
struct Node {
    uint32_t corners;  // cocsep
    uint32_t slices;   // Coset::slices
    uint16_t flips;    // 12 bits
    uint8_t inv_bound;
    Packed inv;
};

using Probe = H48Table::Entry;
constexpr int kFaces = 6;

// Whether quarter turn m is the first of its face in `quarter` (X, or X' without X): the inverse of the
// child it gives stands for the face's (X and X' give inverses of one coset, as X' = X2 X and X2 keeps
// the coset).
bool first_of_face(uint32_t quarter, int m) { return m % 3 == 0 || !(quarter >> (m - 2) & 1); }

// The coordinates' moves and the table's reads.
class Reader {
public:
    explicit Reader(const H48Table &table)
        : t_(coords()), parts_(piece_parts()), table_(table), solved_(pack(CubieCube::solved())) {}

    Node node(const CubieCube &c) const {
        const Coset own = coset_of(parts_, pack(c));
        Node n{own.corners, own.slices, own.flips, 0, pack(c.inverse())};
        n.inv_bound = static_cast<uint8_t>(bound(locate_inverse(n.inv)));
        return n;
    }
    // The coordinates after move m (the inverse is the worker's to update).
    Node moved(const Node &n, int m) const {
        Node child;
        child.corners = cocsep_moved(t_, n.corners, m);
        child.slices = slices_moved(t_, n.slices, m);
        child.flips = static_cast<uint16_t>(flips_moved(t_, n.flips, m));
        return child;
    }
    Probe locate(const Node &n) const { return table_.locate(n.corners, slices_of_masks(n.slices), n.flips); }
    Probe locate_inverse(const Packed &inv) const {
        const Coset c = coset_of(parts_, inv);
        return table_.locate(c.corners, slices_of_masks(c.slices), c.flips);
    }
    void prefetch(const Probe &p) const { __builtin_prefetch(table_.code_byte(p.code)); }
    int bound(const Probe &p) const { return table_.bound(p); }
    // Whether the node's cube is solved (its inverse is).
    bool solved(const Node &n) const { return std::memcmp(&n.inv, &solved_, sizeof solved_) == 0; }

private:
    const Coords &t_;
    const PieceParts &parts_;
    const H48Table &table_;
    const Packed solved_;
};

class Worker {
public:
    Worker(Shared &sh, const Reader &reader, const Node &root, bool reporting)
        : sh_(sh), r_(reader), root_(root), follow_(axis_maps().follow), maps_(inverse_maps()), reporting_(reporting) {}

    // Searches one unit: its prefix from the root, then the rest of the depth.
    void run(const Unit &u, int unit_index) {
        unit_ = unit_index;
        Node n = root_;
        int prev = -1, budget = sh_.depth;
        for (int k = 0; k < u.length; ++k) {
            const int m = u.moves[k];
            budget -= move_cost(sh_.options.metric, m);
            Node child = r_.moved(n, m);
            if (r_.bound(r_.locate(child)) > budget) return;
            child.inv = left_multiplied(maps_, n.inv, m);
            child.inv_bound = m % 3 == 1 ? n.inv_bound : static_cast<uint8_t>(r_.bound(r_.locate_inverse(child.inv)));
            if (child.inv_bound > budget) return;
            path_[k] = static_cast<uint8_t>(m);
            n = child;
            prev = m;
        }
        dfs(n, budget, prev, u.length);
    }
    void flush() { sh_.nodes.fetch_add(std::exchange(nodes_, 0), std::memory_order_relaxed); }

private:
    // True when the search of this unit is to end. The children that pass both bounds are searched in
    // move order.
    bool dfs(const Node &n, int budget, int prev, int at) {
        if (++nodes_ % kPollNodes == 0 && poll_due(sh_, unit_, nodes_, reporting_)) return true;
        if (budget == 0) return r_.solved(n) && record_solution(sh_, unit_, path_, at);
        Node kids[kMoveCount];
        uint8_t which[kMoveCount];
        const int count = n.inv_bound >= budget ? children_inverse_first(n, budget, prev, kids, which)
                                                : children_normal_first(n, budget, prev, kids, which);
        for (int i = 0; i < count; ++i) {
            path_[at] = which[i];
            if (dfs(kids[i], budget - move_cost(sh_.options.metric, which[i]), which[i], at + 1)) return true;
        }
        return false;
    }

    // The children of `n` that pass both bounds, in move order, with their inverses and the inverses'
    // bounds; their count. Every child's entry is located and prefetched, then read; then the inverses of
    // those that pass likewise (a half turn keeps the inverse's coset: its bound is the node's, and when
    // that leaves no room the half turns are not tried).
    int children_normal_first(const Node &n, int budget, int prev, Node *kids, uint8_t *which) const {
        const Metric metric = sh_.options.metric;
        Node cand[kMoveCount];
        Probe probes[kMoveCount];
        uint8_t moves_of[kMoveCount];
        int count = 0;
        for (uint32_t moves = follow_[prev + 1]; moves; moves &= moves - 1) {
            const int m = __builtin_ctz(moves);
            const int rest = budget - move_cost(metric, m);
            if (rest < 0 || (m % 3 == 1 && n.inv_bound > rest)) continue;
            cand[count] = r_.moved(n, m);
            probes[count] = r_.locate(cand[count]);
            r_.prefetch(probes[count]);
            moves_of[count++] = static_cast<uint8_t>(m);
        }
        int kept = 0;
        for (int i = 0; i < count; ++i)
            if (r_.bound(probes[i]) <= budget - move_cost(metric, moves_of[i])) {
                cand[kept] = cand[i];
                moves_of[kept++] = moves_of[i];
            }
        for (int i = 0; i < kept; ++i) {
            cand[i].inv = left_multiplied(maps_, n.inv, moves_of[i]);
            if (moves_of[i] % 3 == 1) continue;
            probes[i] = r_.locate_inverse(cand[i].inv);
            r_.prefetch(probes[i]);
        }
        int passed = 0;
        for (int i = 0; i < kept; ++i) {
            const int m = moves_of[i];
            cand[i].inv_bound = m % 3 == 1 ? n.inv_bound : static_cast<uint8_t>(r_.bound(probes[i]));
            if (cand[i].inv_bound > budget - move_cost(metric, m)) continue;
            kids[passed] = cand[i];
            which[passed++] = static_cast<uint8_t>(m);
        }
        return passed;
    }

    // The same when the node's inverse bound leaves no room (no half turn can follow): the inverse's
    // entry first, one for each face (first_of_face()), then the entries of the quarter turns whose face
    // passed.
    int children_inverse_first(const Node &n, int budget, int prev, Node *kids, uint8_t *which) const {
        const uint32_t allowed = follow_[prev + 1] & kQuarterTurns;
        Probe face_probes[kFaces];
        Packed face_inverses[kFaces];
        for (uint32_t moves = allowed; moves; moves &= moves - 1) {
            const int m = __builtin_ctz(moves);
            if (!first_of_face(allowed, m)) continue;
            const int face = m / 3;
            face_inverses[face] = left_multiplied(maps_, n.inv, m);
            face_probes[face] = r_.locate_inverse(face_inverses[face]);
            r_.prefetch(face_probes[face]);
        }
        uint8_t face_bound[kFaces] = {};
        Node cand[kMoveCount];
        Probe probes[kMoveCount];
        uint8_t moves_of[kMoveCount];
        int count = 0;
        for (uint32_t moves = allowed; moves; moves &= moves - 1) {
            const int m = __builtin_ctz(moves);
            const int face = m / 3;
            if (first_of_face(allowed, m)) face_bound[face] = static_cast<uint8_t>(r_.bound(face_probes[face]));
            if (face_bound[face] > budget - 1) continue;
            cand[count] = r_.moved(n, m);
            probes[count] = r_.locate(cand[count]);
            r_.prefetch(probes[count]);
            moves_of[count++] = static_cast<uint8_t>(m);
        }
        int passed = 0;
        for (int i = 0; i < count; ++i) {
            const int m = moves_of[i];
            if (r_.bound(probes[i]) > budget - 1) continue;
            const int face = m / 3;
            kids[passed] = cand[i];
            kids[passed].inv = first_of_face(allowed, m) ? face_inverses[face] : left_multiplied(maps_, n.inv, m);
            kids[passed].inv_bound = face_bound[face];
            which[passed++] = static_cast<uint8_t>(m);
        }
        return passed;
    }

    Shared &sh_;
    const Reader &r_;
    const Node &root_;
    const uint32_t *follow_;  // [prev + 1]: the moves that may follow prev (-1: none)
    const InverseMaps &maps_;
    bool reporting_;
    int unit_ = 0;
    uint64_t nodes_ = 0;
    uint8_t path_[kGodsNumberQtm + 2] = {};
};

}  // namespace

void solve(const twophase::Tables &tables, const H48Table &table, const CubieCube &cube, const Options &options,
           Result &result) {
    result = Result{};
    result.h48_table = true;
    check_request(cube, options);
    if (table.layout().classes != kCornerClasses)
        throw Error(CUBE_ERROR_INTERNAL, "optimal: an H48 table without every corner class");
    const Reader reader(table);
    const CubieCube inverse = cube.inverse();
    // The cube or its inverse, whichever the table bounds higher at the root (as in optimal::solve()).
    Node root = reader.node(cube);
    const int own = reader.bound(reader.locate(root)), other = root.inv_bound;
    const bool use_inverse = other > own;
    if (use_inverse) root = reader.node(inverse);
    const SymmetryCut cut = options.all_solutions ? SymmetryCut() : SymmetryCut(use_inverse ? inverse : cube);
    Shared sh(options, cut);
    result.lower_bound = std::max(own, other);
    search_depths(sh, tables, cube, use_inverse,
                  [&](bool reporting) { return Worker(sh, reader, root, reporting); }, result);
}

}  // namespace lc::optimal::h48
