// Lower bounds of a search node from the standard table, or else the two-phase tables, probed on three
// axes (README.md).
#pragma once
#include <algorithm>
#include <cstdint>

#include "cubie.hpp"
#include "optimal/hot_tables.hpp"
#include "optimal/inverse.hpp"
#include "optimal/std_table.hpp"
#include "twophase/tables.hpp"

namespace lc::optimal {

constexpr int kAxes = 3;
// Table entries a child reads: prune1 (or the standard table) on each axis, corner_dist, and with the
// small table its entry on each axis (index kAxes + 1 + r).
constexpr int kProbes = 2 * kAxes + 1;

// What the search keeps of a cube: per axis (the cube conjugated by urf3^r) the phase-1 coordinates
// and their exact phase-1 distance (with the standard table: the corner set too, and a lower bound of
// the distance in that table), the prune1 entry and symmetry that give the turns getting closer (prune1
// only); the corner permutation in the cube's own frame (the twist is axis 0's). With the small table
// (beside prune1's exact distances) its bound on each axis where it was read (0 or kSmallFrom). With
// either table also the inverse cube and its bounds on the three axes.
struct Node {
    uint16_t flip[kAxes], slice_sorted[kAxes], twist[kAxes];
    uint8_t set[kAxes];
    uint8_t dist[kAxes];
    uint8_t entry[kAxes], sym[kAxes];
    uint16_t corners;
    uint8_t corner_dist;
    uint8_t small[kAxes];
    uint8_t inv_dist[kAxes];
    Packed inv;
};

// Moves and faces of the cube seen from the three axes, built once from the symmetry code.
struct AxisMaps {
    uint8_t to_axis[kAxes][twophase::kMoves];  // move m of the cube is move to_axis[r][m] on axis r
    uint8_t face_back[kAxes][6];               // face f on axis r is the cube's face face_back[r][f]
    uint8_t turn_axis[twophase::kMoves];       // the axis on which move m turns the U or D face
    uint32_t axis_moves[kAxes];                // the moves that turn the U or D face of axis r
    uint32_t follow[twophase::kMoves + 1];     // [prev + 1]: the moves that may follow prev (-1: none)
    CubieCube rot[kAxes], rot_inv[kAxes];      // urf3^r and its inverse
};
const AxisMaps &axis_maps();

class Bounds {
public:
    // With `std` (may be nullptr) a table of the optimal solver: the standard one's distances replace
    // prune1's; the small one's entries are read beside prune1's where they can prune (README.md,
    // "Small table"). Then the small tables read per child are copied into huge pages (a few ms; the
    // search then takes seconds).
    Bounds(const twophase::Tables &t, const StdTable *std)
        : t_(t), std_(std && std->layout().bits == 3 ? std : nullptr),
          small_(std && std->layout().bits == 1 ? std : nullptr), maps_(axis_maps()), sets_(corner_sets()),
          inverse_(inverse_maps()), hot_(t, std != nullptr) {}

    // Whether children are probed on the inverse as well (with a table of the optimal solver only:
    // prune1's distances mod 3 cannot be carried over the left multiplication a move is to the inverse).
    bool probes_inverse() const { return std_ || small_; }
    // The most moves left at which the inverse's entries can still prune a child (by its largest
    // bound, or by three equal ones); above it the inverse is not read.
    int inverse_reach() const { return table()->layout().top(); }
    // Whether a child with `left` moves left is probed on the inverse's axes before the cube's: with
    // the standard table and at most 10 left, where an inverse entry prunes unless it is at most 10
    // (68% of the entries are more), and the cube's axes below the parent's budget prune 35-54%.
    bool inverse_first(int left) const { return std_ && left <= kInverseFirstFrom; }
    static constexpr int kInverseFirstFrom = 10;

    // The node of a valid cube: on each axis the exact phase-1 distance (found by walking down to phase
    // 1's goal), with the standard table the larger of that and its entry's bound, and the inverse's bounds.
    Node root(const CubieCube &cube) const;

