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
    uint16_t edges;    // esep
    uint16_t flips;    // 12 bits
    uint8_t inv_bound;
    Packed inv;
};

using Probe = H48Table::Entry;

// The coordinates' moves and the table's reads.
class Reader {
public:
    explicit Reader(const H48Table &table) : t_(coords()), table_(table), solved_(pack(CubieCube::solved())) {}

    Node node(const CubieCube &c) const {
        const CubieCube inverse = c.inverse();
        Node n{static_cast<uint32_t>(cocsep(c)), static_cast<uint16_t>(esep(c)), static_cast<uint16_t>(flips(c)), 0,
               pack(inverse)};
        n.inv_bound = static_cast<uint8_t>(bound(locate_inverse(n.inv)));
        return n;
    }
    // The coordinates after move m (the inverse is the worker's to update).
    Node moved(const Node &n, int m) const {
        Node child;
        child.corners = t_.cocsep_move[size_t(n.corners) * kMoves + size_t(m)];
        child.edges = t_.esep_move[size_t(m) * kEsep + n.edges];
        child.flips = t_.flips_move[size_t(n.flips) * kMoves + size_t(m)];
        return child;
    }
    Probe locate(const Node &n) const { return table_.locate(n.corners, n.edges, n.flips); }
    Probe locate_inverse(const Packed &inv) const {
        CubieCube c = CubieCube::solved();
        for (int i = 0; i < kCorners; ++i) {
            c.cp[static_cast<size_t>(i)] = inv.c[i] & 7;
            c.co[static_cast<size_t>(i)] = inv.c[i] >> 3;
        }
        for (int i = 0; i < kEdges; ++i) {
            c.ep[static_cast<size_t>(i)] = inv.e[i] & 15;
            c.eo[static_cast<size_t>(i)] = inv.e[i] >> 4;
        }
        return table_.locate(static_cast<uint32_t>(cocsep(c)), static_cast<uint32_t>(esep(c)),
                             static_cast<unsigned>(flips(c)));
    }
    void prefetch(const Probe &p) const { __builtin_prefetch(table_.code_byte(p.code)); }
    int bound(const Probe &p) const { return table_.bound(p); }
    // Whether the node's cube is solved (its inverse is).
    bool solved(const Node &n) const { return std::memcmp(&n.inv, &solved_, sizeof solved_) == 0; }

private:
    const Coords &t_;
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
    // True when the search of this unit is to end. Every child's entry is located and prefetched, then
    // read; the inverses of those that pass likewise (a half turn keeps the inverse's coset: its bound is
    // the node's, and when that leaves no room the half turns are not tried); then the survivors are
    // searched in move order.
    bool dfs(const Node &n, int budget, int prev, int at) {
        if (++nodes_ % kPollNodes == 0 && poll_due(sh_, unit_, nodes_, reporting_)) return true;
        if (budget == 0) return r_.solved(n) && record_solution(sh_, unit_, path_, at);
        const Metric metric = sh_.options.metric;
        Node kids[kMoveCount];
        Probe probes[kMoveCount];
        uint8_t which[kMoveCount];
        int count = 0;
        for (uint32_t moves = follow_[prev + 1]; moves; moves &= moves - 1) {
            const int m = __builtin_ctz(moves);
            const int rest = budget - move_cost(metric, m);
            if (rest < 0 || (m % 3 == 1 && n.inv_bound > rest)) continue;
            kids[count] = r_.moved(n, m);
            probes[count] = r_.locate(kids[count]);
            r_.prefetch(probes[count]);
            which[count++] = static_cast<uint8_t>(m);
        }
        int alive[kMoveCount];
        int kept = 0;
        for (int i = 0; i < count; ++i)
            if (r_.bound(probes[i]) <= budget - move_cost(metric, which[i])) alive[kept++] = i;
        for (int j = 0; j < kept; ++j) {
            const int i = alive[j];
            kids[i].inv = left_multiplied(maps_, n.inv, which[i]);
            if (which[i] % 3 == 1) continue;
            probes[i] = r_.locate_inverse(kids[i].inv);
            r_.prefetch(probes[i]);
        }
        for (int j = 0; j < kept; ++j) {
            const int i = alive[j];
            kids[i].inv_bound = which[i] % 3 == 1 ? n.inv_bound : static_cast<uint8_t>(r_.bound(probes[i]));
        }
        for (int j = 0; j < kept; ++j) {
            const int i = alive[j];
            const int rest = budget - move_cost(metric, which[i]);
            if (kids[i].inv_bound > rest) continue;
            path_[at] = which[i];
            if (dfs(kids[i], rest, which[i], at + 1)) return true;
        }
        return false;
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
