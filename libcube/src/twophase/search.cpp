// The two-phase IDA* search over six variants of the cube (three axes, and the inverse).
#include <chrono>
#include <cstdio>
#include <stdexcept>

#include "error.hpp"
#include "twophase/near_layout.hpp"
#include "twophase/search_failure.hpp"
#include "twophase/solve_between.hpp"
#include "twophase/symmetry.hpp"
#include "twophase/tables.hpp"

namespace lc::twophase {
namespace {

using Clock = std::chrono::steady_clock;

constexpr int kMaxDepth = 32;

// Longest phase 2 tried (no limit: the search stays complete).
constexpr int kMaxPhase2 = kMaxDepth;
constexpr int kVariants = 6;
// No corner state needs more than 11 moves (the corner table's largest entry).
constexpr int kMaxCornerDistance = 11;
// Every cube has a solution of at most 20 moves, so larger limits change nothing beyond this one.
constexpr int kLengthCap = 24;

struct Variant {
    int rot;    // the cube was conjugated by urf3^rot
    bool inv;   // and then inverted
    int twist, flip, slice, corners, u_edges, d_edges;
    int dist1;  // phase-1 distance of the start
    uint8_t entry1;   // its phase-1 table entry
    uint8_t sym1;     // and symmetry
};

// move_back[r][m]: the move that is urf3^r * m * urf3^-r, taking a variant's move back to the cube's.
struct MoveBack {
    uint8_t m[3][kMoves];
    CubieCube rot[3], rot_inv[3];
    MoveBack() {
        const Symmetries &s = symmetries();
        rot[0] = rot_inv[0] = CubieCube::solved();
        for (int r = 1; r < 3; ++r) {
            rot[r] = sym_multiply(rot[r - 1], s.urf3);
        }
        rot_inv[1] = rot[2], rot_inv[2] = rot[1];
        for (int r = 0; r < 3; ++r)
            for (int k = 0; k < kMoves; ++k) {
                CubieCube back = conjugate(s.move_cube[k], rot_inv[r], rot[r]);
                m[r][k] = 0xff;
                for (int j = 0; j < kMoves; ++j)
                    if (s.move_cube[j] == back) m[r][k] = static_cast<uint8_t>(j);
                if (m[r][k] == 0xff) throw std::logic_error("twophase: rotated move is not a face turn");
            }
    }
};

const MoveBack &move_back() {
    static const MoveBack mb;
    return mb;
}

// Moves allowed after move p (index p + 1; 0 = no previous move), as may_follow says.
struct Successors {
    uint32_t mask[kMoves + 1];
    Successors() {
        for (int p = -1; p < kMoves; ++p) {
            mask[p + 1] = 0;
            for (int m = 0; m < kMoves; ++m)
                if (may_follow(p, m)) mask[p + 1] |= 1u << m;
        }
    }
};
const Successors kSuccessors;
constexpr uint32_t kPhase2Mask = 0x7 | 0x7 << 9 | 1u << 4 | 1u << 7 | 1u << 13 | 1u << 16;

// A candidate next node of phase 1: its coordinates and where its table entries are.
struct Child {
    uint8_t m, sym;
    uint16_t tw, fl, sl, co;
    uint32_t idx;   // flipslice until the node is ready, then the index in prune1
    uint32_t cidx;  // index in corner_dist
};

// A node of phase 1 being expanded: its children and which one is next.
struct Frame {
    int togo, dist, dist_mod3;
    bool corner_bound;  // whether the corner bound can cut any child
    int count, next;
    bool ready;  // false: the children's prune1 indices are still to be computed (see prepare)
    // With kNearDepth or fewer moves to go the node is in the near graph: its successors there are
    // its children, tried in move order from near_left; count, next and child[] are unused.
    uint32_t near;  // kNoNear for other frames
    uint32_t near_left;  // near frames: the moves still to try (bit m), once ready
    Child child[kMoves];
};

// One variant's depth-first phase-1 search at one depth, advanced one node at a time so that
// several of them can be interleaved: while one waits for memory, the others work.
struct Walker {
    const Variant *v;
    int top;  // depth of the node being expanded; -1 when the search is over
    uint8_t moves1[kMaxDepth], moves2[kMaxDepth];
    int twist[kMaxDepth + 1], flip[kMaxDepth + 1], slice[kMaxDepth + 1];
    int corners[kMaxDepth + 1], u_edges[kMaxDepth + 1], d_edges[kMaxDepth + 1];
    Frame frame[kMaxDepth + 1];
    // A phase-1 solution whose phase-2 table entry is being fetched: finished on the next turn.
    struct Leaf {
        bool active;
        int n, ud, lower;  // lower: the corner-slice bound
        uint64_t idx;      // in prune2
    } leaf;
};

// The moves node n of w may make: not after the same face (may_follow), and in the phase-2 group
// with few moves left, no phase-2 move (those belong to phase 2).
uint32_t allowed_moves(const Walker &w, int n, bool in_group, int togo) {
    uint32_t moves = kSuccessors.mask[n > 0 ? w.moves1[n - 1] + 1 : 0];
    return in_group && togo < 5 ? moves & ~kPhase2Mask : moves;
}

class Search {
public:
    Search(const Tables &t, const Options &o) : t_(t), opt_(o) {}

