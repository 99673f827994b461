// The compact two-phase search. Phase 1 runs IDA* on six variants of the cube (the three axes, and
// the inverse of each), depth by depth with the variants taking turns at each depth; every phase-1
// solution whose phase-2 bounds fit in the moves left starts an IDA* in phase 2. At the larger depths
// each variant is also tried after pre-moves (min2phase's pre-scramble): a few moves p, the last a
// quarter turn outside the phase-2 group, put before the variant (p * cube); a solution S of that
// is a solution S + p of the variant. They bring more phase-1 solutions of a given total length
// than a deeper phase 1 would for the same work; the search without them stays complete.
#include <algorithm>
#include <chrono>
#include <memory>
#include <stdexcept>

#include "compact3/tables.hpp"
#include "error.hpp"
#include "twophase/search_failure.hpp"
#include "twophase/solve_between.hpp"
#include "twophase/tables.hpp"

namespace lc::compact3 {
namespace {

using Clock = std::chrono::steady_clock;
using twophase::kPhase2Moves;

constexpr int kVariants = 6;
// The longest solution searched for (min_effort without a max_length): room for first_solution()'s
// phase 1 (rarely over 12 moves when a short phase 2 is wanted) and phase 2.
constexpr int kLengthCap = 30;
constexpr int kMaxDepth = kLengthCap + 1;
// No sequence of fewer moves than this leaves the phase-2 group on a move outside it and comes back
// (tests/compact3 checks it): phase 1 never needs to pass through the group so close to its end.
constexpr int kGroupReturn = 5;
// first_solution() tries phase 2 up to this many moves only: a long phase 2 costs more to find than a
// deeper phase 1 with a short one (bench_compact3 --effort: p99 of the first answer 6 ms at 11, 17 ms
// without a limit).
constexpr int kFirstPhase2 = 11;
// Pre-moves are tried only before a phase 1 of at least this many moves (shorter ones are cheap).
constexpr int kMinPhase1AfterPremoves = 7;
// The last pre-move (next to phase 2 in the solution): R, F, L or B. A turn inside the phase-2 group
// there changes nothing phase 1 sees, and R' is R followed by the phase-2 move R2.
constexpr uint32_t kLastPremoves = 1u << 3 | 1u << 6 | 1u << 12 | 1u << 15;

// The three axes: variant r is the cube turned by urf3^r; back[r][m] is the move of the cube that
// move m of variant r stands for.
struct Axes {
    CubieCube rot[3], rot_inv[3];
    uint8_t back[3][kMoves];
};

Axes make_axes() {
    const twophase::Symmetries &s = twophase::symmetries();
    Axes a;
    a.rot[0] = a.rot_inv[0] = CubieCube::solved();
    a.rot[1] = a.rot_inv[2] = s.urf3;
    a.rot[2] = a.rot_inv[1] = twophase::sym_multiply(s.urf3, s.urf3);
    for (int r = 0; r < 3; ++r)
        for (int m = 0; m < kMoves; ++m) {
            const CubieCube turn = twophase::conjugate(s.move_cube[m], a.rot_inv[r], a.rot[r]);
            const auto *found = std::find(s.move_cube.begin(), s.move_cube.end(), turn);
            if (found == s.move_cube.end()) throw std::logic_error("compact3: a turned move is not a face turn");
            a.back[r][m] = static_cast<uint8_t>(found - s.move_cube.begin());
        }
    return a;
}

const Axes &axes() {
    static const Axes a = make_axes();
    return a;
}

// follow[p + 1]: the moves (bit m) that may come after move p (-1: none), as twophase::may_follow says.
struct Follow {
    uint32_t mask[kMoves + 1];
    Follow() {
        for (int p = -1; p < kMoves; ++p) {
            mask[p + 1] = 0;
            for (int m = 0; m < kMoves; ++m)
                if (twophase::may_follow(p, m)) mask[p + 1] |= 1u << m;
        }
    }
};
const Follow kFollow;

struct Variant {
    int rot;   // the cube turned by urf3^rot
    bool inv;  // and then inverted
    CubieCube cube;
    int bound;  // lower bound of its phase-1 distance
};

class Search {
public:
    Search(const Tables &t, const twophase::Options &o) : t_(t), opt_(o) {}

