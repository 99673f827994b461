// IDA* with the standard or small table, or the two-phase tables alone, as bounds: the worker that
// search_driver.hpp's depth loop gives each unit (the cube's three axes and the inverse's, per child).
#include <algorithm>
#include <utility>
#include <vector>

#include "optimal/bounds.hpp"
#include "optimal/h48_search.hpp"
#include "optimal/lookahead.hpp"
#include "optimal/search_driver.hpp"

namespace lc::optimal {
namespace {

// The children of a node being expanded, probed in rounds (each child's axes in its probe order, the
// corners after the last, then the inverse's axes; the inverse's first where Bounds::inverse_first says
// so), each round for the children still alive: a child one probe prunes is read no further, and the
// reads of a round are in flight together. An axis's class entry is looked up only for the children the
// previous axis left: looking it up ahead for every child (to overlap it with the previous axis's read)
// cost more than it hid (README "Where the time goes").
struct Children {
    int count = 0, alive_count = 0;
    int round = 0;  // probing rounds started (probes + 1: done)
    uint8_t which[twophase::kMoves];
    uint8_t alive[twophase::kMoves];
    uint8_t order[twophase::kMoves][kAxes];  // per child, as Bounds::probe_order gives
    Node child[twophase::kMoves];
    uint64_t index[twophase::kMoves][kProbes];
    AxisCoords inverse[twophase::kMoves];  // the inverse's coordinates on the axis being probed
    uint8_t inverse_order[kAxes];           // the inverse's axes in the order probed
    uint8_t kept_axis[twophase::kMoves];    // the inverse's axis whose bound the child has from its parent, or kAxes
    bool inverse_first = false;             // the inverse's axes are probed before the cube's
    // The cube's axis (0..2, in the child's order) or the inverse's (kAxes + 0..2) probed in round p.
    int probe_of(int p) const { return inverse_first ? (p + kAxes) % (2 * kAxes) : p; }
};

class Worker : public Lookahead<Worker, Node> {
public:
    Worker(Shared &sh, const Bounds &bounds, const Node &root, bool reporting)
        : Lookahead(sh, reporting), bounds_(bounds), root_(root), maps_(axis_maps()),
          probes_(bounds.probes_inverse() ? 2 * kAxes : kAxes) {}

    // Searches one unit: its prefix from the root, then the rest of the depth.
    void run(const Unit &u, int unit_index) {
        unit_ = unit_index;
        Node n = root_;
        int prev = -1, budget = sh_.depth;
        for (int k = 0; k < u.length; ++k) {
            Node child{};
            uint64_t index[kProbes];
            budget -= move_cost(sh_.options.metric, u.moves[k]);
            for (int r = 0; r < kAxes; ++r) {
                bounds_.start_axis(n, u.moves[k], child, r, index);
                bounds_.locate(child, r, index, budget);
                if (!bounds_.finish(n, child, r, index, budget)) return;
            }
            if (!Bounds::axes_allow(child, budget)) return;
            bounds_.prefetch_corners(n, u.moves[k], child, index);
            if (!bounds_.corners_allow(child, index, budget)) return;
            bounds_.invert_step(n, u.moves[k], child);
            if (inverse_read(budget) && !probe_inverse(child, budget)) return;
            path_[k] = u.moves[k];
            n = child;
            prev = u.moves[k];
        }
        search_from(n, budget, prev, u.length);
    }

private:
    friend class Lookahead<Worker, Node>;
    static bool solved(const Node &n) { return Bounds::solved(n); }

    // The children of entries [begin, end) that pass every probe, appended to the arena in order (none
    // for a node with no moves left): the entries' probing rounds taken in step, so that each round's
    // reads of all of them are in flight together.
    void expand(uint32_t begin, uint32_t end) {
        const uint32_t count = end - begin;
        arena_.reserve(arena_.size() + size_t{count} * twophase::kMoves);
        if (children_.size() < count) children_.resize(count);
        for (uint32_t i = 0; i < count; ++i) {
            const Entry &e = arena_[begin + i];
            if (e.budget > 0) start(e.node, e.budget, prev_of(e), children_[i]);
        }
        for (int round = 0; round <= probes_; ++round) {
            for (uint32_t i = 0; i < count; ++i) {
                const Entry &e = arena_[begin + i];
                if (e.budget > 0 && children_[i].round <= probes_) probe_round_classes(e.node, e.budget, children_[i]);
            }
            for (uint32_t i = 0; i < count; ++i) {
                const Entry &e = arena_[begin + i];
                if (e.budget > 0 && children_[i].round <= probes_) probe_round_entries(e.node, e.budget, children_[i]);
            }
        }
        for (uint32_t i = 0; i < count; ++i) {
            const size_t first = arena_.size();
            const Entry parent = arena_[begin + i];
            const Children &c = children_[i];
            for (int j = 0; parent.budget > 0 && j < c.alive_count; ++j) {
                const int k = c.alive[j];
                const int left = parent.budget - move_cost(sh_.options.metric, c.which[k]);
                arena_.push_back(Entry{c.child[k], 0, 0, c.which[k], static_cast<int8_t>(left)});
            }
            arena_[begin + i].first = static_cast<uint32_t>(first);
            arena_[begin + i].count = static_cast<uint8_t>(arena_.size() - first);
        }
    }