    void run(const CubieCube &cube, MoveList &out);  // throws lc::Error when it ends without a solution

private:
    void expand(Walker &w, int n, int togo, int dist, uint8_t entry, int sym);
    void expand_near(Walker &w, int n, int togo, uint32_t node);
    bool step_near(Walker &w, int n);
    void prepare(Frame &f);
    bool step(Walker &w);
    bool enter_phase2(Walker &w, int n);
    bool finish_phase2(Walker &w);
    bool phase2(Walker &w, int n1, int n2, int togo, int corners, int ud, int slice);
    bool every_phase2(Walker &w, int n1, int n2, int togo, int corners, int ud, int slice);
    template <class Visit>
    bool each_phase2_move(Walker &w, int n1, int n2, int togo, int corners, int ud, int slice, Visit visit);
    bool out_of_time();
    void record(const Walker &w, int n1, int n2);
    void moves_of(const Walker &w, int n1, int n2, MoveList &out) const;
    bool offer(const Walker &w, int n1, int n2);

    const Tables &t_;
    const Options &opt_;
    Clock::time_point deadline_;
    bool has_deadline_ = false;
    cube_status stop_ = CUBE_OK;  // CUBE_ERROR_TIMEOUT / CUBE_ERROR_CANCELLED once the search must end
    uint32_t ticks_ = 0;
    uint64_t nodes_ = 0;
    bool out_of_nodes_ = false;  // the node limit ended the search
    bool collected_ = false;     // the collector asked to stop