    // A step in parts, each done for all children before the next, so that several children wait for
    // memory together, and probe by probe, so that a child one probe prunes costs no more work. First:
    // the coordinates of `parent` after move m on axis r (in index[r] the flipslice whose symmetry
    // class is to be looked up, prefetched).
    void start_axis(const Node &parent, int m, Node &child, int r, uint64_t index[kProbes]) const;
    // The child's corners and its corner_dist entry, located and prefetched (a small table, but
    // pruning little: read last, for the children the big table leaves; needs axis 0's coordinates).
    void prefetch_corners(const Node &parent, int m, Node &child, uint64_t index[kProbes]) const;
    // The child's corner distance; false when it exceeds `budget` moves.
    bool corners_allow(Node &child, const uint64_t index[kProbes], int budget) const;
    // Axis r's prune1 or standard-table entry to read, in index[r] (prefetched; after start_axis), and
    // the small table's when it can prune with `budget` moves left.
    void locate(Node &child, int r, uint64_t index[kProbes], int budget) const;
    // Axis r's distance of `child` (exact with prune1, a lower bound with the standard table); false
    // when it (or the small table's bound) exceeds `budget` moves.
    bool finish(const Node &parent, Node &child, int r, const uint64_t index[kProbes], int budget) const;

    // The inverse's probes, after the cube's own (probes_inverse()). The child's inverse cube from its
    // parent's (the inverse of c m is m^-1 c^-1).
    void invert_step(const Node &parent, int m, Node &child) const {
        child.inv = left_multiplied(inverse_, parent.inv, m);
    }
    // The inverse's coordinates on axis r, its flipslice's class entry prefetched.
    void start_inverse(const Node &child, int r, AxisCoords &at) const;
    // Axis r's standard-table entry of the inverse, located and prefetched, in index[r].
    void locate_inverse(const AxisCoords &at, int r, uint64_t index[kProbes]) const;
    // The inverse's bound on axis r; false when it exceeds `budget` moves (a solution of the cube,
    // reversed and inverted, solves the inverse in as many moves).
    bool finish_inverse(Node &child, int r, const uint64_t index[kProbes], int budget) const;
    // The axes in the order to probe the child of `n` by move m: the one whose distance is largest
    // first (a child passes an axis whose distance is the whole budget only by getting closer: about
    // 83% of those probes prune, 35-54% of those one below), among equal ones first the axis on which
    // m turns the U or D face.
    void probe_order(const Node &n, int m, uint8_t order[kAxes]) const;

    // The moves worth trying from `n` with `budget` moves left after prev: on an axis whose phase-1
    // distance is the whole budget, only turns of the faces that get closer there.
    uint32_t moves_to_try(const Node &n, int budget, int prev) const;

    // Whether the axes' distances leave room for a solution in `budget` moves: not when all three equal
    // it (README.md, "Three equal distances").
    static bool axes_allow(const Node &n, int budget) {
        uint8_t b[kAxes];
        for (int r = 0; r < kAxes; ++r) b[r] = std::max(n.dist[r], n.small[r]);
        return allow(b, budget);
    }
    // The same for the inverse's bounds.
    static bool inverse_axes_allow(const Node &n, int budget) { return allow(n.inv_dist, budget); }
    // The largest of the node's bounds (with the one above).
    static int bound(const Node &n);
    // Whether the node is the solved cube (edges oriented and all three slices sorted, corners solved).
    static bool solved(const Node &n);

private:
    static bool allow(const uint8_t dist[kAxes], int budget) {
        return budget == 0 || std::min({dist[0], dist[1], dist[2]}) < budget;
    }
    // The optimal solver's table in use: the standard one, else the small one.
    const StdTable *table() const { return std_ ? std_ : small_; }
    // Its entry index, and its bound, of a view's coordinates.
    uint64_t table_index(const AxisCoords &at) const;
    int table_bound(const AxisCoords &at) const;

    const twophase::Tables &t_;
    const StdTable *std_;    // the standard table
    const StdTable *small_;  // or the small one
    const AxisMaps &maps_;
    const CornerSets &sets_;
    const InverseMaps &inverse_;
    HotTables hot_;
};

}  // namespace lc::optimal