    // Whether a node with `budget` moves left has its inverse's bounds (read when it was a child, or at
    // the root or in a unit's prefix).
    bool inverse_read(int budget) const { return probes_ > kAxes && budget <= bounds_.inverse_reach(); }

    // Probes a unit's prefix node on the inverse's three axes; false when they rule it out.
    bool probe_inverse(Node &n, int budget) const {
        uint64_t index[kProbes];
        for (int r = 0; r < kAxes; ++r) {
            AxisCoords at;
            bounds_.start_inverse(n, r, at);
            bounds_.locate_inverse(at, r, index);
            if (!bounds_.finish_inverse(n, r, index, budget)) return false;
        }
        return Bounds::inverse_axes_allow(n, budget);
    }

    // A move that turns the U or D face of axis r leaves the inverse's coordinates on r as they were
    // (README "Inverse probes"): the child's bound there is the node's, and when that exceeds what the
    // child has left, the move is not tried.
    // A move costs 1, a half turn 2 in QTM.
    uint32_t inverse_rules_out(const Node &n, int budget) const {
        if (!inverse_read(budget)) return 0;
        uint32_t out = 0;
        for (int r = 0; r < kAxes; ++r) {
            if (n.inv_dist[r] >= budget)
                out |= maps_.axis_moves[r];
            else if (sh_.options.metric == Metric::kQtm && n.inv_dist[r] + 1 >= budget)
                out |= maps_.axis_moves[r] & ~kQuarterTurns;
        }
        return out;
    }

    // Lists the children of n worth probing (the moves the bounds leave), each with its probe order.
    // expand() then probes them in rounds.
    void start(const Node &n, int budget, int prev, Children &c) const {
        uint32_t moves = bounds_.moves_to_try(n, budget, prev) & ~inverse_rules_out(n, budget);
        if (sh_.options.metric == Metric::kQtm && budget == 1) moves &= kQuarterTurns;
        c.count = 0;
        const bool kept = inverse_read(budget);
        for (uint32_t left = moves; left; left &= left - 1) {
            int m = __builtin_ctz(left);
            c.kept_axis[c.count] = kept ? maps_.turn_axis[m] : kAxes;
            bounds_.probe_order(n, m, c.order[c.count]);
            c.which[c.count++] = static_cast<uint8_t>(m);
        }
        c.inverse_first = kept && bounds_.inverse_first(budget - 1);
        c.round = 0;
    }

    // One probing round, in two steps (expand() takes each step for all its nodes before the next):
    // the reads of the last round decide which children stay alive, and the next probe's class entries
    // are located and prefetched for them; then its table entries (with the cube's last axis, the corner
    // table's too: it prunes few children).
    void probe_round_classes(const Node &n, int budget, Children &c) const {
        const Bounds &b = bounds_;
        int kept = 0;
        for (int i = 0; i < (c.round == 0 ? c.count : c.alive_count); ++i) {
            int k = c.round == 0 ? i : c.alive[i];
            if (c.round > 0 &&
                !probe_allows(n, c, k, c.probe_of(c.round - 1), budget - move_cost(sh_.options.metric, c.which[k])))
                continue;
            c.alive[kept++] = static_cast<uint8_t>(k);
        }
        c.alive_count = kept;
        if (c.round >= probes_ || kept == 0) {
            c.round = probes_ + 1;
            return;
        }
        const int probe = c.probe_of(c.round);
        auto left = [&](int k) { return budget - move_cost(sh_.options.metric, c.which[k]); };
        if (probe < kAxes) {
            for (int i = 0; i < kept; ++i) {
                int k = c.alive[i];
                b.start_axis(n, c.which[k], c.child[k], c.order[k][probe], c.index[k]);
            }
        } else {
            if (probe == kAxes) inverse_order(n, c.inverse_order);
            const int r = c.inverse_order[probe - kAxes];
            for (int i = 0; i < kept; ++i) {
                int k = c.alive[i];
                if (probe == kAxes) b.invert_step(n, c.which[k], c.child[k]);
                if (reads_inverse(c, k, r, left(k))) b.start_inverse(c.child[k], r, c.inverse[k]);
            }
        }
    }
    void probe_round_entries(const Node &n, int budget, Children &c) const {
        const Bounds &b = bounds_;
        const int probe = c.probe_of(c.round);
        auto left = [&](int k) { return budget - move_cost(sh_.options.metric, c.which[k]); };
        for (int i = 0; i < c.alive_count; ++i) {
            int k = c.alive[i];
            if (probe < kAxes) {
                b.locate(c.child[k], c.order[k][probe], c.index[k], left(k));
                if (probe + 1 == kAxes) b.prefetch_corners(n, c.which[k], c.child[k], c.index[k]);
            } else {
                const int r = c.inverse_order[probe - kAxes];
                if (reads_inverse(c, k, r, left(k))) b.locate_inverse(c.inverse[k], r, c.index[k]);
            }
        }
        ++c.round;
    }