    void run(const CubieCube &cube, MoveList &out);  // throws lc::Error when it ends without a solution

private:
    bool first_solution(const Variant *var, int count);
    bool with_premoves(const CubieCube &cube, int np, int depth);
    bool phase1(int n, int twist, int flip, int slice, int togo);
    bool enter_phase2(int n);
    bool phase2(int n1, int n2, int togo, int corner, int edge, int mperm);
    bool out_of_time();
    void record(int n1, int n2);

    const Tables &t_;
    const twophase::Options &opt_;
    Clock::time_point deadline_;
    bool has_deadline_ = false;
    cube_status stop_ = CUBE_OK;  // CUBE_ERROR_TIMEOUT / CUBE_ERROR_CANCELLED once the search must end
    uint32_t ticks_ = 0;

    const Variant *v_ = nullptr;
    uint8_t premoves_[kMaxDepth];  // premoves_[k]: the k-th pre-move put before the variant
    int np_ = 0;                   // how many the current phase 1 runs after
    uint8_t moves1_[kMaxDepth];  // phase-1 moves 0..17
    uint8_t moves2_[kMaxDepth];  // phase-2 moves 0..9
    CubieCube cubes_[kMaxDepth + 1];  // cubes_[k]: the variant after moves1_[0..k), up to k = valid_
    int valid_ = 0;
    int best_len_ = 0;  // solutions must be shorter than this
    MoveList best_;
    bool found_ = false;
    bool first_only_ = false;  // first_solution() runs: no pre-moves, and the first solution ends it
};

bool Search::out_of_time() {
    if (stop_ != CUBE_OK) return true;
    if ((++ticks_ & 255) != 0) return false;
    if (opt_.stop && opt_.stop->stopped()) stop_ = CUBE_ERROR_CANCELLED;
    else if (has_deadline_ && Clock::now() >= deadline_) stop_ = CUBE_ERROR_TIMEOUT;
    return stop_ != CUBE_OK;
}

// min_effort without a length limit: a first solution at once (phase 1 without pre-moves, depth by depth,
// then a phase 2 of at most kFirstPhase2 moves), before the search for shorter ones. True when the search
// must stop (time or cancel).
bool Search::first_solution(const Variant *var, int count) {
    first_only_ = true;
    for (int depth = 0; depth < best_len_ && !found_ && stop_ == CUBE_OK; ++depth)
        for (int k = 0; k < count && !found_ && stop_ == CUBE_OK; ++k) {
            v_ = &var[k];
            with_premoves(var[k].cube, 0, depth);
        }
    first_only_ = false;
    return stop_ != CUBE_OK;
}

// Phase 1 of depth - np moves from `cube`, the variant after np pre-moves; then the same after one
// more pre-move, while phase 1 keeps kMinPhase1AfterPremoves moves. True when the search must stop.
bool Search::with_premoves(const CubieCube &cube, int np, int depth) {
    const int depth1 = depth - np;
    if (np == 0 || (kLastPremoves >> premoves_[np - 1] & 1)) {
        const int twist = twophase::twist_of(cube), flip = twophase::flip_of(cube);
        const int slice = twophase::four_edges_of(cube, twophase::kSliceEdges) / 24;
        const int bound = np == 0 ? v_->bound : t_.phase1_bound(twist, flip, slice);
        if (bound <= depth1 && !(bound == 0 && depth1 > 0 && depth1 < kGroupReturn)) {
            np_ = np;
            cubes_[0] = cube;
            valid_ = 0;
            if (phase1(0, twist, flip, slice, depth1)) return true;
        }
    }
    if (first_only_ || depth1 - 1 < kMinPhase1AfterPremoves || out_of_time()) return stop_ != CUBE_OK;
    const twophase::Symmetries &sy = twophase::symmetries();
    for (int m = 0; m < kMoves; ++m) {
        // In the solution this pre-move comes just before the previous one.
        if (np > 0 && !twophase::may_follow(m, premoves_[np - 1])) continue;
        CubieCube next = sy.move_cube[m];
        next.multiply(cube);
        premoves_[np] = static_cast<uint8_t>(m);
        if (with_premoves(next, np + 1, depth)) return true;
    }
    return false;
}

// Node n of phase 1 with exactly togo moves left; true when the search must stop.
bool Search::phase1(int n, int twist, int flip, int slice, int togo) {
    if (togo == 0) return enter_phase2(n);
    if (np_ + n + togo >= best_len_) return false;  // min_effort found something at least as short
    if (out_of_time()) return true;
    const int left = togo - 1;
    // All children first, without branches, so that their table lookups overlap; then the ones
    // whose bound fits in the moves left, in move order.
    struct Child {
        uint8_t m, bound;
        uint16_t twist, flip, slice;
    } child[kMoves];
    int count = 0;
    const uint16_t *twist_row = &t_.twist_move[twist * kMoves], *flip_row = &t_.flip_move[flip * kMoves];
    const uint16_t *slice_row = &t_.slice_move[slice * kMoves];
    for (uint32_t moves = kFollow.mask[n > 0 ? moves1_[n - 1] + 1 : 0]; moves; moves &= moves - 1) {
        const int m = __builtin_ctz(moves);
        child[count++] = Child{static_cast<uint8_t>(m), 0, twist_row[m], flip_row[m], slice_row[m]};
    }
    for (int k = 0; k < count; ++k) child[k].bound = static_cast<uint8_t>(t_.phase1_bound(child[k].twist, child[k].flip, child[k].slice));
    for (int k = 0; k < count; ++k) {
        const Child &c = child[k];
        if (c.bound > left || (c.bound == 0 && left > 0 && left < kGroupReturn)) continue;
        moves1_[n] = c.m;
        valid_ = std::min(valid_, n);
        if (phase1(n + 1, c.twist, c.flip, c.slice, left)) return true;
    }
    return false;
}

// A phase-1 solution of n moves: phase 2 from there, if its bounds fit in the moves left.
bool Search::enter_phase2(int n) {
    const int limit = std::min(first_only_ ? kFirstPhase2 : kLengthCap, best_len_ - 1 - np_ - n);
    if (limit < 0) return false;
    const twophase::Symmetries &sy = twophase::symmetries();
    for (; valid_ < n; ++valid_) {
        cubes_[valid_ + 1] = cubes_[valid_];
        cubes_[valid_ + 1].multiply(sy.move_cube[moves1_[valid_]]);
    }
    const CubieCube &c = cubes_[n];
    const int mperm = sub_rank(c.ep.data(), 8, 4);
    const int corner = t_.corner_sym[twophase::perm_rank(c.cp.data(), 8)];
    const int by_corners = t_.corner_mperm(corner, mperm);
    if (by_corners > limit) return false;
    const int edge = t_.edge_sym[twophase::perm_rank(c.ep.data(), 8)];
    for (int togo = std::max(by_corners, t_.edge_mperm(edge, mperm)); togo <= limit; ++togo) {
        if (phase2(n, 0, togo, corner, edge, mperm)) {
            record(n, togo);
            return !opt_.min_effort || first_only_;
        }
        if (stop_ != CUBE_OK) return true;
    }
    return false;
}

// Node n2 of phase 2 (after n1 phase-1 moves) with exactly togo moves left; true when solved.
bool Search::phase2(int n1, int n2, int togo, int corner, int edge, int mperm) {
    if (togo == 0) return true;  // both bounds are 0: solved
    if (out_of_time()) return false;
    const int prev = n2 > 0 ? kPhase2Moves[moves2_[n2 - 1]] : n1 > 0 ? moves1_[n1 - 1] : -1;
    // As in phase 1: every child's lookups first, then the children whose bounds fit.
    struct Child {
        uint8_t p, bound;
        uint16_t corner, edge, mperm;
    } child[kMoves2];
    int count = 0;
    for (int p = 0; p < kMoves2; ++p)
        if (twophase::may_follow(prev, kPhase2Moves[p])) child[count++].p = static_cast<uint8_t>(p);
    for (int k = 0; k < count; ++k) {
        Child &c = child[k];
        c.mperm = t_.mperm_move[mperm * kMoves2 + c.p];
        c.corner = static_cast<uint16_t>(t_.corner_after(corner, c.p));
        c.edge = static_cast<uint16_t>(t_.edge_after(edge, c.p));
        c.bound = static_cast<uint8_t>(std::max(t_.corner_mperm(c.corner, c.mperm), t_.edge_mperm(c.edge, c.mperm)));
    }
    for (int k = 0; k < count; ++k) {
        const Child &c = child[k];
        if (c.bound >= togo) continue;
        moves2_[n2] = c.p;
        if (phase2(n1, n2 + 1, togo - 1, c.corner, c.edge, c.mperm)) return true;
    }
    return false;
}

// Turns the variant's phase-1 + phase-2 moves into moves of the original cube.
void Search::record(int n1, int n2) {
    uint8_t seq[2 * kMaxDepth];
    int len = 0;
    for (int k = 0; k < n1; ++k) seq[len++] = moves1_[k];
    for (int k = 0; k < n2; ++k) seq[len++] = static_cast<uint8_t>(kPhase2Moves[moves2_[k]]);
    for (int k = np_ - 1; k >= 0; --k) seq[len++] = premoves_[k];
    const Axes &ax = axes();
    best_.clear();
    for (int k = 0; k < len; ++k) {
        int m = v_->inv ? seq[len - 1 - k] : seq[k];
        if (v_->inv) m = m / 3 * 3 + (2 - m % 3);  // inverse turn
        m = ax.back[v_->rot][m];
        // Turns of the same face side by side (only where pre-moves meet phase 2) become one, or none.
        if (!best_.empty() && best_.back().kind == m / 3) {
            const int amount = (best_.back().amount + m % 3 + 1) % 4;
            if (amount) best_.back().amount = static_cast<uint8_t>(amount);
            else best_.pop_back();
            continue;
        }
        best_.push_back(Move{static_cast<uint8_t>(m / 3), static_cast<uint8_t>(m % 3 + 1)});
    }
    best_len_ = static_cast<int>(best_.size());
    found_ = true;
}

void Search::run(const CubieCube &cube, MoveList &out) {
    if (opt_.timeout_us > 0) {
        has_deadline_ = true;
        deadline_ = Clock::now() + std::chrono::microseconds(opt_.timeout_us);
    }
    const Axes &ax = axes();
    Variant var[kVariants];
    int count = 0;
    for (int inv = 0; inv < 2; ++inv)
        for (int rot = 0; rot < 3; ++rot) {
            CubieCube c = twophase::conjugate(cube, ax.rot[rot], ax.rot_inv[rot]);
            if (inv) c = c.inverse();
            bool dup = false;
            for (int k = 0; k < count; ++k) dup = dup || var[k].cube == c;
            if (dup) continue;  // a symmetric cube: this variant repeats another one
            Variant &v = var[count++];
            v.rot = rot, v.inv = inv, v.cube = c;
            v.bound = t_.phase1_bound(twophase::twist_of(c), twophase::flip_of(c),
                                      twophase::four_edges_of(c, twophase::kSliceEdges) / 24);
        }
    best_len_ = std::min(opt_.max_length, kLengthCap) + 1;
    bool stopped = opt_.min_effort && opt_.max_length >= kLengthCap && first_solution(var, count);
    // Depth by depth (pre-moves and phase 1); at each depth the variants take turns.
    for (int depth = 0; depth < best_len_ && !stopped; ++depth)
        for (int k = 0; k < count && !stopped && depth < best_len_; ++k) {
            const Variant &v = var[k];
            v_ = &v;
            stopped = with_premoves(v.cube, 0, depth);
        }
    if (found_ && stop_ != CUBE_ERROR_CANCELLED) {
        out = best_;
        return;
    }
    throw twophase::search_failure(stop_, opt_.max_length, kLengthCap, opt_.timeout_us, opt_.timeout_is_default);
}

}  // namespace

void solve(const Tables &tables, const CubieCube &start, const CubieCube &target, const twophase::Options &options,
           MoveList &out) {
    twophase::solve_between<Search>(tables, start, target, options, out, "compact two-phase");
}

}  // namespace lc::compact3