    Variant var_[kVariants];
    Walker walker_[kVariants];
    int best_len_ = 0;  // solutions must be shorter than this
    MoveList best_;
    MoveList offered_;  // the solution being passed to the collector
    bool found_ = false;
};

bool Search::out_of_time() {
    if (stop_ != CUBE_OK) return true;
    if (opt_.node_limit && ++nodes_ > opt_.node_limit) {
        out_of_nodes_ = true;
        stop_ = CUBE_ERROR_TIMEOUT;
        return true;
    }
    if ((++ticks_ & 1023) != 0) return false;
    if (opt_.stop && opt_.stop->stopped()) stop_ = CUBE_ERROR_CANCELLED;
    else if (has_deadline_ && Clock::now() >= deadline_) stop_ = CUBE_ERROR_TIMEOUT;
    return stop_ != CUBE_OK;
}

// Lists the children of node n worth a look and starts fetching their table entries.
void Search::expand(Walker &w, int n, int togo, int dist, uint8_t entry, int sym) {
    Frame &f = w.frame[n];
    f.togo = togo, f.dist = dist, f.dist_mod3 = dist % 3, f.next = 0;
    f.near = kNoNear;
    f.corner_bound = n + 1 + kMaxCornerDistance >= best_len_;
    uint32_t moves = allowed_moves(w, n, dist == 0, togo);
    // No move to spare: only the turns that the table says can bring the cube closer.
    if (togo == dist) moves &= t_.closer_moves(entry, sym);
    const int tw = w.twist[n], fl = w.flip[n], sl = w.slice[n];
    const uint16_t *corner_row = t_.corners_move + w.corners[n] * kMoves;
    // U/D edges are moved only for the children that pass both bounds (see step): most do not.
    __builtin_prefetch(t_.u_edges_move + w.u_edges[n] * kMoves);
    __builtin_prefetch(t_.d_edges_move + w.d_edges[n] * kMoves);
    int count = 0;
    // Children one move from the near graph are close enough exactly when they are in it: their node
    // is looked up instead of their prune1 entry.
    const bool to_near = togo == kNearDepth + 1;
    // First stage: everything that needs only this node's rows; the symmetry class of each child's
    // flipslice is fetched now and used on the walker's next turn (prepare), after the others ran.
    for (; moves; moves &= moves - 1) {
        int m = __builtin_ctz(moves);
        Child &c = f.child[count++];
        c.m = static_cast<uint8_t>(m);
        c.tw = t_.twist_move[tw * kMoves + m];
        c.fl = t_.flip_move[fl * kMoves + m];
        c.sl = t_.slice_move[sl * kMoves + m];
        if (to_near) {
            c.idx = near_key(c.tw, c.fl, c.sl / 24);
            __builtin_prefetch(t_.near_slots + 2 * near_hash(c.idx));
        } else {
            c.idx = c.sl / 24 * kFlip + c.fl;
            __builtin_prefetch(t_.fs_classsym + c.idx);
        }
        // Corners are followed for every child (the corner bound); what it needs next is fetched ahead.
        c.co = corner_row[m];
        if (f.corner_bound) {
            c.cidx = t_.corner_index(c.co, c.tw);
            __builtin_prefetch(t_.corner_dist + (c.cidx >> 1));
        }
        __builtin_prefetch(t_.corners_move + c.co * kMoves);
        __builtin_prefetch(t_.slice_move + c.sl * kMoves);
        if (!to_near) __builtin_prefetch(t_.flip_move + c.fl * kMoves);  // near nodes need no flip moves
    }
    f.ready = to_near;
    f.count = count;
}

// Second stage of expand: the children's prune1 indices, and their entries fetched ahead.
void Search::prepare(Frame &f) {
    for (int k = 0; k < f.count; ++k) {
        Child &c = f.child[k];
        uint32_t cs = t_.fs_classsym[c.idx];
        c.sym = cs & 15;
        c.idx = (cs >> 4) * kTwist + t_.twist_conj[c.tw * 16 + c.sym];
        __builtin_prefetch(t_.prune1 + c.idx);
    }
    f.ready = true;
}

// Advances walker w to its next node (expanding it) and returns; true when the search must stop.
bool Search::step(Walker &w) {
    // Child distance - dist, from (child distance mod 3) * 4 + (dist mod 3).
    static constexpr int8_t kStep[12] = {0, -1, 1, 0, 1, 0, -1, 0, -1, 1, 0, 0};
    if (out_of_time()) return true;
    if (w.leaf.active && finish_phase2(w)) return true;
    while (w.top >= 0) {
        const int n = w.top;
        Frame &f = w.frame[n];
        if (f.near != kNoNear) {
            if (step_near(w, n)) return true;
            if (w.top > n || w.leaf.active) return false;  // went down, or a table entry is on the way
            continue;
        }
        if (!f.ready) {
            prepare(f);
            return false;
        }
        if (f.next == f.count) {
            --w.top;
            continue;
        }
        const Child &c = f.child[f.next++];
        uint32_t node = kNoNear;
        uint8_t e = 0;
        int d = 0;
        if (f.togo == kNearDepth + 1) {
            node = t_.near_node(c.idx);
            if (node == kNoNear) continue;  // further than kNearDepth: no closer than this node
        } else {
            e = t_.prune1[c.idx];
            d = f.dist + kStep[(e & 3) * 4 + f.dist_mod3];
            if (d >= f.togo) continue;
        }
        // The corners alone need more moves than the whole solution may have left.
        if (f.corner_bound && n + 1 + Tables::nibble(t_.corner_dist, c.cidx) >= best_len_) continue;
        w.moves1[n] = c.m;
        w.twist[n + 1] = c.tw, w.flip[n + 1] = c.fl, w.slice[n + 1] = c.sl;
        w.corners[n + 1] = c.co;
        w.u_edges[n + 1] = t_.u_edges_move[w.u_edges[n] * kMoves + c.m];
        w.d_edges[n + 1] = t_.d_edges_move[w.d_edges[n] * kMoves + c.m];
        if (node != kNoNear) expand_near(w, n + 1, f.togo - 1, node);
        else expand(w, n + 1, f.togo - 1, d, e, c.sym);
        w.top = n + 1;
        return false;
    }
    return false;
}

void Search::expand_near(Walker &w, int n, int togo, uint32_t node) {
    Frame &f = w.frame[n];
    f.togo = togo, f.ready = false, f.near = node;
    const uint32_t *succ = t_.near_succ + node * kMoves;
    __builtin_prefetch(t_.near_moves + node);
    __builtin_prefetch(succ);
    __builtin_prefetch(succ + kMoves - 1);
    __builtin_prefetch(t_.corners_move + w.corners[n] * kMoves);
    __builtin_prefetch(t_.slice_move + w.slice[n] * kMoves);
}

// One turn of walker w at near-graph node n: finds the next move that stays within reach of the
// phase-2 group and goes down (a phase-1 solution when it reaches it), or goes back up when none is left.
bool Search::step_near(Walker &w, int n) {
    Frame &f = w.frame[n];
    if (!f.ready) {
        // Successors must be within togo - 1 moves of the group: all when the node has moves to
        // spare, only the as-close and closer ones with one, only the closer ones with none.
        const uint64_t moves = t_.near_moves[f.near];
        const int spare = f.togo - NearMoves::distance(moves);
        uint32_t ok = NearMoves::group(moves, 0);
        if (spare >= 1) ok |= NearMoves::group(moves, 1);
        if (spare >= 2) ok |= NearMoves::group(moves, 2);
        f.near_left = ok & allowed_moves(w, n, f.near == 0, f.togo);
        f.ready = true;
    }
    const uint32_t *succ = t_.near_succ + f.near * kMoves;
    while (f.near_left) {
        const int m = __builtin_ctz(f.near_left);
        f.near_left &= f.near_left - 1;
        const int co = t_.corners_move[w.corners[n] * kMoves + m], sl = t_.slice_move[w.slice[n] * kMoves + m];
        if (f.togo == 1 && t_.cornslice_depth[co * 24 + sl] > best_len_ - 2 - n) continue;
        w.moves1[n] = static_cast<uint8_t>(m);
        w.corners[n + 1] = co, w.slice[n + 1] = sl;
        w.u_edges[n + 1] = t_.u_edges_move[w.u_edges[n] * kMoves + m];
        w.d_edges[n + 1] = t_.d_edges_move[w.d_edges[n] * kMoves + m];
        if (f.togo == 1) return enter_phase2(w, n + 1);
        expand_near(w, n + 1, f.togo - 1, NearSucc::node(succ[m]));
        w.top = n + 1;
        return false;
    }
    --w.top;
    return false;
}

// A phase-1 solution of n moves: the cheap corner-slice check now; if it passes, the phase-2
// table entry is fetched and the walker's next turn goes on in finish_phase2 (n = 0: at once).
bool Search::enter_phase2(Walker &w, int n) {
    int limit = best_len_ - 1 - n;
    if (limit > kMaxPhase2) limit = kMaxPhase2;
    if (limit < 0) return false;
    int cs = t_.cornslice_depth[w.corners[n] * 24 + w.slice[n]];
    if (cs > limit) return false;
    Walker::Leaf &leaf = w.leaf;
    leaf.n = n, leaf.lower = cs;
    leaf.ud = t_.ud_from_u_d[w.u_edges[n] * 24 + w.d_edges[n] % 24];
    leaf.idx = t_.phase2_index(w.corners[n], leaf.ud);
    __builtin_prefetch(t_.prune2 + (leaf.idx >> 1));
    leaf.active = true;
    return n == 0 && finish_phase2(w);
}

bool Search::finish_phase2(Walker &w) {
    Walker::Leaf &leaf = w.leaf;
    leaf.active = false;
    const int n = leaf.n, corners = w.corners[n], slice = w.slice[n];
    int limit = best_len_ - 1 - n;
    if (limit > kMaxPhase2) limit = kMaxPhase2;
    int d2 = Tables::nibble(t_.prune2, leaf.idx);
    if (opt_.collect && opt_.collect_every_ending) {
        for (int togo = d2 > leaf.lower ? d2 : leaf.lower; togo <= limit; ++togo)
            if (every_phase2(w, n, 0, togo, corners, leaf.ud, slice)) return true;
        return stop_ != CUBE_OK;
    }
    for (int togo = d2 > leaf.lower ? d2 : leaf.lower; togo <= limit; ++togo) {
        if (phase2(w, n, 0, togo, corners, leaf.ud, slice)) {
            if (opt_.collect) return offer(w, n, togo);
            record(w, n, togo);
            return !opt_.min_effort;
        }
        if (stop_ != CUBE_OK) return true;
    }
    return false;
}

// Calls visit(c, e, s) for each phase-2 move from (corners, ud, slice) that the distance tables allow with
// `togo` moves left, the move written at w.moves2[n2]; true as soon as visit returns true.
template <class Visit>
bool Search::each_phase2_move(Walker &w, int n1, int n2, int togo, int corners, int ud, int slice, Visit visit) {
    int prev = n2 > 0 ? w.moves2[n2 - 1] : n1 > 0 ? w.moves1[n1 - 1] : -1;
    const int prev_face = prev >= 0 ? prev / 3 : -10;
    for (int m : kPhase2Moves) {
        int face = m / 3;
        if (face == prev_face || face == prev_face - 3) continue;
        int c1 = t_.corners_move[corners * kMoves + m];
        int s1 = t_.slice_move[slice * kMoves + m];
        if (t_.cornslice_depth[c1 * 24 + s1] >= togo) continue;
        int e1 = t_.ud_edges_move[ud * kMoves + m];
        if (t_.phase2_distance(c1, e1) >= togo) continue;
        w.moves2[n2] = static_cast<uint8_t>(m);
        if (visit(c1, e1, s1)) return true;
    }
    return false;
}

bool Search::phase2(Walker &w, int n1, int n2, int togo, int corners, int ud, int slice) {
    if (togo == 0) return corners == 0 && ud == 0 && slice == 0;
    if (out_of_time()) return false;
    return each_phase2_move(w, n1, n2, togo, corners, ud, slice,
                            [&](int c1, int e1, int s1) { return phase2(w, n1, n2 + 1, togo - 1, c1, e1, s1); });
}

// Offers every phase-2 ending of exactly `togo` moves to the collector; true when the search must stop.
bool Search::every_phase2(Walker &w, int n1, int n2, int togo, int corners, int ud, int slice) {
    if (togo == 0) return corners == 0 && ud == 0 && slice == 0 && offer(w, n1, n2);
    if (out_of_time()) return true;
    return each_phase2_move(w, n1, n2, togo, corners, ud, slice, [&](int c1, int e1, int s1) {
        return every_phase2(w, n1, n2 + 1, togo - 1, c1, e1, s1);
    });
}

// Records a solution as the best so far: later ones must be shorter.
void Search::record(const Walker &w, int n1, int n2) {
    moves_of(w, n1, n2, best_);
    best_len_ = n1 + n2;
    found_ = true;
}

// Passes a solution to the collector; true when the search must stop.
bool Search::offer(const Walker &w, int n1, int n2) {
    moves_of(w, n1, n2, offered_);
    found_ = true;
    if ((*opt_.collect)(offered_)) return false;
    collected_ = true;
    stop_ = CUBE_ERROR_CANCELLED;
    return true;
}

// Turns the variant's phase-1 + phase-2 moves into moves for the original cube.
void Search::moves_of(const Walker &w, int n1, int n2, MoveList &out) const {
    uint8_t seq[2 * kMaxDepth];
    int len = 0;
    for (int k = 0; k < n1; ++k) seq[len++] = w.moves1[k];
    for (int k = 0; k < n2; ++k) seq[len++] = w.moves2[k];
    const MoveBack &mb = move_back();
    out.clear();
    for (int k = 0; k < len; ++k) {
        int m = w.v->inv ? seq[len - 1 - k] : seq[k];
        if (w.v->inv) m = m / 3 * 3 + (2 - m % 3);  // inverse turn
        m = mb.m[w.v->rot][m];
        out.push_back(Move{static_cast<uint8_t>(m / 3), static_cast<uint8_t>(m % 3 + 1)});
    }
}

void Search::run(const CubieCube &cube, MoveList &out) {
    if (opt_.timeout_us > 0) {
        has_deadline_ = true;
        deadline_ = Clock::now() + std::chrono::microseconds(opt_.timeout_us);
    }
    const MoveBack &mb = move_back();
    int count = 0;
    CubieCube seen[kVariants];
    for (int inv = 0; inv < 2; ++inv)
        for (int rot = 0; rot < 3; ++rot) {
            CubieCube c = conjugate(cube, mb.rot[rot], mb.rot_inv[rot]);
            if (inv) c = c.inverse();
            bool dup = false;
            for (int k = 0; k < count; ++k) dup = dup || seen[k] == c;
            if (dup) continue;  // a symmetric cube: this variant repeats another one
            seen[count] = c;
            Variant &v = var_[count++];
            v.rot = rot, v.inv = inv;
            v.twist = twist_of(c), v.flip = flip_of(c), v.slice = four_edges_of(c, kSliceEdges);
            v.corners = corners_of(c), v.u_edges = four_edges_of(c, kUEdges), v.d_edges = four_edges_of(c, kDEdges);
            v.dist1 = t_.phase1_distance(v.flip, v.slice, v.twist);
            v.entry1 = t_.prune1[t_.phase1_index(v.flip, v.slice, v.twist)];
            v.sym1 = t_.phase1_sym(v.flip, v.slice);
        }
    best_len_ = (opt_.max_length < kLengthCap ? opt_.max_length : kLengthCap) + 1;
    bool stopped = false;
    // Phase-1 depth by depth; at each depth the variants' searches run interleaved.
    for (int depth = 0; depth < best_len_ && depth < kMaxDepth && !stopped; ++depth) {
        Walker *active[kVariants];
        int live = 0;
        for (int k = 0; k < count && !stopped; ++k) {
            const Variant &v = var_[k];
            if (v.dist1 > depth) continue;
            Walker &w = walker_[k];
            w.v = &v;
            w.twist[0] = v.twist, w.flip[0] = v.flip, w.slice[0] = v.slice;
            w.corners[0] = v.corners, w.u_edges[0] = v.u_edges, w.d_edges[0] = v.d_edges;
            w.top = -1;
            w.leaf.active = false;
            if (depth == 0) {
                stopped = enter_phase2(w, 0);
                continue;
            }
            if (depth <= kNearDepth) expand_near(w, 0, depth, t_.near_index(v.twist, v.flip, v.slice / 24));
            else expand(w, 0, depth, v.dist1, v.entry1, v.sym1);
            w.top = 0;
            active[live++] = &w;
        }
        while (live > 0 && !stopped && depth < best_len_) {
            for (int k = 0; k < live && !stopped; ++k) {
                stopped = step(*active[k]);
                if (active[k]->top < 0) active[k--] = active[--live];
            }
        }
    }
    if (opt_.collect && (collected_ || stop_ != CUBE_ERROR_CANCELLED)) {
        out.clear();  // the solutions went to the collector
        return;
    }
    if (found_ && stop_ != CUBE_ERROR_CANCELLED) {
        out = best_;
        return;
    }
    if (out_of_nodes_)
        throw Error(CUBE_ERROR_TIMEOUT, error_text("no solution of at most %d moves found within %llu search nodes",
                                                   opt_.max_length, static_cast<unsigned long long>(opt_.node_limit)));
    throw search_failure(stop_, opt_.max_length, kLengthCap, opt_.timeout_us, opt_.timeout_is_default);
}

}  // namespace

void solve(const Tables &tables, const CubieCube &start, const CubieCube &target, const Options &options,
           MoveList &out) {
    twophase::solve_between<Search>(tables, start, target, options, out, "two-phase");
}

}  // namespace lc::twophase