    // The inverse's axes, the parent's largest bound first.
    static void inverse_order(const Node &n, uint8_t order[kAxes]) {
        for (int r = 0; r < kAxes; ++r) {
            int at = r;
            for (; at > 0 && n.inv_dist[order[at - 1]] < n.inv_dist[r]; --at) order[at] = order[at - 1];
            order[at] = static_cast<uint8_t>(r);
        }
    }

    // Whether child k's inverse is read on axis r: where its entries can prune, and not on the axis
    // whose bound it has from its parent.
    bool reads_inverse(const Children &c, int k, int r, int left) const {
        return left <= bounds_.inverse_reach() && c.kept_axis[k] != r;
    }

    // Whether child k passes probe p (read in the last round) with `left` moves left after it.
    bool probe_allows(const Node &n, Children &c, int k, int p, int left) const {
        const Bounds &b = bounds_;
        Node &child = c.child[k];
        if (p < kAxes) {
            if (!b.finish(n, child, c.order[k][p], c.index[k], left)) return false;
            return p + 1 < kAxes || (Bounds::axes_allow(child, left) && b.corners_allow(child, c.index[k], left));
        }
        const int r = c.inverse_order[p - kAxes];
        if (c.kept_axis[k] == r)
            child.inv_dist[r] = n.inv_dist[r];  // not more than `left`: inverse_rules_out
        else if (left > b.inverse_reach())
            return true;  // not read: its entries cannot prune there
        else if (!b.finish_inverse(child, r, c.index[k], left))
            return false;
        return p + 1 < 2 * kAxes || Bounds::inverse_axes_allow(child, left);
    }

    const Bounds &bounds_;
    const Node &root_;
    const AxisMaps &maps_;
    int probes_;  // per child: the cube's axes, then (with the standard table) the inverse's
    std::vector<Children> children_;  // expand()'s, one a node
};

}  // namespace

void solve(const twophase::Tables &tables, const CubieCube &cube, const Options &options, Result &result) {
    if (options.h48) {
        h48::solve(tables, *options.h48, cube, options, result);
        return;
    }
    result = Result{};
    result.standard_table = options.table != nullptr && options.table->layout().bits == 3;
    result.small_table = options.table != nullptr && options.table->layout().bits == 1;
    check_request(cube, options);
    Bounds bounds(tables, options.table);
    // The cube or its inverse (the same length; a solution of one, reversed and inverted, solves the
    // other), whichever the tables bound higher at the root: its tree is usually the smaller one.
    CubieCube inverse = cube.inverse();
    Node root = bounds.root(cube), root_inverse = bounds.root(inverse);
    auto sum = [](const Node &n) { return n.dist[0] + n.dist[1] + n.dist[2] + n.corner_dist; };
    const bool use_inverse = Bounds::bound(root_inverse) > Bounds::bound(root) ||
                             (Bounds::bound(root_inverse) == Bounds::bound(root) && sum(root_inverse) > sum(root));
    if (use_inverse) root = root_inverse;
    // Every solution, or the first: then of a symmetric cube's first moves only the least of each orbit
    // under its symmetries (the first solution in move order is among them).
    const SymmetryCut cut = options.all_solutions ? SymmetryCut() : SymmetryCut(use_inverse ? inverse : cube);
    Shared sh(options, cut);
    result.lower_bound = Bounds::bound(root);
    search_depths(sh, tables, cube, use_inverse,
                  [&](bool reporting) { return Worker(sh, bounds, root, reporting); }, result);
}

}  // namespace lc::optimal
