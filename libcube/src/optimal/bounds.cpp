#include "optimal/bounds.hpp"

#include <algorithm>
#include <stdexcept>

#include "twophase/coord.hpp"
#include "twophase/symmetry.hpp"

namespace lc::optimal {
namespace {

using twophase::kMoves;

AxisMaps build_maps() {
    const twophase::Symmetries &s = twophase::symmetries();
    AxisMaps a{};
    a.rot[0] = CubieCube::solved();
    for (int r = 1; r < kAxes; ++r) a.rot[r] = twophase::sym_multiply(a.rot[r - 1], s.urf3);
    for (int r = 0; r < kAxes; ++r) {
        a.rot_inv[r] = CubieCube::solved();
        for (int k = 0; k < 2 * r; ++k) a.rot_inv[r] = twophase::sym_multiply(a.rot_inv[r], s.urf3);  // urf3^3 = 1
        for (int m = 0; m < kMoves; ++m) {
            int found = twophase::conjugate_move(m, a.rot[r], a.rot_inv[r]);
            a.to_axis[r][m] = static_cast<uint8_t>(found);
            a.face_back[r][found / 3] = static_cast<uint8_t>(m / 3);
            if (found / 3 % 3 == 0) {  // faces U = 0 and D = 3
                a.turn_axis[m] = static_cast<uint8_t>(r);
                a.axis_moves[r] |= 1u << m;
            }
        }
    }
    for (int prev = -1; prev < kMoves; ++prev) {
        uint32_t mask = 0;
        for (int m = 0; m < kMoves; ++m)
            if (twophase::may_follow(prev, m)) mask |= 1u << m;
        a.follow[prev + 1] = mask;
    }
    return a;
}

// The exact distance of a child from its parent's d and its mod-3 entry (a move changes it by at most 1).
inline int step_distance(int d, int mod3) {
    int diff = (mod3 - d % 3 + 3) % 3;  // 0: same, 1: one further, 2: one closer
    return diff == 0 ? d : diff == 1 ? d + 1 : d - 1;
}

}  // namespace

const AxisMaps &axis_maps() {
    static const AxisMaps maps = build_maps();  // built once, on first use, safe from any thread
    return maps;
}

Node Bounds::root(const CubieCube &cube) const {
    Node n{};
    for (int r = 0; r < kAxes; ++r) {
        CubieCube c = twophase::conjugate(cube, maps_.rot[r], maps_.rot_inv[r]);
        n.flip[r] = static_cast<uint16_t>(twophase::flip_of(c));
        n.slice_sorted[r] = static_cast<uint16_t>(twophase::four_edges_of(c, twophase::kSliceEdges));
        n.twist[r] = static_cast<uint16_t>(twophase::twist_of(c));
        n.set[r] = static_cast<uint8_t>(corner_set_of(c));
        // Phase 1's goal holds the standard table's: its distance is a bound there too.
        int d = t_.phase1_distance(n.flip[r], n.slice_sorted[r], n.twist[r]);
        if (d < 0) throw std::logic_error("optimal: the pruning table is inconsistent");
        AxisCoords at{n.flip[r], static_cast<uint16_t>(n.slice_sorted[r] / 24), n.twist[r], n.set[r]};
        if (std_) d = std::max(d, table_bound(at));
        if (small_) n.small[r] = static_cast<uint8_t>(table_bound(at));
        n.dist[r] = static_cast<uint8_t>(d);
        n.entry[r] = t_.prune1[t_.phase1_index(n.flip[r], n.slice_sorted[r], n.twist[r])];
        n.sym[r] = t_.phase1_sym(n.flip[r], n.slice_sorted[r]);
    }
    n.corners = static_cast<uint16_t>(twophase::corners_of(cube));
    n.corner_dist = static_cast<uint8_t>(t_.corner_distance(n.corners, n.twist[0]));
    n.inv = pack(cube.inverse());
    for (int r = 0; r < kAxes && probes_inverse(); ++r)
        n.inv_dist[r] = static_cast<uint8_t>(table_bound(axis_coords(inverse_, n.inv, r)));
    return n;
}

uint64_t Bounds::table_index(const AxisCoords &at) const {
    uint32_t cs = hot_.fs_classsym[at.slice_pos * twophase::kFlip + at.flip];
    return table()->index_of(hot_.twist_conj, cs, at.twist, at.set);
}

int Bounds::table_bound(const AxisCoords &at) const { return table()->bound(table_index(at)); }

void Bounds::start_axis(const Node &p, int m, Node &c, int r, uint64_t index[kProbes]) const {
    int mr = maps_.to_axis[r][m];
    c.set[r] = sets_.move[p.set[r]][mr];
    c.flip[r] = hot_.flip_move[p.flip[r] * kMoves + mr];
    c.slice_sorted[r] = hot_.slice_move[p.slice_sorted[r] * kMoves + mr];
    c.twist[r] = hot_.twist_move[p.twist[r] * kMoves + mr];
    index[r] = c.slice_sorted[r] / 24 * twophase::kFlip + c.flip[r];  // the flipslice, for locate
    __builtin_prefetch(hot_.fs_classsym + index[r]);
}

void Bounds::prefetch_corners(const Node &p, int m, Node &c, uint64_t index[kProbes]) const {
    c.corners = hot_.corners_move[p.corners * kMoves + m];
    index[kAxes] = hot_.corner_index(c.corners, c.twist[0]);
    __builtin_prefetch(hot_.corner_dist + (index[kAxes] >> 1));
}

bool Bounds::corners_allow(Node &c, const uint64_t index[kProbes], int budget) const {
    c.corner_dist = static_cast<uint8_t>(twophase::Tables::nibble(hot_.corner_dist, index[kAxes]));
    return c.corner_dist <= budget;
}

void Bounds::locate(Node &c, int r, uint64_t index[kProbes], int budget) const {
    uint32_t cs = hot_.fs_classsym[index[r]];
    c.sym[r] = static_cast<uint8_t>(cs & 15);
    if (std_) {
        index[r] = std_->index_of(hot_.twist_conj, cs, c.twist[r], c.set[r]);
        __builtin_prefetch(std_->byte_of(index[r]));
        return;
    }
    index[r] = (cs >> 4) * twophase::kTwist + hot_.twist_conj[c.twist[r] * 16 + (cs & 15)];
    __builtin_prefetch(t_.prune1 + index[r]);
    if (small_ && budget <= kSmallFrom) {
        // The same block as prune1's entry: (class, twist conjugated into its frame).
        index[kAxes + 1 + r] = small_->index_of(hot_.twist_conj, cs, c.twist[r], c.set[r]);
        __builtin_prefetch(small_->byte_of(index[kAxes + 1 + r]));
    }
}

bool Bounds::finish(const Node &p, Node &c, int r, const uint64_t index[kProbes], int budget) const {
    if (std_) {
        // A move changes a distance by at most one: the parent's bound less one bounds the child.
        int d = std::max(std_->bound(index[r]), p.dist[r] - 1);
        c.dist[r] = static_cast<uint8_t>(d);
        c.small[r] = 0;
        return d <= budget;
    }
    uint8_t e = t_.prune1[index[r]];
    int d = step_distance(p.dist[r], e & 3);
    c.dist[r] = static_cast<uint8_t>(d);
    c.entry[r] = e;
    c.small[r] = small_ && budget <= kSmallFrom ? static_cast<uint8_t>(small_->bound(index[kAxes + 1 + r])) : 0;
    return std::max<int>(d, c.small[r]) <= budget;
}

void Bounds::start_inverse(const Node &c, int r, AxisCoords &at) const {
    at = axis_coords(inverse_, c.inv, r);
    __builtin_prefetch(hot_.fs_classsym + at.slice_pos * twophase::kFlip + at.flip);
}

void Bounds::locate_inverse(const AxisCoords &at, int r, uint64_t index[kProbes]) const {
    index[r] = table_index(at);
    __builtin_prefetch(table()->byte_of(index[r]));
}

bool Bounds::finish_inverse(Node &c, int r, const uint64_t index[kProbes], int budget) const {
    int d = table()->bound(index[r]);
    c.inv_dist[r] = static_cast<uint8_t>(d);
    return d <= budget;
}

void Bounds::probe_order(const Node &n, int m, uint8_t order[kAxes]) const {
    for (int k = 0; k < kAxes; ++k) {
        auto r = static_cast<uint8_t>((maps_.turn_axis[m] + k) % kAxes);
        int at = k;
        for (; at > 0 && n.dist[order[at - 1]] < n.dist[r]; --at) order[at] = order[at - 1];
        order[at] = r;
    }
}

uint32_t Bounds::moves_to_try(const Node &n, int budget, int prev) const {
    uint32_t mask = maps_.follow[prev + 1];
    for (int r = 0; r < kAxes; ++r) {
        if (n.dist[r] != budget || budget == 0 || std_) continue;  // the standard table has no turn flags
        uint32_t closer = t_.closer_moves(n.entry[r], n.sym[r]);
        uint32_t back = 0;
        for (int f = 0; f < 6; ++f)
            if (closer >> (3 * f) & 7) back |= 7u << (3 * maps_.face_back[r][f]);
        mask &= back;
    }
    return mask;
}

int Bounds::bound(const Node &n) {
    int axes = 0;
    for (int r = 0; r < kAxes; ++r) axes = std::max<int>({axes, n.dist[r], n.small[r]});
    if (axes > 0 && !axes_allow(n, axes)) ++axes;
    return std::max<int>(axes, n.corner_dist);
}

bool Bounds::solved(const Node &n) {
    for (int r = 0; r < kAxes; ++r)
        if (n.slice_sorted[r] != 0) return false;  // the three slices cover all 12 edges
    return n.flip[0] == 0 && n.corners == 0 && n.twist[0] == 0;
}

}  // namespace lc::optimal
